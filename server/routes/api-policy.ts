import type { Enforcer } from 'casbin';
import type { FastifyInstance, preValidationAsyncHookHandler } from 'fastify';
import type { Action, Role } from '../../contract/resource';
import { requirePermission } from '../auth/access';
import type { AppContext } from '../context';

/**
 * Who may call the API groups that are not declared resources (the contract's policy covers only
 * those); their names are reserved, so no configured resource can take or remove these rules.
 */
export const API_PERMISSIONS = {
  user: { admin: ['list', 'show', 'create', 'edit'] },
  model: { admin: ['create', 'edit', 'delete'] },
  meta: { admin: ['list', 'show', 'create', 'edit', 'delete'] },
  // Revoking a key is its edit.
  'api-key': { admin: ['list', 'create', 'edit'] },
  // One's own model requests; the second group grants seeing everyone's.
  'debug-record': { user: ['list', 'show'], admin: ['list', 'show'] },
  'debug-record-all': { admin: ['list', 'show'] },
} as const satisfies Record<string, Partial<Record<Role, readonly Action[]>>>;

export type ApiGroup = keyof typeof API_PERMISSIONS;

/** The rules as casbin lines (role, group, action). */
export function apiPolicyRules(): string[][] {
  return Object.entries(API_PERMISSIONS).flatMap(([group, byRole]) =>
    Object.entries(byRole).flatMap(([role, actions]) =>
      (actions as readonly Action[]).map((action) => [role, group, action]),
    ),
  );
}

/** Adds the rules the enforcer lacks (addPolicies adds none when any one is there already). */
async function grant(enforcer: Enforcer): Promise<void> {
  const missing: string[][] = [];
  for (const rule of apiPolicyRules()) {
    if (!(await enforcer.hasPolicy(...rule))) missing.push(rule);
  }
  if (missing.length) await enforcer.addPolicies(missing);
}

const granting = new WeakSet<FastifyInstance>();

/**
 * Makes sure the rules are in the app's enforcer before it serves anything; any route module
 * may ask, the rules are added once per app.
 */
export function grantApiPermissions(app: FastifyInstance, enforcer: Enforcer): void {
  if (granting.has(app)) return;
  granting.add(app);
  app.addHook('onReady', () => grant(enforcer));
}

/** The preValidation pair of a call of `group`: the caller's session, then the policy. */
export function apiPermission(
  app: FastifyInstance,
  ctx: AppContext,
  group: ApiGroup,
  action: Action,
): { preValidation: preValidationAsyncHookHandler[] } {
  grantApiPermissions(app, ctx.enforcer);
  return { preValidation: [ctx.authenticate, requirePermission(ctx.enforcer, group, action)] };
}
