// First: casbin reaches for Node's Buffer while its modules evaluate, and static imports run in
// order. Static also fetches casbin's chunks with this one, saving a round trip.
import './buffer-global';
import type { ResourceDef } from '../../contract/resource';
import { createAccessEnforcer, policyOf } from '../../contract/access';

/** The policy of a resource list (the registry's: built-ins and declared); the built-ins' by default. */
export async function loadPolicy(resources?: readonly ResourceDef[]) {
  return policyOf(await createAccessEnforcer(resources));
}
