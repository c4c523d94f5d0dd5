import type { Action, EndpointDef, Role, RouteRole } from '../resource';
import type { RouteNode } from '../route-node';

/**
 * What the API allows: role × resource × action, answered by the casbin policy built from the
 * declarations (see policyOf in ./index.ts). Synchronous so menus and guards can ask it.
 */
export type Policy = (role: Role, resource: string, action: Action) => boolean;

/** Spec §6 route roles: '*' is any logged-in role; no roles at all (a group) admits anyone. */
export function allowsRole(roles: readonly RouteRole[] | undefined, role: Role): boolean {
  return !roles || roles.includes('*') || roles.includes(role);
}

/**
 * The one access answer for screens: may `role` open `route`? Both the view's spec roles (what
 * the menu offers) and the policy for the view's action (what the API allows) must say yes, so
 * the console never offers a page whose data the API would then refuse.
 */
export function mayOpen(policy: Policy, role: Role, route: RouteNode): boolean {
  if (!allowsRole(route.roles, role)) return false;
  return !route.resource || !route.action || policy(role, route.resource, route.action);
}

/**
 * The one access answer for actions: may `role` take `action` on `resource` from the console?
 * The policy must allow it, and when the resource has pages for that action (show, create,
 * list) the role must be able to open one of them: an admin whose policy allows scene `show`
 * still gets no view button, because spec §2 gives scene detail to users only.
 */
export function mayDo(
  policy: Policy,
  role: Role,
  resource: string,
  action: Action,
  routes: readonly RouteNode[],
): boolean {
  if (!policy(role, resource, action)) return false;
  const pages = routes.filter((r) => r.resource === resource && r.view === action);
  return pages.length === 0 || pages.some((r) => mayOpen(policy, role, r));
}

/**
 * May `role` make a resource's extra call (e.g. approving)? As for its action (mayDo), and, when
 * the call names roles of its own, only those: the same two checks the server makes.
 */
export function mayCall(
  policy: Policy,
  role: Role,
  resource: string,
  endpoint: Pick<EndpointDef, 'action' | 'roles'>,
  routes: readonly RouteNode[],
): boolean {
  return allowsRole(endpoint.roles, role) && mayDo(policy, role, resource, endpoint.action, routes);
}

/**
 * Views whose spec roles promise a role more than the policy grants for the view's action: the
 * route table and the policy disagree. The console would hide such a view (mayOpen), but the
 * declaration is wrong, so a test requires this list to be empty.
 */
export function disagreements(
  policy: Policy,
  routes: readonly RouteNode[],
  roles: readonly Role[],
): string[] {
  const out: string[] = [];
  for (const route of routes) {
    if (!route.resource || !route.action) continue;
    for (const role of roles) {
      if (allowsRole(route.roles, role) && !policy(role, route.resource, route.action)) {
        out.push(
          `${route.name}: ${role} may open it, but may not ${route.action} ${route.resource}`,
        );
      }
    }
  }
  return out;
}
