import { createContext, useCallback, useContext, type ReactNode } from 'react';
import { mayCall, mayDo, mayOpen } from '../../contract/access/decide';
import type { RouteNode } from '../../contract/menu';
import type { Action, ResourceDef, ViewKind } from '../../contract/resource';
import { resourceByName } from './registry';
import { usePolicy } from '../providers/access-control';
import { LEAF_ROUTES, siblingOf } from '../routes/table';
import { useStore } from '../stores/create-store';
import { roleStore } from '../stores/role';

interface ViewContextValue {
  route: RouteNode;
  def: ResourceDef | undefined;
  routes: readonly RouteNode[];
}

const ViewContext = createContext<ViewContextValue | null>(null);

/**
 * Gives a page the route it renders; dedicated pages learn their paths and scope from it. The
 * declaration and the route table default to the contract's (tests pass fixtures).
 */
export function ViewProvider({
  route,
  def = route.resource ? resourceByName(route.resource) : undefined,
  routes = LEAF_ROUTES,
  children,
}: {
  route: RouteNode;
  def?: ResourceDef;
  routes?: readonly RouteNode[];
  children: ReactNode;
}) {
  return <ViewContext.Provider value={{ route, def, routes }}>{children}</ViewContext.Provider>;
}

/**
 * The one access answer (contract/access) for the current role, as a component sees it:
 * `canOpen` for pages, `canDo` for actions, `canCall` for a resource's extra calls. Menu, guards
 * and refine's buttons ask the same.
 */
export function useAccess() {
  const policy = usePolicy();
  const role = useStore(roleStore);
  const routes = useContext(ViewContext)?.routes ?? LEAF_ROUTES;
  const canOpen = useCallback(
    (route: RouteNode | undefined) => !!(route && policy && role && mayOpen(policy, role, route)),
    [policy, role],
  );
  const canDo = useCallback(
    (resource: string, action: Action) =>
      !!(policy && role && mayDo(policy, role, resource, action, routes)),
    [policy, role, routes],
  );
  const canCall = useCallback(
    (def: ResourceDef, name: string) => {
      const endpoint = def.endpoints?.[name];
      return !!(endpoint && policy && role && mayCall(policy, role, def.name, endpoint, routes));
    },
    [policy, role, routes],
  );
  return { canOpen, canDo, canCall };
}

export interface View {
  route: RouteNode;
  def: ResourceDef;
  /** The same resource and scope in another kind of page, when this role may open it. */
  pageOf(kind: ViewKind): RouteNode | undefined;
  /** The sibling page of a kind, whether or not this role may open it. */
  siblingOf(kind: ViewKind): RouteNode | undefined;
  /** May this role take `action` on the view's resource (policy and pages, see mayDo)? */
  can(action: Action): boolean;
  /** May this role make the resource's declared extra call `endpoint` (see mayCall)? */
  canCall(endpoint: string): boolean;
}

/** The resource view a page renders: its route, declaration, sibling pages and access. */
export function useView(): View {
  const view = useContext(ViewContext);
  const { canOpen, canDo, canCall } = useAccess();
  if (!view?.def) throw new Error('useView outside a resource view');
  const { route, def, routes } = view;
  return {
    route,
    def,
    pageOf: (kind) => {
      const page = siblingOf(route, kind, routes);
      return canOpen(page) ? page : undefined;
    },
    siblingOf: (kind) => siblingOf(route, kind, routes),
    can: (action) => canDo(def.name, action),
    canCall: (endpoint) => canCall(def, endpoint),
  };
}
