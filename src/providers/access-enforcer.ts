import { Buffer } from 'buffer';
import type { ResourceDef } from '../../contract/resource';

// casbin reaches for Node's Buffer; it must exist before casbin's modules evaluate,
// which is why casbin is imported dynamically below rather than at the top.
(globalThis as { Buffer?: typeof Buffer }).Buffer ??= Buffer;

/** The policy of a resource list (the registry's: built-ins and declared); the built-ins' by default. */
export async function loadPolicy(resources?: readonly ResourceDef[]) {
  const { createAccessEnforcer, policyOf } = await import('../../contract/access');
  return policyOf(await createAccessEnforcer(resources));
}
