import { STORAGE_KEYS } from '../providers/session';
import { createStore } from './create-store';

/** One open page in the tab bar (spec §3). `title` is a locale key. */
export interface TabEntry {
  title: string;
  name: string;
  fullPath: string;
  query: Record<string, string>;
  ignoreCache: boolean;
}

// Session storage: a reload keeps the open tabs, a new browser window starts clean.
export const tabsStore = createStore<TabEntry[]>([], {
  key: STORAGE_KEYS.tabs,
  storage: () => sessionStorage,
});
