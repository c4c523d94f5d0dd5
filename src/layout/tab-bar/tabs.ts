import type { RouteNode } from '../../../contract/menu';
import type { TabEntry } from '../../stores/tabs';
import { HOME_PATH, HOME_ROUTE, routeByName } from '../../routes/table';

export function tabFor(route: RouteNode, fullPath: string): TabEntry {
  const q = fullPath.indexOf('?');
  const query = Object.fromEntries(new URLSearchParams(q >= 0 ? fullPath.slice(q + 1) : ''));
  return {
    title: route.locale,
    name: route.name,
    fullPath,
    query,
    ignoreCache: route.ignoreCache ?? false,
  };
}

function homeTab(): TabEntry {
  const home = routeByName(HOME_ROUTE);
  return home
    ? tabFor(home, HOME_PATH)
    : {
        title: 'menu.dashboard.workplace',
        name: HOME_ROUTE,
        fullPath: HOME_PATH,
        query: {},
        ignoreCache: false,
      };
}

/** The workplace tab is always first and always there. */
function withHome(tabs: readonly TabEntry[]): TabEntry[] {
  const home = tabs.find((t) => t.name === HOME_ROUTE) ?? homeTab();
  return [home, ...tabs.filter((t) => t.name !== HOME_ROUTE)];
}

/**
 * Opens (or refreshes) the tab of a route. One tab per route: moving within it (paging, another
 * id on a detail page) updates its path instead of opening another.
 */
export function openTab(tabs: readonly TabEntry[], route: RouteNode, fullPath: string): TabEntry[] {
  const entry = tabFor(route, fullPath);
  const i = tabs.findIndex((t) => t.name === route.name);
  if (i >= 0) {
    if (tabs[i]!.fullPath === fullPath) return withHome(tabs);
    const next = [...tabs];
    next[i] = entry;
    return withHome(next);
  }
  return withHome([...tabs, entry]);
}

/**
 * A page giving way to another (a create form to the record it made): the new page's tab takes
 * the old one's place, so no tab leads back to the page that is gone.
 */
export function replaceTab(
  tabs: readonly TabEntry[],
  fromName: string,
  route: RouteNode,
  fullPath: string,
): TabEntry[] {
  const i = tabs.findIndex((t) => t.name === fromName);
  if (i < 0 || fromName === route.name || fromName === HOME_ROUTE) {
    return openTab(tabs, route, fullPath);
  }
  const entry = tabFor(route, fullPath);
  return withHome(tabs.flatMap((t, j) => (j === i ? [entry] : t.name === route.name ? [] : [t])));
}

export type CloseAction = 'close' | 'left' | 'right' | 'others' | 'all';

/** What the context menu's close actions leave; the workplace tab is never closed. */
export function closeTabs(
  tabs: readonly TabEntry[],
  name: string,
  action: CloseAction,
): TabEntry[] {
  const list = withHome(tabs);
  const i = list.findIndex((t) => t.name === name);
  const keep = (t: TabEntry, j: number): boolean => {
    if (t.name === HOME_ROUTE) return true;
    switch (action) {
      case 'close':
        return t.name !== name;
      case 'left':
        return i < 0 || j >= i;
      case 'right':
        return i < 0 || j <= i;
      case 'others':
        return t.name === name;
      case 'all':
        return false;
    }
  };
  return list.filter(keep);
}

/** Where to go after closing: stay if the active tab survived, else its left neighbour. */
export function nextActive(
  before: readonly TabEntry[],
  after: readonly TabEntry[],
  activeName: string,
): TabEntry | undefined {
  if (after.some((t) => t.name === activeName)) return undefined;
  const i = before.findIndex((t) => t.name === activeName);
  for (let j = Math.min(i, before.length) - 1; j >= 0; j--) {
    const candidate = after.find((t) => t.name === before[j]!.name);
    if (candidate) return candidate;
  }
  return after[after.length - 1];
}
