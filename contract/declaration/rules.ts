import type { MessageKey } from '../messages';
import { SYSTEM_FIELDS, type FieldType, type FilterKind } from '../resource';
import { valueSchema } from '../resource-schema';
import { configIssue, type ConfigIssue, type Params } from './issue';
import { DECLARED_FIELD_TYPES, referenceLabelName, type DeclaredFieldType } from './names';
import {
  DECIMAL_LIMIT,
  INT32,
  LENGTH_LIMIT,
  type DeclaredField,
  type ResourceDeclaration,
} from './shape';
import { fieldDefOf } from './to-resource';

const LENGTH_TYPES: ReadonlySet<DeclaredFieldType> = new Set(['string', 'text', 'url']);
/** Types whose column takes no default (resource-table.ts returns their column before it). */
const NO_DEFAULT_TYPES: ReadonlySet<DeclaredFieldType> = new Set([
  'datetime',
  'json',
  'tags',
  'reference',
]);
const UNSORTABLE_TYPES: ReadonlySet<FieldType> = new Set(['json', 'tags']);
/** Which types each filter kind makes sense for (server/resources/engine/query.ts applies them). */
const FILTER_TYPES: Record<FilterKind, ReadonlySet<DeclaredFieldType>> = {
  eq: new Set(DECLARED_FIELD_TYPES.filter((t) => t !== 'json')),
  contains: new Set(['string', 'text', 'url']),
  range: new Set(['integer', 'number', 'datetime']),
};

/** The rules one declaration must keep that span several keys; paths are the declaration's. */
export function declarationIssues(decl: ResourceDeclaration): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  const add = (path: (string | number)[], key: MessageKey, params?: Params) =>
    issues.push(configIssue(path, key, params));

  const actions = Object.values(decl.permissions).reduce((n, a) => n + (a?.length ?? 0), 0);
  if (actions === 0) add(['permissions'], 'declNoActions');

  const seen = new Set<string>();
  decl.fields.forEach((f, i) => {
    const at = (...keys: (string | number)[]) => ['fields', i, ...keys];
    const before = issues.length;
    if (seen.has(f.name)) add(at('name'), 'declFieldTwice', { field: f.name });
    seen.add(f.name);

    if (f.type === 'enum' && !f.options) add(at('options'), 'declEnumNeedsOptions');
    if (f.type !== 'enum' && f.options) add(at('options'), 'declOptionsNotEnum');
    const values = new Set<string | number>();
    f.options?.forEach((o, j) => {
      if (values.has(o.value))
        add(at('options', j, 'value'), 'declOptionTwice', { value: o.value });
      values.add(o.value);
      // The column is smallint or varchar (resource-table.ts): one type for all options.
      if (typeof o.value !== typeof f.options?.[0]?.value) {
        add(at('options', j, 'value'), 'declOptionTypesMixed');
      }
    });

    if (f.type === 'reference' && !f.reference) add(at('reference'), 'declReferenceNeedsTarget');
    if (f.type !== 'reference' && f.reference) add(at('reference'), 'declReferenceNotReference');
    if (f.reference?.resource === decl.name) {
      add(at('reference', 'resource'), 'declSelfReference');
    }

    if (f.sortable && UNSORTABLE_TYPES.has(f.type)) {
      add(at('sortable'), 'declUnsortable', { type: f.type });
    }
    if (f.filter && !FILTER_TYPES[f.filter].has(f.type)) {
      add(at('filter'), 'declBadFilter', { type: f.type, filter: f.filter });
    }

    boundsIssues(f).forEach((b) => add(at(...b.path), b.key, b.params));
    // The default is checked against the field as declared, so only once the rest holds.
    if (issues.length === before) {
      const problem = defaultProblem(f, decl.name);
      if (problem) add(at('default'), problem.key, problem.params);
    }
  });

  // defineResource refuses a reference label that clashes with a field.
  decl.fields.forEach((f, i) => {
    if (f.type === 'reference' && seen.has(referenceLabelName(f.name))) {
      add(['fields', i, 'name'], 'declLabelClash', { label: referenceLabelName(f.name) });
    }
  });

  if (decl.defaultSort) {
    const name = decl.defaultSort.field;
    const field =
      SYSTEM_FIELDS.find((f) => f.name === name) ?? decl.fields.find((f) => f.name === name);
    if (!field) add(['defaultSort', 'field'], 'declNoSuchField', { field: name });
    else if (UNSORTABLE_TYPES.has(field.type)) {
      add(['defaultSort', 'field'], 'declUnsortable', { type: field.type });
    }
  }
  return issues;
}

function boundsIssues(f: DeclaredField): ConfigIssue[] {
  const issues: ConfigIssue[] = [];
  for (const bound of ['min', 'max'] as const) {
    const v = f[bound];
    if (v === undefined) continue;
    const add = (key: MessageKey, params?: Params) =>
      issues.push(configIssue([bound], key, params));
    if (LENGTH_TYPES.has(f.type)) {
      if (!Number.isInteger(v) || v < 0 || v > LENGTH_LIMIT) {
        add('declLengthBound', { max: LENGTH_LIMIT });
      } else if (bound === 'max' && v < 1) {
        add('declMaxLengthZero');
      }
    } else if (f.type === 'integer') {
      if (!Number.isInteger(v) || v < INT32.min || v > INT32.max) add('declInt32');
    } else if (f.type === 'number') {
      if (Math.abs(v) > DECIMAL_LIMIT) add('declNumberBound', { limit: DECIMAL_LIMIT });
    } else {
      add('declBoundsNotApplicable');
    }
  }
  if (f.min !== undefined && f.max !== undefined && f.min > f.max) {
    issues.push(configIssue(['min'], 'declMinAboveMax', { min: f.min, max: f.max }));
  }
  return issues;
}

/** Why a field's default does not fit it (a key and its parameters), or undefined. */
function defaultProblem(
  f: DeclaredField,
  resource: string,
): { key: MessageKey; params?: Params } | undefined {
  const value = f.default;
  if (value === undefined) return undefined;
  if (value === null) return f.nullable ? undefined : { key: 'declNullDefault' };
  if (NO_DEFAULT_TYPES.has(f.type)) return { key: 'declNoDefault', params: { type: f.type } };
  // The machinery's own value schema: the default must be a value a create body could send.
  // (json fields never get here, so valueSchema's missing-shape error cannot occur.)
  const parsed = valueSchema(fieldDefOf(f), resource).safeParse(value);
  if (parsed.success && parsed.data === value) return undefined;
  const shown = JSON.stringify(value);
  return f.options
    ? {
        key: 'declDefaultNotOption',
        params: { value: shown, options: f.options.map((o) => JSON.stringify(o.value)).join(',') },
      }
    : { key: 'declDefaultMismatch', params: { value: shown, type: f.type } };
}
