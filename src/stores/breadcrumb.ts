import { STORAGE_KEYS } from '../providers/session';
import { createStore } from './create-store';

/** Breadcrumb entry (spec §3): label is a locale key. */
export interface BreadcrumbEntry {
  label: string;
  path: string;
  query: Record<string, string>;
}

export const breadcrumbStore = createStore<BreadcrumbEntry[]>([], {
  key: STORAGE_KEYS.breadcrumbRoutes,
});
