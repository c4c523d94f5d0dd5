import type { AccessControlProvider } from '@refinedev/core';
import { mayDo, type Policy } from '../../contract/access/decide';
import type { RouteNode } from '../../contract/menu';
import { ACTIONS, type Action, type ResourceDef, type Role } from '../../contract/resource';
import { registryStore } from '../resources/registry';
import { LEAF_ROUTES } from '../routes/table';
import { createStore, useStore } from '../stores/create-store';
import { getRole } from './session';

/**
 * The policy (what the API allows), once the casbin enforcer has loaded. casbin stays out of
 * the login bundle: the shell starts loading it and shows the progress bar until it is here.
 */
export const policyStore = createStore<Policy | null>(null);

let latest: { resources: readonly ResourceDef[]; policy: Promise<Policy> } | null = null;

/** The same declarations in the same order (the registry rebuilds its array on every answer). */
function sameList(a: readonly ResourceDef[], b: readonly ResourceDef[]): boolean {
  return a === b || (a.length === b.length && a.every((r, i) => r === b[i]));
}

/**
 * Loads the enforcer of a resource list (by default the registry's, built-ins plus declared
 * ones) and publishes it as the policy. One enforcer per list, built once: asking again for the
 * same list (the same declarations in the same order, as the registry answers when nothing was
 * declared) shares it, so the answer at login does not build a second enforcer. Only the latest
 * list's policy is published, so a slow build for an older list cannot replace a newer one.
 */
export function loadPolicy(
  resources: readonly ResourceDef[] = registryStore.get().resources,
): Promise<Policy> {
  if (latest && sameList(latest.resources, resources)) return latest.policy;
  const policy: Promise<Policy> = import('./access-enforcer')
    .then((m) => m.loadPolicy(resources))
    .then((built) => {
      if (latest?.policy === policy) policyStore.set(() => built);
      return built;
    });
  latest = { resources, policy };
  return policy;
}

export function usePolicy(): Policy | null {
  return useStore(policyStore);
}

/** refine's action names → the policy's. */
export function policyAction(action: string): Action | null {
  if (action === 'clone') return 'create';
  return (ACTIONS as readonly string[]).includes(action) ? (action as Action) : null;
}

/**
 * refine's access control, answered by contract/access `mayDo`: the same function the generic
 * pages' buttons, the menu and the guards ask, so refine's buttons offer nothing else.
 */
export function createAccessControlProvider(
  policy: () => Promise<Policy> = loadPolicy,
  role: () => string | null = getRole,
  // A getter: the route table grows and shrinks with the declared resources.
  routes: () => readonly RouteNode[] = () => LEAF_ROUTES,
): AccessControlProvider {
  return {
    async can({ resource, action }) {
      const r = role();
      const a = policyAction(action);
      if ((r !== 'user' && r !== 'admin') || !resource || !a) return { can: false };
      const allowed = mayDo(await policy(), r as Role, resource, a, routes());
      return allowed ? { can: true } : { can: false, reason: 'buttons.notAccessTitle' };
    },
    options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
  };
}
