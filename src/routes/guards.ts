import { mayOpen, type Policy } from '../../contract/access/decide';
import type { RouteNode } from '../../contract/menu';
import type { Role } from '../../contract/resource';
import type { ServerMenuItem } from '../settings/store';
import { HOME_PATH, isWindowPath, LEAF_ROUTES, LOGIN_PATH } from './table';

/** Where navigation is heading: the path, its query, and the route it matched (if any). */
export interface Target {
  path: string;
  search: string;
  route?: RouteNode;
}

export type Decision =
  | { kind: 'allow' }
  | { kind: 'redirect'; to: string; logout?: boolean }
  | { kind: 'notFound' }
  | { kind: 'fetchMenu' };

const ALLOW: Decision = { kind: 'allow' };

/** Routes open to anyone: the login page and the per-window routes (spec §4). */
export function isPublicPath(path: string): boolean {
  return path === LOGIN_PATH || isWindowPath(path);
}

/**
 * Navigation guard (spec §4): logged in proceeds; otherwise only public routes, and anything
 * else logs out and goes to login with `redirect` = the route's name (none for hidden routes),
 * carrying the target's query along.
 */
export function navigationGuard(target: Target, loggedIn: boolean): Decision {
  if (loggedIn || isPublicPath(target.path)) return ALLOW;
  const params = new URLSearchParams(target.search);
  params.delete('redirect');
  const query = new URLSearchParams();
  if (target.route && !target.route.hidden) {
    query.set('redirect', target.route.name);
    params.forEach((v, k) => query.set(k, v));
  }
  const q = query.toString();
  return { kind: 'redirect', to: q ? `${LOGIN_PATH}?${q}` : LOGIN_PATH, logout: true };
}

function menuNames(items: readonly ServerMenuItem[]): Set<string> {
  const names = new Set<string>();
  const walk = (list: readonly ServerMenuItem[]) =>
    list.forEach((i) => {
      names.add(i.name);
      walk(i.children ?? []);
    });
  walk(items);
  return names;
}

/** The first route a role may open (menu order), for redirecting a denied navigation. */
export function firstPermittedPath(
  role: Role,
  policy: Policy,
  routes: readonly RouteNode[] = LEAF_ROUTES,
): string | null {
  const first = routes.find((r) => !r.hidden && !r.external && mayOpen(policy, role, r));
  return first?.path ?? null;
}

export interface PermissionContext {
  role: Role;
  /** What the API allows; with the route's roles it decides (contract/access mayOpen). */
  policy: Policy;
  menuFromServer: boolean;
  serverMenu: readonly ServerMenuItem[];
}

/**
 * Permission guard (spec §4). Targets without a route (not-found, login, window) pass. With the
 * menu from the server, the menu is fetched when empty and the target must be in it; otherwise
 * the one access answer decides (route roles and policy), and a denied route sends the user to the first permitted one.
 */
export function permissionGuard(target: Target, ctx: PermissionContext): Decision {
  const route = target.route;
  if (!route || isPublicPath(target.path)) return ALLOW;
  if (ctx.menuFromServer) {
    if (ctx.serverMenu.length === 0) return { kind: 'fetchMenu' };
    return menuNames(ctx.serverMenu).has(route.name) ? ALLOW : { kind: 'notFound' };
  }
  if (mayOpen(ctx.policy, ctx.role, route)) return ALLOW;
  const first = firstPermittedPath(ctx.role, ctx.policy);
  if (first && first !== target.path) return { kind: 'redirect', to: first };
  return { kind: 'notFound' };
}

export { HOME_PATH };
