import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_SETTINGS, patchSettings, settingsStore } from '../../settings/store';
import { toggleSetting } from './SettingsDrawer';

const MENU = [{ name: 'scene.list', path: '/scene/list', locale: 'scene.menu.list' }];

afterEach(() => settingsStore.reset());

describe('toggleSetting (spec §4)', () => {
  it('turning menu-from-server on saves the flag and fetches the menu', async () => {
    const fetchMenu = vi.fn(() => {
      // The flag is already on when the fetch starts.
      expect(settingsStore.get().menuFromServer).toBe(true);
      patchSettings({ serverMenu: MENU });
      return Promise.resolve(true);
    });
    await toggleSetting('menuFromServer', true, fetchMenu);
    expect(fetchMenu).toHaveBeenCalledOnce();
    expect(settingsStore.get()).toMatchObject({ menuFromServer: true, serverMenu: MENU });
  });

  it('waits for the fetch before resolving', async () => {
    let done = false;
    await toggleSetting('menuFromServer', true, async () => {
      await new Promise((r) => setTimeout(r, 5));
      done = true;
    });
    expect(done).toBe(true);
  });

  it('turning menu-from-server off clears the server menu without fetching', async () => {
    patchSettings({ menuFromServer: true, serverMenu: MENU });
    const fetchMenu = vi.fn(() => Promise.resolve(true));
    await toggleSetting('menuFromServer', false, fetchMenu);
    expect(fetchMenu).not.toHaveBeenCalled();
    expect(settingsStore.get()).toMatchObject({ menuFromServer: false, serverMenu: [] });
  });

  it('turning the top menu on also un-collapses the menu', async () => {
    patchSettings({ menuCollapse: true });
    await toggleSetting('topMenu', true, vi.fn());
    expect(settingsStore.get()).toMatchObject({ topMenu: true, menuCollapse: false });
  });

  it('other switches only change themselves and never fetch', async () => {
    const fetchMenu = vi.fn(() => Promise.resolve(true));
    await toggleSetting('colorWeak', true, fetchMenu);
    await toggleSetting('footer', false, fetchMenu);
    expect(fetchMenu).not.toHaveBeenCalled();
    expect(settingsStore.get()).toEqual({ ...DEFAULT_SETTINGS, colorWeak: true, footer: false });
  });
});
