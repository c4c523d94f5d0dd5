import {
  and,
  asc,
  desc,
  eq,
  gt,
  gte,
  ilike,
  inArray,
  isNull,
  lt,
  lte,
  ne,
  or,
  Column,
  is,
  sql,
  type SQL,
} from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  allFields,
  type FieldDef,
  type ResourceDef,
  type SortOrder,
} from '../../contract/resource';
import type { PageQuery } from '../../contract/resource-schema';
import { invalidField } from '../http/app-error';

/**
 * What a field is read as: a table's column, or an expression (a configured resource's value in
 * its JSON document, server/resource-config/row-expressions.ts).
 */
export type FieldSql = PgColumn | SQL;
type Columns = Readonly<Record<string, FieldSql>>;

/** `%` and `_` in user text are literal characters, not wildcards (backslash is PG's escape). */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * Typed as SQL for drizzle's operators, whose overloads take a column or an expression but not
 * the union; they tell the two apart at run time (a column still encodes its values).
 */
function columnOf(columns: Columns, field: string): SQL {
  const column = columns[field];
  if (!column) throw new Error(`no column for field ${field}`);
  return column as SQL;
}

function scalar(field: FieldDef, value: unknown): unknown {
  return field.type === 'datetime' && typeof value === 'string' ? new Date(value) : value;
}

function textOf(field: FieldDef, column: FieldSql): FieldSql {
  return field.type === 'string' || field.type === 'text' ? column : sql`${column}::text`;
}

/** A tags filter: eq = has the label, ne = has not, in = has any of them. */
function tagsCondition(column: FieldSql, operator: string, value: unknown, at: string): SQL {
  const labels = (Array.isArray(value) ? value : [value]).map(String);
  const array = sql`${sql.param(labels)}::text[]`;
  switch (operator) {
    case 'eq':
      return sql`${column} @> ${array}`;
    case 'ne':
      return sql`not (${column} @> ${array})`;
    case 'in':
      return labels.length ? sql`${column} && ${array}` : sql`false`;
    default:
      throw invalidField(at, 'badFormat');
  }
}

/** The WHERE of a list query: live rows, filters and keyword, all parameterised. */
export function whereOf(
  def: ResourceDef,
  columns: Columns,
  query: Pick<PageQuery, 'filters' | 'keyword'>,
): SQL | undefined {
  const fields = new Map(allFields(def).map((f) => [f.name, f]));
  const parts: (SQL | undefined)[] = [];
  if (def.softDelete) parts.push(eq(columnOf(columns, def.softDelete), 0));

  (query.filters ?? []).forEach((filter, i) => {
    const field = fields.get(filter.field);
    if (!field) throw invalidField(`filters.${i}.field`, 'unknownField', { field: filter.field });
    const column = columnOf(columns, field.name);
    const at = `filters.${i}.value`;
    const { operator, value } = filter;
    if (field.type === 'tags') {
      parts.push(tagsCondition(column, operator, value, at));
      return;
    }
    if (operator === 'in') {
      if (!Array.isArray(value)) throw invalidField(at, 'expectedType', { expected: 'array' });
      const values = value.map((v) => scalar(field, v));
      parts.push(values.length ? inArray(column, values) : sql`false`);
      return;
    }
    if (Array.isArray(value)) throw invalidField(at, 'expectedType', { expected: field.type });
    const v = scalar(field, value);
    switch (operator) {
      case 'eq':
        parts.push(eq(column, v));
        break;
      case 'ne':
        // "not X" should include rows with no value at all, which plain <> would drop.
        parts.push(field.nullable ? or(ne(column, v), isNull(column)) : ne(column, v));
        break;
      case 'contains':
        parts.push(ilike(textOf(field, column), likePattern(String(v))));
        break;
      case 'gte':
        parts.push(gte(column, v));
        break;
      case 'lte':
        parts.push(lte(column, v));
        break;
    }
  });

  const keyword = query.keyword?.trim();
  if (keyword) {
    const searchable = allFields(def).filter((f) => f.search);
    if (searchable.length) {
      const pattern = likePattern(keyword);
      parts.push(
        or(...searchable.map((f) => ilike(textOf(f, columnOf(columns, f.name)), pattern))),
      );
    }
  }
  return and(...parts);
}

interface SortKey {
  field: FieldDef;
  column: SQL;
  order: SortOrder;
}

/** The sort of a list: the requested sorters (or the resource default), then id. */
function sortKeys(def: ResourceDef, columns: Columns, sorters: PageQuery['sorters']): SortKey[] {
  const fields = new Map(allFields(def).map((f) => [f.name, f]));
  const requested: { field: string; order: SortOrder }[] = sorters?.length
    ? sorters
    : def.defaultSort
      ? [def.defaultSort]
      : [];
  const keys = requested.map((s) => ({
    field: fields.get(s.field) as FieldDef,
    column: columnOf(columns, s.field),
    order: s.order,
  }));
  if (!requested.some((s) => s.field === 'id')) {
    keys.push({
      field: fields.get('id') as FieldDef,
      column: columnOf(columns, 'id'),
      order: requested[0]?.order ?? 'asc',
    });
  }
  return keys;
}

/**
 * ORDER BY: the requested sorters (or the resource default), then id so pages are stable. Empty
 * values of a nullable field sort last either way (a plain DESC would put them first); columns
 * that cannot be NULL keep the plain order, which their B-tree index serves both ways.
 */
export function orderOf(def: ResourceDef, columns: Columns, sorters: PageQuery['sorters']): SQL[] {
  return sortKeys(def, columns, sorters).map(({ field, column, order }) => {
    if (field.nullable) {
      return order === 'desc' ? sql`${column} desc nulls last` : sql`${column} asc nulls last`;
    }
    return order === 'desc' ? desc(column) : asc(column);
  });
}

/**
 * Rows strictly after `last` in the order orderOf gives (keyset paging for export): for some
 * key k, every earlier key equals last's and key k is past it. With NULLS LAST, the rows past a
 * value are the greater (or smaller) ones and the empty ones; nothing is past an empty value.
 */
export function afterKey(
  def: ResourceDef,
  columns: Columns,
  sorters: PageQuery['sorters'],
  last: Record<string, unknown>,
): SQL {
  const keys = sortKeys(def, columns, sorters);
  // The usual case (one direction, no empty values): a row comparison, which a B-tree index
  // on the sort columns walks directly; the OR form below makes the planner scan.
  const direction = keys[0]?.order;
  if (keys.every((k) => k.order === direction && !k.field.nullable)) {
    const cols = sql.join(
      keys.map((k) => sql`${k.column}`),
      sql`, `,
    );
    const vals = sql.join(
      // A column encodes the value as it stores it (a Date); an expression takes it as given.
      keys.map((k) => {
        const value = last[k.field.name];
        return is(k.column, Column) ? sql`${sql.param(value, k.column)}` : sql`${sql.param(value)}`;
      }),
      sql`, `,
    );
    return direction === 'desc' ? sql`(${cols}) < (${vals})` : sql`(${cols}) > (${vals})`;
  }
  const branches: SQL[] = [];
  keys.forEach((key, k) => {
    const value = last[key.field.name];
    if (value === null || value === undefined) {
      if (!key.field.nullable) throw new Error(`sort key ${key.field.name} has no value`);
    } else {
      const past = key.order === 'desc' ? lt(key.column, value) : gt(key.column, value);
      const beyond = key.field.nullable ? or(past, isNull(key.column)) : past;
      const ties = keys.slice(0, k).map((earlier) => {
        const v = last[earlier.field.name];
        return v === null || v === undefined ? isNull(earlier.column) : eq(earlier.column, v);
      });
      branches.push(and(...ties, beyond) as SQL);
    }
  });
  return or(...branches) ?? sql`false`;
}
