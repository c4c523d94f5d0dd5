import type { ReactNode } from 'react';
import type { RouteNode } from '../../contract/menu';
import type { ViewKind } from '../../contract/resource';
import { DEDICATED_PAGES } from '../resources/pages';
import { ViewProvider } from '../resources/view';
import { lazyPage, type LazyPage as Page } from './lazy-page';

/** Pages of spec §2 that show no resource. */
const OWN_PAGES: Readonly<Record<string, Page>> = {
  'dashboard.workplace': lazyPage(() => import('../pages/workplace/WorkplacePage')),
  'system.users': lazyPage(() => import('../pages/users/UsersPage')),
  'system.model-versions': lazyPage(() => import('../pages/model-versions/ModelVersionsPage')),
  'system.api-keys': lazyPage(() => import('../pages/api-keys/ApiKeysPage')),
  'system.resource-config': lazyPage(() => import('../pages/resource-config/ResourceConfigPage')),
  // The sample pages of spec §1 (hidden routes; the workplace links to them).
  'samples.content-analysis': lazyPage(
    () => import('../pages/samples/analysis/ContentAnalysisPage'),
  ),
  'samples.policy-list': lazyPage(() => import('../pages/samples/policy/PolicyListPage')),
  'samples.basic-profile': lazyPage(() => import('../pages/samples/profile/BasicProfilePage')),
  'samples.user-info': lazyPage(() => import('../pages/samples/user/UserInfoPage')),
  'samples.user-settings': lazyPage(() => import('../pages/samples/user/UserSettingsPage')),
  'samples.certification': lazyPage(() => import('../pages/samples/user/CertificationPage')),
};

/** The generic page of each kind of view; 'page' views have none (a dedicated one is required). */
const GENERIC: Partial<Record<ViewKind, Page>> = {
  list: lazyPage(() =>
    import('../components/resource/ResourceListPage').then((m) => ({
      default: () => <m.ResourceListPage />,
    })),
  ),
  show: lazyPage(() =>
    import('../components/resource/ResourceShowPage').then((m) => ({
      default: () => <m.ResourceShowPage />,
    })),
  ),
  create: lazyPage(() =>
    import('../components/resource/ResourceCreatePage').then((m) => ({
      default: m.ResourceCreatePage,
    })),
  ),
};

/** A route's view name: 'prompt.call-list' → 'call-list'. */
export function viewNameOf(route: RouteNode): string {
  return route.name.slice(route.name.indexOf('.') + 1);
}

/** The page a route renders, dedicated when its resource folder has one, else generic. */
export function pageFor(route: RouteNode): Page | undefined {
  if (!route.resource) return OWN_PAGES[route.name];
  return DEDICATED_PAGES[route.resource]?.[viewNameOf(route)] ?? GENERIC[route.view ?? 'page'];
}

/**
 * Fetches the code of a route's page ahead of a click (menu hover or focus, the shell's idle
 * time). Only the page's own chunks: its rows are fetched when it opens.
 */
export function preloadRoute(route: RouteNode): Promise<unknown> {
  return pageFor(route)?.preload() ?? Promise.resolve();
}

/**
 * What a route renders, inside its view context. Elements of module-level (lazy) components
 * only, so React sees the same component type on every render and keeps the page's state.
 */
export function pageElement(route: RouteNode): ReactNode {
  const Page = pageFor(route);
  if (!Page) return null;
  return route.resource ? (
    <ViewProvider route={route}>
      <Page />
    </ViewProvider>
  ) : (
    <Page />
  );
}
