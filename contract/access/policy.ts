import type { ResourceDef } from '../resource';

/** casbin policy lines (CSV) built from the resources' declared permissions. */
export function buildPolicy(resources: readonly ResourceDef[]): string {
  const lines: string[] = [];
  for (const r of resources) {
    for (const [role, actions] of Object.entries(r.permissions)) {
      for (const action of actions ?? []) lines.push(`p, ${role}, ${r.name}, ${action}`);
    }
  }
  return lines.join('\n');
}

/** The same rules as arrays (role, resource, action), for a running enforcer's addPolicies. */
export function policyRules(resources: readonly ResourceDef[]): string[][] {
  return resources.flatMap((r) =>
    Object.entries(r.permissions).flatMap(([role, actions]) =>
      (actions ?? []).map((action) => [role, r.name, action]),
    ),
  );
}
