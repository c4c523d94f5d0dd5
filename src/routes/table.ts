import { flattenRoutes, routesFor, type RouteNode } from '../../contract/menu';
import { registryStore, type Registry } from '../resources/registry';

/**
 * The client's copy of the route tree, from the registry (built-ins and declared resources).
 * Live bindings: they are rebuilt when the registry changes, and every importer reads the
 * current tree. This module subscribes when it is first evaluated, before any component does,
 * so a component re-rendering on a registry change already sees the new tree.
 */
export let ROUTE_TREE: readonly RouteNode[] = routesFor(registryStore.get().resources);
export let LEAF_ROUTES: readonly RouteNode[] = flattenRoutes(ROUTE_TREE);

let builtFrom = registryStore.get().resources;
registryStore.subscribe(() => {
  const { resources } = registryStore.get();
  if (resources === builtFrom) return;
  builtFrom = resources;
  ROUTE_TREE = routesFor(resources);
  LEAF_ROUTES = flattenRoutes(ROUTE_TREE);
});

/** The route tree of a registry's resource list (the current tree when it is that list's). */
export function routeTreeOf(resources: Registry['resources']): readonly RouteNode[] {
  return resources === builtFrom ? ROUTE_TREE : routesFor(resources);
}

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
