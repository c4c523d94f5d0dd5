import {
  and,
  asc,
  Column,
  desc,
  eq,
  gte,
  ilike,
  is,
  isNull,
  lte,
  ne,
  or,
  sql,
  type SQL,
  type SQLWrapper,
} from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import {
  allFields,
  type FieldDef,
  type ResourceDef,
  type SortOrder,
} from '../../../contract/resource';
import type { PageQuery } from '../../../contract/resource-schema';
import { isFreeTags, normalizeTag } from '../../../contract/tags';
import { invalidField } from '../../http/app-error';

/**
 * What a field is read as: a table's column, or an expression (a configured resource's value in
 * its JSON document, server/resource-config/row-expressions.ts).
 */
export type FieldSql = PgColumn | SQL;
type Columns = Readonly<Record<string, FieldSql>>;

/** A column that encodes its values for the driver (a Date as ISO text); an expression does not. */
function encoderOf(field: FieldSql | undefined): Column | undefined {
  return field && is(field, Column) ? field : undefined;
}

/** A request's value as a statement parameter, encoded as `encoder`'s column encodes it. */
function param(value: unknown, encoder?: FieldSql): SQLWrapper {
  const column = encoderOf(encoder);
  return column ? sql.param(value, column) : sql.param(value);
}

/**
 * A LIMIT written into the statement's text: PostgreSQL re-plans a prepared statement whose
 * LIMIT is a parameter at every run. drizzle writes an SQL object given as the limit inline
 * (a number it would send as a parameter), hence the cast.
 */
export function constantLimit(n: number): number {
  if (!Number.isSafeInteger(n) || n < 0) throw new Error(`limit ${n} is not a row count`);
  return sql.raw(String(n)) as unknown as number;
}

/**
 * A declaration's constant (a soft-delete flag, a scope's or a shared row's value) written into
 * the text, not sent as a parameter: the planner matches a partial index (`… where is_del = 0`)
 * only against a constant, and a statement planned once for every request (a generic plan)
 * sees no parameter's value. Integers, booleans and plain text only; never a request's value.
 */
export function literal(value: unknown): SQL {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return sql.raw(String(value));
  if (typeof value === 'boolean') return sql.raw(String(value));
  if (typeof value === 'string' && /^[\w .:-]*$/.test(value)) return sql.raw(`'${value}'`);
  throw new Error(`not a declaration constant: ${JSON.stringify(value)}`);
}

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

/**
 * A tags filter: eq = has the label, ne = has not, in = has any of them. Free labels are
 * matched in their stored spelling, so `GPT` finds the rows tagged `gpt`.
 */
function tagsCondition(
  field: FieldDef,
  column: FieldSql,
  operator: string,
  value: unknown,
  at: string,
): SQL {
  const given = (Array.isArray(value) ? value : [value]).map(String);
  const labels = isFreeTags(field) ? given.map(normalizeTag) : given;
  const array = sql`${param(labels)}::text[]`;
  switch (operator) {
    case 'eq':
      return sql`${column} @> ${array}`;
    case 'ne':
      return sql`not (${column} @> ${array})`;
    case 'in':
      // An empty list matches nothing.
      return labels.length ? sql`${column} && ${array}` : sql`false`;
    default:
      throw invalidField(at, 'badFormat');
  }
}

/** The WHERE of a list query: live rows, filters and keyword, every request value a parameter. */
export function whereOf(
  def: ResourceDef,
  columns: Columns,
  query: Pick<PageQuery, 'filters' | 'keyword'>,
): SQL | undefined {
  const fields = new Map(allFields(def).map((f) => [f.name, f]));
  const parts: (SQL | undefined)[] = [];
  if (def.softDelete) parts.push(eq(columnOf(columns, def.softDelete), literal(0)));

  (query.filters ?? []).forEach((filter, i) => {
    const field = fields.get(filter.field);
    if (!field) throw invalidField(`filters.${i}.field`, 'unknownField', { field: filter.field });
    const column = columnOf(columns, field.name);
    const at = `filters.${i}.value`;
    const { operator, value } = filter;
    if (field.type === 'tags') {
      parts.push(tagsCondition(field, column, operator, value, at));
      return;
    }
    if (operator === 'in') {
      if (!Array.isArray(value)) throw invalidField(at, 'expectedType', { expected: 'array' });
      // One array parameter whatever the list's length, so one statement serves every length.
      const encode = (v: unknown) => {
        const s = scalar(field, v);
        const encoder = encoderOf(column);
        return encoder && s !== null ? encoder.mapToDriverValue(s) : s;
      };
      const values = value.map(encode);
      parts.push(values.length ? sql`${column} = any(${param(values)})` : sql`false`);
      return;
    }
    if (Array.isArray(value)) throw invalidField(at, 'expectedType', { expected: field.type });
    const v = () => param(scalar(field, value), column);
    switch (operator) {
      case 'eq':
        parts.push(eq(column, v()));
        break;
      case 'ne':
        // "not X" should include rows with no value at all, which plain <> would drop.
        parts.push(field.nullable ? or(ne(column, v()), isNull(column)) : ne(column, v()));
        break;
      case 'contains': {
        const pattern = likePattern(String(scalar(field, value)));
        parts.push(ilike(textOf(field, column), param(pattern)));
        break;
      }
      case 'gte':
        parts.push(gte(column, v()));
        break;
      case 'lte':
        parts.push(lte(column, v()));
        break;
    }
  });

  const keyword = query.keyword?.trim();
  if (keyword) {
    const searchable = allFields(def).filter((f) => f.search);
    if (searchable.length) {
      const pattern = param(likePattern(keyword));
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

/** How many values a row's sort key has (the length a cursor's key must have). */
export function keyLength(def: ResourceDef, columns: Columns, sorters: PageQuery['sorters']) {
  return sortKeys(def, columns, sorters).length;
}

/**
 * A row's sort key as one JSON array, selected with the page: a cursor is built from it. JSON
 * keeps a timestamp's microseconds, which a JavaScript Date would drop (and then a keyset
 * condition would skip or repeat rows within the same millisecond).
 */
export function keyOf(def: ResourceDef, columns: Columns, sorters: PageQuery['sorters']): SQL {
  const keys = sortKeys(def, columns, sorters);
  return sql`json_build_array(${sql.join(
    keys.map((k) => k.column),
    sql`, `,
  )})`;
}

/**
 * ORDER BY: the requested sorters (or the resource default), then id so pages are stable. Empty
 * values of a nullable field sort last either way (a plain DESC would put them first); columns
 * that cannot be NULL keep the plain order, which their B-tree index serves both ways.
 * `reverse` is the exact opposite order (for the page before a cursor, read backwards).
 */
export function orderOf(
  def: ResourceDef,
  columns: Columns,
  sorters: PageQuery['sorters'],
  reverse = false,
): SQL[] {
  return sortKeys(def, columns, sorters).map(({ field, column, order }) => {
    const descending = (order === 'desc') !== reverse;
    if (field.nullable) {
      const nulls = reverse ? sql.raw('nulls first') : sql.raw('nulls last');
      return descending ? sql`${column} desc ${nulls}` : sql`${column} asc ${nulls}`;
    }
    return descending ? desc(column) : asc(column);
  });
}

/**
 * Rows strictly after the row whose sort key is `key` in the order orderOf gives (or strictly
 * before it when `before`): keyset paging for cursors and export. For some key k, every earlier
 * key equals the row's and key k is past it. With NULLS LAST, the rows after a value are the
 * greater (or smaller) ones and the empty ones, and nothing is after an empty value; before an
 * empty value are all the non-empty ones. Values are sent as untyped parameters: PostgreSQL
 * types each from the column it is compared with (a timestamp keeps its microseconds).
 */
export function afterKey(
  def: ResourceDef,
  columns: Columns,
  sorters: PageQuery['sorters'],
  key: readonly unknown[],
  before = false,
): SQL {
  const keys = sortKeys(def, columns, sorters);
  if (key.length !== keys.length) throw new Error('sort key of the wrong length');
  const valueOf = (k: number) => param(key[k]);
  // The usual case (one direction, no empty values): a row comparison, which a B-tree index
  // on the sort columns walks directly; the OR form below makes the planner scan.
  const direction = keys[0]?.order;
  if (keys.every((k) => k.order === direction && !k.field.nullable)) {
    const cols = sql.join(
      keys.map((k) => sql`${k.column}`),
      sql`, `,
    );
    const vals = sql.join(
      keys.map((_, k) => valueOf(k)),
      sql`, `,
    );
    return (direction === 'desc') !== before
      ? sql`(${cols}) < (${vals})`
      : sql`(${cols}) > (${vals})`;
  }
  const branches: SQL[] = [];
  keys.forEach((k, i) => {
    const value = key[i];
    const empty = value === null || value === undefined;
    if (empty && !k.field.nullable) throw new Error(`sort key ${k.field.name} has no value`);
    const ties = keys
      .slice(0, i)
      .map((earlier, j) =>
        key[j] === null || key[j] === undefined
          ? isNull(earlier.column)
          : sql`${earlier.column} = ${valueOf(j)}`,
      );
    let past: SQL | undefined;
    if (empty) {
      past = before ? sql`${k.column} is not null` : undefined;
    } else {
      const greater = (k.order === 'desc') === before;
      const compare = greater ? sql`${k.column} > ${valueOf(i)}` : sql`${k.column} < ${valueOf(i)}`;
      past = k.field.nullable && !before ? (or(compare, isNull(k.column)) as SQL) : compare;
    }
    if (past) branches.push(and(...ties, past) as SQL);
  });
  return or(...branches) ?? sql`false`;
}
