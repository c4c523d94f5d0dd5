import type { MessageKey } from '../messages';
import {
  allFields,
  groupOf,
  snakeCase,
  SYSTEM_FIELDS,
  tableNameOf,
  type FieldDef,
  type ResourceDef,
} from '../resource';
import { configIssue, type ConfigIssue, type Params } from './issue';
import type { ResourceDeclaration } from './shape';
import { fieldDefOf } from './to-resource';

/** Whether two endpoint prefixes share a route: equal, or one is a path below the other. */
function prefixesOverlap(a: string, b: string): boolean {
  return a === b || a.startsWith(`${b}/`) || b.startsWith(`${a}/`);
}

interface Target {
  readonly fields: readonly FieldDef[];
  readonly enabled: boolean;
}

/**
 * Clashes with the built-in resources and between declarations, and references to unknown
 * resources or fields. Paths start at the file (`["resources", i, ...]`); a clash is reported
 * on the later of two declarations, and once per path.
 */
export function checkAgainstBuiltIns(
  decls: readonly ResourceDeclaration[],
  builtIns: readonly ResourceDef[],
): ConfigIssue[] {
  const issues = new Map<string, ConfigIssue>();
  const add = (path: (string | number)[], key: MessageKey, params: Params) => {
    const id = JSON.stringify(path);
    if (!issues.has(id)) issues.set(id, configIssue(path, key, params));
  };

  decls.forEach((decl, i) => {
    const at = (...keys: (string | number)[]) => ['resources', i, ...keys];
    const prefix = decl.prefix ?? decl.name;
    const prefixAt = decl.prefix ? at('prefix') : at('name');
    const group = decl.menu?.group ?? decl.name;
    const groupAt = decl.menu?.group ? at('menu', 'group') : at('name');

    const name = decl.name;
    for (const b of builtIns) {
      const builtIn = b.name;
      if (b.name === name) add(at('name'), 'declBuiltInName', { name });
      if (snakeCase(name) === tableNameOf(b)) {
        add(at('name'), 'declBuiltInTable', { table: snakeCase(name), builtIn });
      }
      if (prefixesOverlap(prefix, b.prefix)) {
        add(prefixAt, 'declBuiltInPrefix', { prefix, builtIn, builtInPrefix: b.prefix });
      }
      // Routes are `<group>.<view>` and their labels `<group>.menu.<view>`.
      if (group === groupOf(b) || group === b.name) {
        add(groupAt, 'declBuiltInGroup', { group, builtIn });
      }
    }

    decls.slice(0, i).forEach((other, j) => {
      const otherGroup = other.menu?.group ?? other.name;
      // Named by index here; a caller that knows better names it (registry.ts checkEntries).
      const ref = { other: `resources.${j}` };
      if (other.name === name) add(at('name'), 'declNameTwice', { name, ...ref });
      if (prefixesOverlap(prefix, other.prefix ?? other.name)) {
        add(prefixAt, 'declPrefixOverlap', { prefix, ...ref });
      }
      if (group === otherGroup || group === other.name) {
        add(groupAt, 'declGroupTaken', { group, ...ref });
      }
      if (name === otherGroup) add(at('name'), 'declNameIsGroup', { name, ...ref });
    });
  });

  const targets = new Map<string, Target>();
  for (const d of decls) {
    targets.set(d.name, {
      fields: [...SYSTEM_FIELDS, ...d.fields.map(fieldDefOf)],
      enabled: d.enabled,
    });
  }
  // A built-in wins a name clash (already reported above).
  for (const b of builtIns) targets.set(b.name, { fields: allFields(b), enabled: true });

  decls.forEach((decl, i) =>
    decl.fields.forEach((f, k) => {
      const ref = f.reference;
      if (!ref) return;
      const at = (key: string) => ['resources', i, 'fields', k, 'reference', key];
      const resource = ref.resource;
      const target = targets.get(resource);
      if (!target) return add(at('resource'), 'declNoSuchResource', { resource });
      if (!target.enabled) return add(at('resource'), 'declTargetDisabled', { resource });
      const field = (name: string) =>
        target.fields.find((t) => t.name === name && !t.derivedFrom && t.type !== 'secret');
      // Keys other than id are stored as strings (referenceKeyType), so they must be strings.
      const key = field(ref.key);
      if (ref.key !== 'id' && !(key?.unique && key.type === 'string')) {
        add(at('key'), 'declBadReferenceKey', { resource, field: ref.key });
      }
      // The label is answered as a string beside the key.
      const label = field(ref.label);
      if (!label || label.type === 'json' || label.type === 'tags') {
        add(at('label'), 'declBadReferenceLabel', { resource, field: ref.label });
      }
    }),
  );
  return [...issues.values()];
}
