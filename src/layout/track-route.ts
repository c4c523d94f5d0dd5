import { listenRouteChange } from '../routes/route-listener';
import { routeByName } from '../routes/table';
import { breadcrumbStore } from '../stores/breadcrumb';
import { tabsStore } from '../stores/tabs';
import { nextTrail } from './breadcrumb/trail';
import { openTab } from './tab-bar/tabs';

/** Keeps the tab bar and the stored breadcrumb in step with navigation. */
export function trackRoutes(): () => void {
  return listenRouteChange((change) => {
    const route = routeByName(change.name);
    // The redirect helper, not-found and debug pages have no route: no tab, no trail.
    if (!route) return;
    tabsStore.set((tabs) => openTab(tabs, route, change.fullPath));
    const query = Object.fromEntries(new URLSearchParams(change.search));
    breadcrumbStore.set((prev) =>
      nextTrail(prev, { label: route.locale, path: route.path, query }, route.hidden ?? false),
    );
  });
}
