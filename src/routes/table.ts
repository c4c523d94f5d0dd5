import { flattenRoutes, routesFor, type RouteNode } from '../../contract/menu';

/** The client's copy of the route tree, built once from the contract. */
export const ROUTE_TREE: readonly RouteNode[] = routesFor();
export const LEAF_ROUTES: readonly RouteNode[] = flattenRoutes(ROUTE_TREE);

export const HOME_ROUTE = 'dashboard.workplace';
export const HOME_PATH = '/dashboard/workplace';
export const LOGIN_PATH = '/login';
export const NOT_FOUND_NAME = 'notFound';

export function routeByName(name: string | null | undefined): RouteNode | undefined {
  return name ? LEAF_ROUTES.find((r) => r.name === name) : undefined;
}

export function routeByPath(path: string): RouteNode | undefined {
  const clean = path.length > 1 ? path.replace(/\/+$/, '') : path;
  return LEAF_ROUTES.find((r) => r.path === clean);
}

/** The route showing the same resource (and row scope) as `route` in another kind of view. */
export function siblingOf(
  route: RouteNode,
  view: NonNullable<RouteNode['view']>,
  routes: readonly RouteNode[] = LEAF_ROUTES,
): RouteNode | undefined {
  return routes.find(
    (r) =>
      r.resource === route.resource &&
      r.view === view &&
      (r.scope ?? null) === (route.scope ?? null) &&
      !r.external,
  );
}

/** The per-window detail route: 'win' + 32 alphanumerics (spec §2, §9). */
export const WINDOW_PATH_RE = /^\/win[A-Za-z0-9]{32}$/;
const ALPHANUMERIC = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

export function isWindowPath(path: string): boolean {
  return WINDOW_PATH_RE.test(path);
}

/** A new window route path, or the current one when it already is a window route. */
export function windowPath(currentPath: string, random: () => number = Math.random): string {
  if (isWindowPath(currentPath)) return currentPath;
  let id = 'win';
  for (let i = 0; i < 32; i++) id += ALPHANUMERIC[Math.floor(random() * ALPHANUMERIC.length)];
  return `/${id}`;
}
