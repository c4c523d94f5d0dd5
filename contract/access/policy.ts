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
