import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { copyText } from './copy-text';
import { bindMessage } from './feedback';

const toasts: string[] = [];
let unbind: () => void;

beforeEach(() => {
  toasts.length = 0;
  const kind = (k: string) => (text: unknown) => {
    toasts.push(`${k}: ${String(text)}`);
    return Promise.resolve(true);
  };
  unbind = bindMessage({ success: kind('success'), error: kind('error') } as unknown as Parameters<
    typeof bindMessage
  >[0]);
});

afterEach(() => {
  unbind();
  vi.unstubAllGlobals();
});

describe('copyText', () => {
  it('writes the text and shows the success toast', async () => {
    const writeText = vi.fn(() => Promise.resolve());
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    expect(await copyText('{"a":1}', 'Copied', 'Refused')).toBe(true);
    expect(writeText).toHaveBeenCalledWith('{"a":1}');
    expect(toasts).toEqual(['success: Copied']);
  });

  it('shows the failure toast when the browser refuses', async () => {
    const writeText = () => Promise.reject(new Error('NotAllowedError'));
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    expect(await copyText('x', 'Copied', 'Refused')).toBe(false);
    expect(toasts).toEqual(['error: Refused']);
  });

  it('shows the failure toast where the page has no clipboard (plain HTTP)', async () => {
    vi.stubGlobal('navigator', { ...navigator, clipboard: undefined });
    expect(await copyText('x', 'Copied', 'Refused')).toBe(false);
    expect(toasts).toEqual(['error: Refused']);
  });
});
