import type { AccessControlProvider } from '@refinedev/core';
import type { Enforcer } from 'casbin';
import { ACTIONS, type Action } from '../../contract/resource';
import { getRole } from './session';

let enforcerPromise: Promise<Enforcer> | null = null;

/** The one enforcer of the page, built on first use (casbin stays out of the login bundle). */
export function sharedEnforcer(): Promise<Enforcer> {
  enforcerPromise ??= import('./access-enforcer').then((m) => m.loadEnforcer());
  return enforcerPromise;
}

/** refine's action names → the policy's. */
export function policyAction(action: string): Action | null {
  if (action === 'clone') return 'create';
  return (ACTIONS as readonly string[]).includes(action) ? (action as Action) : null;
}

export function createAccessControlProvider(
  enforcer: () => Promise<Enforcer> = sharedEnforcer,
  role: () => string | null = getRole,
): AccessControlProvider {
  let built: Promise<Enforcer> | null = null;
  const get = () => (built ??= enforcer());
  return {
    async can({ resource, action }) {
      const r = role();
      const a = policyAction(action);
      if (!r || !resource || !a) return { can: false };
      const allowed = await (await get()).enforce(r, resource, a);
      return allowed ? { can: true } : { can: false, reason: 'buttons.notAccessTitle' };
    },
    options: { buttons: { enableAccessControl: true, hideIfUnauthorized: true } },
  };
}
