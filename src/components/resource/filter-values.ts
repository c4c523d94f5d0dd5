import type { CrudFilter, CrudOperators, LogicalFilter } from '@refinedev/core';
import type { FieldDef } from '../../../contract/resource';
import { isFreeTags } from '../../../contract/tags';
import { referenceOf } from './field-format';

/** The control a declared filter gets on the list toolbar, or none. */
export type FilterControl =
  | { kind: 'enum'; field: FieldDef }
  | { kind: 'range'; field: FieldDef }
  | { kind: 'reference'; field: FieldDef }
  | { kind: 'text'; field: FieldDef; operator: 'eq' | 'contains' }
  | { kind: 'number'; field: FieldDef }
  | { kind: 'choices'; field: FieldDef }
  /** Free tags: one of the tags in use, picked (TagsSelect). */
  | { kind: 'tags'; field: FieldDef };

/** Which control a field's `filter` asks for; fields fixed by the route or the page get none. */
export function filterControlOf(field: FieldDef): FilterControl | undefined {
  if (!field.filter) return undefined;
  const type = field.type as string;
  if (field.optionsFrom) return { kind: 'choices', field };
  if (isFreeTags(field)) return { kind: 'tags', field };
  if (type === 'enum') return { kind: 'enum', field };
  if (type === 'reference') return referenceOf(field) ? { kind: 'reference', field } : undefined;
  if (field.filter === 'range') {
    return type === 'datetime' ? { kind: 'range', field } : undefined;
  }
  if (type === 'integer' || type === 'number') return { kind: 'number', field };
  if (type === 'string' || type === 'text' || type === 'url' || type === 'tags') {
    return { kind: 'text', field, operator: field.filter === 'contains' ? 'contains' : 'eq' };
  }
  return undefined;
}

function isNumericKey(field: FieldDef): boolean {
  const type = field.type as string;
  return (
    type === 'integer' ||
    type === 'number' ||
    (type === 'reference' && referenceOf(field)?.key === 'id')
  );
}

/**
 * A filter value as the declaration types it. Values read back from the URL are strings ("3",
 * "1", "true"); the server validates filter values by the field's type, so they are turned back
 * into numbers, enum options and booleans before any request.
 */
export function typedFilterValue(field: FieldDef | undefined, value: unknown): unknown {
  if (!field) return value;
  if (Array.isArray(value)) return value.map((v) => typedFilterValue(field, v));
  if (typeof value !== 'string') return value;
  if (field.type === 'enum') {
    return field.options?.find((o) => String(o) === value) ?? value;
  }
  if (isNumericKey(field)) return /^-?\d+$/.test(value.trim()) ? Number(value) : value;
  if (field.type === 'boolean') return value === 'true' ? true : value === 'false' ? false : value;
  return value;
}

/** The filters with every value typed (the same array when nothing needed it). */
export function typedFilters(filters: CrudFilter[], fields: readonly FieldDef[]): CrudFilter[] {
  const byName = new Map(fields.map((f) => [f.name, f]));
  let changed = false;
  const out = filters.map((f) => {
    if (!('field' in f)) return f;
    const value = typedFilterValue(byName.get(f.field), f.value);
    if (value === f.value) return f;
    if (Array.isArray(value) && Array.isArray(f.value)) {
      if (value.every((v, i) => v === (f.value as unknown[])[i])) return f;
    }
    changed = true;
    return { ...f, value } as LogicalFilter;
  });
  return changed ? out : filters;
}

/** The value of the filter on `field` with `operator` (any operator when none is named). */
export function filterValueOf(
  filters: CrudFilter[],
  field: string,
  operator?: CrudOperators,
): unknown {
  const found = filters.find(
    (f) => 'field' in f && f.field === field && (!operator || f.operator === operator),
  );
  return found?.value;
}
