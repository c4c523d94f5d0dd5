import { StyleProvider } from '@ant-design/cssinjs';
import { render } from '@testing-library/react';
import { Button } from 'antd';
import { describe, expect, it } from 'vitest';
import { createKeptStyleCache } from './style-cache';

describe('createKeptStyleCache', () => {
  it('keeps an entry whose last user let it go, with no users', () => {
    const cache = createKeptStyleCache();
    cache.opUpdate('style%button', () => [1, 'css']);
    cache.opUpdate('style%button', () => null);
    expect(cache.opGet('style%button')).toEqual([0, 'css']);
  });

  it("still drops what was never there, and a component's styles outlive its unmount", () => {
    const cache = createKeptStyleCache();
    cache.opUpdate('nothing', () => null);
    expect(cache.opGet('nothing')).toBeNull();
    const view = render(
      <StyleProvider cache={cache}>
        <Button>OK</Button>
      </StyleProvider>,
    );
    const mounted = [...cache.cache.keys()];
    expect(mounted.length).toBeGreaterThan(0);
    view.unmount();
    expect([...cache.cache.keys()]).toEqual(mounted);
    // Mounted again, the same generated styles are reused, not generated anew.
    const before = mounted.map((key) => cache.opGet(key)![1]);
    render(
      <StyleProvider cache={cache}>
        <Button>OK</Button>
      </StyleProvider>,
    );
    expect(mounted.map((key) => cache.opGet(key)![1])).toEqual(before);
  });
});
