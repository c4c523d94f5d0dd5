import { Buffer } from 'buffer';

// casbin reaches for Node's Buffer; it must exist before casbin's modules evaluate,
// which is why casbin is imported dynamically below rather than at the top.
(globalThis as { Buffer?: typeof Buffer }).Buffer ??= Buffer;

export async function loadPolicy() {
  const { createAccessEnforcer, policyOf } = await import('../../contract/access');
  return policyOf(await createAccessEnforcer());
}
