import { describe, expect, it } from 'vitest';
import { rememberScroll, scrollFor, TAB_SWITCH } from './scroll';

describe('tab scroll positions', () => {
  it('returns a tab to where it was left, only when the tab bar navigates', () => {
    Object.defineProperty(window, 'scrollY', { value: 640, configurable: true });
    rememberScroll('scene.list');
    expect(scrollFor('scene.list', TAB_SWITCH)).toBe(640);
    expect(scrollFor('scene.list', null)).toBe(0);
    expect(scrollFor('record.list', TAB_SWITCH)).toBe(0);
    expect(scrollFor(undefined, TAB_SWITCH)).toBe(0);
  });
});
