// First: casbin reaches for Node's Buffer while its modules evaluate. Static imports evaluate
// in order, so the global is there before casbin's; and being static, casbin's chunks are
// fetched together with this one (no second round trip after it, issue 12).
import './buffer-global';
import type { ResourceDef } from '../../contract/resource';
import { createAccessEnforcer, policyOf } from '../../contract/access';

/** The policy of a resource list (the registry's: built-ins and declared); the built-ins' by default. */
export async function loadPolicy(resources?: readonly ResourceDef[]) {
  return policyOf(await createAccessEnforcer(resources));
}
