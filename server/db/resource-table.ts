import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
  type PgColumnBuilderBase,
  type PgTable,
} from 'drizzle-orm/pg-core';
import {
  referenceKeyType,
  snakeCase,
  SYSTEM_FIELDS,
  tableNameOf,
  type FieldDef,
  type ResourceDef,
  type SystemFieldName,
} from '../../contract/resource';
import { systemColumns } from './schema/system-columns';

/** Room for string enum values: the longest option, at least this. */
const ENUM_LENGTH = 16;
const STRING_LENGTH = 255;
const URL_LENGTH = 2048;

/** The column a field's declaration implies: type, length, nullability, default. */
export function columnFor(field: FieldDef): PgColumnBuilderBase {
  const name = snakeCase(field.name);
  let column;
  switch (field.type) {
    case 'string':
      column = varchar(name, { length: field.max ?? STRING_LENGTH });
      break;
    case 'text':
    case 'secret':
      // A secret holds its ciphertext (server/crypto/secrets.ts), never the value.
      column = text(name);
      break;
    case 'url':
      column = varchar(name, { length: field.max ?? URL_LENGTH });
      break;
    case 'tags':
      // Never NULL: "no tags" is the empty set, so containment filters need no NULL case.
      return text(name)
        .array()
        .notNull()
        .default(sql`'{}'::text[]`);
    case 'json':
      return field.required ? jsonb(name).notNull() : jsonb(name);
    case 'reference':
      column =
        referenceKeyType(field) === 'integer'
          ? integer(name)
          : varchar(name, { length: field.max ?? STRING_LENGTH });
      break;
    case 'integer':
      column = integer(name);
      break;
    case 'number':
      column = numeric(name, { precision: 18, scale: 6, mode: 'number' });
      break;
    case 'boolean':
      column = boolean(name);
      break;
    case 'datetime': {
      const ts = timestamp(name, { withTimezone: true, mode: 'date' });
      // A datetime the body may leave out (a call's time) is "now", as the platform would write it.
      return field.nullable ? ts : ts.notNull().defaultNow();
    }
    case 'enum': {
      const options = field.options ?? [];
      column = options.every((o) => typeof o === 'number')
        ? smallint(name)
        : varchar(name, {
            length: Math.max(ENUM_LENGTH, ...options.map((o) => String(o).length)),
          });
      break;
    }
  }
  if (field.nullable)
    return field.default != null ? column.default(field.default as never) : column;
  const required = column.notNull();
  return field.default != null ? required.default(field.default as never) : required;
}

const resourceOfTable = new WeakMap<PgTable, string>();

/**
 * The Drizzle table a resource declaration implies (issue: "tables derived from fields"):
 * system columns, one column per field, a unique index per unique field (among live rows when
 * the resource soft-deletes), an index per sortable or filtered field, and the declaration's
 * extra multi-column indexes. Property names are field names, which the generic store relies on.
 */
type ColumnsOf<R extends ResourceDef> = Record<
  R['fields'][number]['name'] | SystemFieldName,
  PgColumnBuilderBase
>;

export function resourceTable<const R extends ResourceDef>(def: R) {
  const tableName = tableNameOf(def);
  const system = new Set<string>(SYSTEM_FIELDS.map((f) => f.name));
  const own = def.fields.filter((f) => !system.has(f.name));
  const columns = { ...systemColumns() } as Record<string, PgColumnBuilderBase> as ColumnsOf<R>;
  for (const f of own) (columns as Record<string, PgColumnBuilderBase>)[f.name] = columnFor(f);

  const table = pgTable(tableName, columns, (t) => {
    const col = (field: string) => t[field as keyof typeof t] as never;
    const live = def.softDelete ? sql`${col(def.softDelete)} = 0` : undefined;
    const unique = own.filter((f) => f.unique);
    // A composite index also serves lookups by its first column.
    const leading = new Set((def.table?.indexes ?? []).map((cols) => cols[0]));
    const owner = def.ownership && 'field' in def.ownership ? def.ownership.field : undefined;
    const indexed = [...SYSTEM_FIELDS, ...own].filter(
      (f) =>
        f.name !== 'id' &&
        !f.unique &&
        !leading.has(f.name) &&
        (f.sortable || f.filter !== undefined || f.name === owner),
    );
    return [
      ...unique.map((f) => {
        const base = `${tableName}_${snakeCase(f.name)}`;
        const ix = uniqueIndex(live ? `${base}_live_uq` : `${base}_uq`).on(col(f.name));
        return live ? ix.where(live) : ix;
      }),
      ...indexed.map((f) => {
        const ix = index(`${tableName}_${snakeCase(f.name)}_idx`);
        // A tags filter asks "contains this label": a GIN index answers that, a B-tree cannot.
        return f.type === 'tags' ? ix.using('gin', col(f.name)) : ix.on(col(f.name));
      }),
      ...(def.table?.indexes ?? []).map((fields) => {
        const [first, ...rest] = fields.map(col);
        return index(`${tableName}_${fields.map(snakeCase).join('_')}_idx`).on(
          first as never,
          ...rest,
        );
      }),
    ];
  });
  resourceOfTable.set(table, def.name);
  return table;
}

/** The resource a table was built for, if it was built by resourceTable. */
export function resourceOf(table: unknown): string | undefined {
  return typeof table === 'object' && table !== null
    ? resourceOfTable.get(table as PgTable)
    : undefined;
}
