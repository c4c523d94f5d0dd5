import { describe, expect, it } from 'vitest';
import { isWindowPath } from '../../routes/table';
import { windowHref, windowLoginHref, windowOfRedirect } from './window-link';

const WIN = `/win${'A'.repeat(32)}`;

describe('windowHref', () => {
  it('names the page by route and carries its query', () => {
    const href = windowHref('record.detail', '?id=7', '/record/detail', () => 0);
    expect(href).toBe(`${WIN}?route=record.detail&id=7`);
    const url = new URL(href, 'http://x');
    expect(isWindowPath(url.pathname)).toBe(true);
  });

  it('a fresh window path each time from a page of the layout', () => {
    const a = windowHref('prompt.call-detail', '?id=1', '/prompt/call-detail');
    const b = windowHref('prompt.call-detail', '?id=1', '/prompt/call-detail');
    expect(a.split('?')[0]).not.toBe(b.split('?')[0]);
  });

  it('keeps the window path inside a window; a stray route in the query does not win', () => {
    expect(windowHref('model-evaluate.detail', 'id=3&route=scene.list', WIN)).toBe(
      `${WIN}?route=model-evaluate.detail&id=3`,
    );
  });
});

describe('windowLoginHref / windowOfRedirect', () => {
  it('sends the window, by id, and its query to login', () => {
    expect(windowLoginHref(WIN, '?route=record.detail&id=7&redirect=x')).toBe(
      `/login?redirect=${WIN.slice(1)}&route=record.detail&id=7`,
    );
  });

  it('reads back only a whole window id', () => {
    expect(windowOfRedirect(WIN.slice(1))).toBe(WIN);
    expect(windowOfRedirect(WIN)).toBeUndefined();
    expect(windowOfRedirect('record.list')).toBeUndefined();
    expect(windowOfRedirect('')).toBeUndefined();
    expect(windowOfRedirect(null)).toBeUndefined();
  });
});
