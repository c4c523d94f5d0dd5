import {
  and,
  asc,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNull,
  lte,
  ne,
  or,
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

type Columns = Record<string, PgColumn>;

/** `%` and `_` in user text are literal characters, not wildcards (backslash is PG's escape). */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

function columnOf(columns: Columns, field: string): PgColumn {
  const column = columns[field];
  if (!column) throw new Error(`no column for field ${field}`);
  return column;
}

function scalar(field: FieldDef, value: unknown): unknown {
  return field.type === 'datetime' && typeof value === 'string' ? new Date(value) : value;
}

function textOf(field: FieldDef, column: PgColumn): PgColumn | SQL {
  return field.type === 'string' || field.type === 'text' ? column : sql`${column}::text`;
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

/** ORDER BY: the requested sorters (or the resource default), then id so pages are stable. */
export function orderOf(def: ResourceDef, columns: Columns, sorters: PageQuery['sorters']): SQL[] {
  const requested: { field: string; order: SortOrder }[] = sorters?.length
    ? sorters
    : def.defaultSort
      ? [def.defaultSort]
      : [];
  const order = requested.map((s) =>
    s.order === 'desc' ? desc(columnOf(columns, s.field)) : asc(columnOf(columns, s.field)),
  );
  if (!requested.some((s) => s.field === 'id')) {
    const idColumn = columnOf(columns, 'id');
    order.push(requested[0]?.order === 'desc' ? desc(idColumn) : asc(idColumn));
  }
  return order;
}
