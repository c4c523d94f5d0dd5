import type { RouteNode } from '../../contract/menu';
import { createStore } from '../stores/create-store';
import { STORAGE_KEYS } from '../providers/session';

/** A server menu item: the contract's route node, as POST /api/user/menu answers it. */
export type ServerMenuItem = RouteNode;

/** App settings held in the client, with the defaults of spec §3. */
export interface AppSettings {
  theme: 'light' | 'dark';
  colorWeak: boolean;
  navbar: boolean;
  menu: boolean;
  topMenu: boolean;
  hideMenu: boolean;
  menuCollapse: boolean;
  footer: boolean;
  themeColor: string;
  menuWidth: number;
  globalSettings: boolean;
  device: 'desktop' | 'mobile';
  tabBar: boolean;
  menuFromServer: boolean;
  serverMenu: ServerMenuItem[];
}

export const DEFAULT_SETTINGS: AppSettings = {
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
};

export const settingsStore = createStore<AppSettings>(DEFAULT_SETTINGS, {
  key: STORAGE_KEYS.settings,
});

/** Patches settings in bulk (spec §4). */
export function patchSettings(patch: Partial<AppSettings>): void {
  settingsStore.set((prev) => ({ ...prev, ...patch }));
}
