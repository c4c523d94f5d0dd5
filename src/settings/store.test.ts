import { afterEach, describe, expect, it } from 'vitest';
import { createStore } from '../stores/create-store';
import { DEFAULT_SETTINGS, patchSettings, settingsStore, type AppSettings } from './store';

const KEY = 'app-settings';

afterEach(() => settingsStore.reset());

describe('settings defaults (spec §3)', () => {
  it('are exactly the spec’s values', () => {
    expect(DEFAULT_SETTINGS).toEqual({
      theme: 'light',
      colorWeak: false,
      navbar: true,
      menu: true,
      topMenu: false,
      hideMenu: false,
      menuCollapse: false,
      footer: true,
      themeColor: '#165DFF',
      menuWidth: 220,
      globalSettings: false,
      device: 'desktop',
      tabBar: false,
      menuFromServer: false,
      serverMenu: [],
    });
  });

  it('are what the store starts with when nothing is stored', () => {
    expect(settingsStore.get()).toEqual(DEFAULT_SETTINGS);
  });
});

describe('patchSettings (spec §4)', () => {
  it('patches several settings at once and keeps the others', () => {
    patchSettings({ theme: 'dark', menuWidth: 300, tabBar: true });
    expect(settingsStore.get()).toEqual({
      ...DEFAULT_SETTINGS,
      theme: 'dark',
      menuWidth: 300,
      tabBar: true,
    });
  });

  it("persists the whole settings object under 'app-settings'", () => {
    patchSettings({ colorWeak: true, device: 'mobile' });
    const stored = JSON.parse(localStorage.getItem(KEY) ?? 'null') as AppSettings;
    expect(stored).toEqual({ ...DEFAULT_SETTINGS, colorWeak: true, device: 'mobile' });
  });

  it('notifies subscribers', () => {
    let calls = 0;
    const off = settingsStore.subscribe(() => calls++);
    patchSettings({ footer: false });
    off();
    patchSettings({ footer: true });
    expect(calls).toBe(1);
  });

  it('does not mutate the defaults', () => {
    patchSettings({ theme: 'dark', serverMenu: [{ name: 'a', path: '/a', locale: 'a' }] });
    expect(DEFAULT_SETTINGS.theme).toBe('light');
    expect(DEFAULT_SETTINGS.serverMenu).toEqual([]);
  });
});

describe('settings restored from storage', () => {
  it('a new store under the same key gets the patched values back', () => {
    patchSettings({ theme: 'dark', menuCollapse: true, themeColor: '#000000' });
    const reopened = createStore<AppSettings>(DEFAULT_SETTINGS, { key: KEY });
    expect(reopened.get()).toEqual({
      ...DEFAULT_SETTINGS,
      theme: 'dark',
      menuCollapse: true,
      themeColor: '#000000',
    });
  });

  it('fills keys missing from storage with their defaults', () => {
    localStorage.setItem(KEY, JSON.stringify({ theme: 'dark', menuWidth: 180 }));
    const reopened = createStore<AppSettings>(DEFAULT_SETTINGS, { key: KEY });
    expect(reopened.get()).toEqual({ ...DEFAULT_SETTINGS, theme: 'dark', menuWidth: 180 });
  });

  it('falls back to the defaults when storage holds garbage', () => {
    localStorage.setItem(KEY, '{not json');
    expect(createStore<AppSettings>(DEFAULT_SETTINGS, { key: KEY }).get()).toEqual(
      DEFAULT_SETTINGS,
    );
  });

  it('reset goes back to the defaults and forgets the stored copy', () => {
    patchSettings({ theme: 'dark' });
    settingsStore.reset();
    expect(settingsStore.get()).toEqual(DEFAULT_SETTINGS);
    expect(localStorage.getItem(KEY)).toBeNull();
  });
});
