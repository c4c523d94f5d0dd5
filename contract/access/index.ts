import { newEnforcer, newModelFromString, StringAdapter, type Enforcer } from 'casbin';
import { RESOURCES } from '../resources';
import type { Action, ResourceDef } from '../resource';
import { ACCESS_MODEL } from './model';
import { buildPolicy } from './policy';
import type { Policy } from './decide';

export { ACCESS_MODEL } from './model';
export { buildPolicy, policyRules } from './policy';
export { allowsRole, mayCall, mayDo, mayOpen, type Policy } from './decide';

/** Builds the enforcer for a set of resources. Call once and keep it: it is not cheap. */
export async function createAccessEnforcer(
  resources: readonly ResourceDef[] = RESOURCES,
): Promise<Enforcer> {
  const enforcer = await newEnforcer(
    newModelFromString(ACCESS_MODEL),
    new StringAdapter(buildPolicy(resources)),
  );
  // Derived from declarations, never saved: rules added at run time (configured resources)
  // live in memory, which the string adapter could not store anyway.
  enforcer.enableAutoSave(false);
  return enforcer;
}

export async function can(
  enforcer: Enforcer,
  role: string,
  resource: string,
  action: Action,
): Promise<boolean> {
  return enforcer.enforce(role, resource, action);
}

/** The enforcer as the synchronous Policy that menus, guards and buttons ask. */
export function policyOf(enforcer: Enforcer): Policy {
  return (role, resource, action) => enforcer.enforceSync(role, resource, action);
}
