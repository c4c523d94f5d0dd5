import { afterEach, describe, expect, it } from 'vitest';
import { applyBodyEffects, deviceFor, impliedPatch, MOBILE_BREAKPOINT } from './effects';
import type { AppSettings } from './store';

afterEach(() => {
  document.body.removeAttribute('data-theme');
  document.body.style.filter = '';
});

describe('applyBodyEffects (spec §4)', () => {
  it('dark sets data-theme="dark" on the body; light removes it', () => {
    applyBodyEffects({ theme: 'dark', colorWeak: false });
    expect(document.body.getAttribute('data-theme')).toBe('dark');
    applyBodyEffects({ theme: 'light', colorWeak: false });
    expect(document.body.hasAttribute('data-theme')).toBe(false);
  });

  it("colour-weak sets the filter 'invert(80%)'; off removes it", () => {
    applyBodyEffects({ theme: 'light', colorWeak: true });
    expect(document.body.style.filter).toBe('invert(80%)');
    applyBodyEffects({ theme: 'light', colorWeak: false });
    expect(document.body.style.filter).toBe('');
  });

  it('sets both at once and can target another element', () => {
    const el = document.createElement('div');
    applyBodyEffects({ theme: 'dark', colorWeak: true }, el);
    expect(el.getAttribute('data-theme')).toBe('dark');
    expect(el.style.filter).toBe('invert(80%)');
    expect(document.body.hasAttribute('data-theme')).toBe(false);
  });
});

describe('impliedPatch', () => {
  it('turning the top menu on un-collapses the menu', () => {
    expect(impliedPatch('topMenu', true)).toEqual({ menuCollapse: false });
  });

  it('implies nothing otherwise', () => {
    expect(impliedPatch('topMenu', false)).toEqual({});
    const others: (keyof AppSettings)[] = ['menu', 'navbar', 'menuCollapse', 'colorWeak'];
    for (const k of others) expect(impliedPatch(k, true), k).toEqual({});
  });
});

describe('deviceFor', () => {
  it('is mobile below 992 px and desktop from 992 px', () => {
    expect(MOBILE_BREAKPOINT).toBe(992);
    expect(deviceFor(0)).toBe('mobile');
    expect(deviceFor(991)).toBe('mobile');
    expect(deviceFor(992)).toBe('desktop');
    expect(deviceFor(1920)).toBe('desktop');
  });
});
