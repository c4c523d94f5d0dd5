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
  type ExtraConfigColumn,
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
 * Whether a field's text, as the keyword search and `contains` filters read it (query.ts
 * textOf: the column, or `column::text`), can be indexed: an index expression must be
 * IMMUTABLE, and the text of a timestamptz or an array depends on session settings
 * (timestamptz_out and array_out are STABLE), so those fields are searched unindexed.
 */
function trigramIndexable(field: FieldDef): boolean {
  return field.type !== 'datetime' && field.type !== 'tags' && field.type !== 'secret';
}

/**
 * A GIN index queues new rows in a pending list that every search reads whole; with the default
 * 4 MB list the planner prefers reading the table until a VACUUM merges it (PGlite never
 * vacuums on its own). A smaller list is merged by the inserts themselves, often.
 */
export const TRIGRAM_STORAGE = { gin_pending_list_limit: 256 } as const;

/** Fields read as their column by query.ts's textOf; anything else is read as `column::text`. */
function readAsText(field: FieldDef): boolean {
  return field.type === 'string' || field.type === 'text';
}

type ColumnsOf<R extends ResourceDef> = Record<
  R['fields'][number]['name'] | SystemFieldName,
  PgColumnBuilderBase
>;

/**
 * The Drizzle table a resource declaration implies: system columns, one column per field, and
 * the indexes its lists need:
 * - a unique index per unique field (among live rows when the resource soft-deletes), which
 *   also serves an eq filter on it;
 * - for an eq filter, a B-tree on (field, default sort field, id), or (field, id) when the
 *   filter is on the sort field: "filter + the console's first page" walks it in order and stops at
 *   the page instead of sorting every match; it serves plain lookups by the field (and a sort
 *   by it) too, so it replaces the field's own index. A tags filter gets a GIN index
 *   (containment), which no sort can follow;
 * - a B-tree on (field, id) per sortable or range-filtered field and the owner field (the id
 *   is the page's tie-break), plus a (field DESC NULLS LAST, id DESC) one for a nullable
 *   sortable field: query.ts sorts empty values last both ways, which one
 *   B-tree can only give in one direction;
 * - a GIN trigram index (pg_trgm) per keyword (`search`) or `contains` field, over the very
 *   expression query.ts matches with ILIKE '%…%', so a substring search reads the index;
 * - the declaration's extra multi-column indexes (`table.indexes`); one that starts with a
 *   field stands in for that field's own index, and one that starts (field, default sort)
 *   for the pair.
 * Property names are field names, which the generic store relies on.
 */
export function resourceTable<const R extends ResourceDef>(def: R) {
  const tableName = tableNameOf(def);
  const system = new Set<string>(SYSTEM_FIELDS.map((f) => f.name));
  const own = def.fields.filter((f) => !system.has(f.name));
  const columns = { ...systemColumns() } as Record<string, PgColumnBuilderBase> as ColumnsOf<R>;
  for (const f of own) (columns as Record<string, PgColumnBuilderBase>)[f.name] = columnFor(f);

  const table = pgTable(tableName, columns, (t) => {
    // The callback's columns are keyed by the generic R's field names; these are plain strings.
    const col = (field: string) => t[field as keyof typeof t] as unknown as ExtraConfigColumn;
    const name = (...parts: string[]) => `${tableName}_${parts.map(snakeCase).join('_')}`;
    const live = def.softDelete ? sql`${col(def.softDelete)} = 0` : undefined;
    const fields: FieldDef[] = [...SYSTEM_FIELDS, ...own];
    const hints = def.table?.indexes ?? [];
    // A composite index also serves lookups by its first column.
    const leading = new Set(hints.map((cols) => cols[0]));
    const owner = def.ownership && 'field' in def.ownership ? def.ownership.field : undefined;
    const sort = def.defaultSort;
    const sortField = sort && fields.find((f) => f.name === sort.field);

    const unique = own.filter((f) => f.unique);
    const idField = fields.find((f) => f.name === 'id') as FieldDef;
    /**
     * What an eq filter's matches are ordered by on the first page: the default sort, or the
     * id tie-break when the filter is on the sort field itself (all matches share its value).
     */
    const pairOf = (f: FieldDef): FieldDef | undefined =>
      sortField && (f.name === sortField.name ? idField : sortField);
    /** eq filters that get a (field, order) index: unique ones answer one row, unsorted. */
    const paired = fields.filter((f) => {
      const by = pairOf(f);
      return (
        by !== undefined &&
        f.filter === 'eq' &&
        f.type !== 'tags' &&
        !f.unique &&
        f.name !== 'id' &&
        !hints.some((cols) => cols[0] === f.name && cols[1] === by.name)
      );
    });
    const pairedNames = new Set(paired.map((f) => f.name));
    const single = fields.filter(
      (f) =>
        f.name !== 'id' &&
        !f.unique &&
        !leading.has(f.name) &&
        !pairedNames.has(f.name) &&
        (f.sortable || (f.filter !== undefined && f.filter !== 'contains') || f.name === owner),
    );
    const descending = fields.filter((f) => f.sortable && f.nullable);
    const searched = fields.filter(
      (f) => (f.search || f.filter === 'contains') && trigramIndexable(f),
    );

    return [
      ...unique.map((f) => {
        const base = name(f.name);
        const ix = uniqueIndex(live ? `${base}_live_uq` : `${base}_uq`).on(col(f.name));
        return live ? ix.where(live) : ix;
      }),
      ...single.map((f) => {
        const ix = index(`${name(f.name)}_idx`);
        // A tags filter asks "contains this label": a GIN index answers that, a B-tree cannot.
        // The id after the field is the page's tie-break (query.ts sortKeys): without it, rows
        // sharing a value (timestamps of one import, a status) are sorted after the index.
        return f.type === 'tags' ? ix.using('gin', col(f.name)) : ix.on(col(f.name), col('id'));
      }),
      ...paired.map((f) => {
        const by = pairOf(f) as FieldDef;
        // The order query.ts's orderOf gives a nullable field (empty values last) either way.
        const descending = by.nullable && sort?.order === 'desc';
        const sorted = descending ? col(by.name).desc().nullsLast() : col(by.name);
        const tail =
          by.name === 'id' ? [] : [descending ? col('id').desc().nullsFirst() : col('id')];
        return index(`${name(f.name, by.name)}_idx`).on(col(f.name), sorted, ...tail);
      }),
      ...descending.map((f) =>
        index(`${name(f.name)}_desc_idx`).on(
          col(f.name).desc().nullsLast(),
          col('id').desc().nullsFirst(),
        ),
      ),
      ...searched.map((f) => {
        const ix = index(`${name(f.name)}_trgm_idx`);
        const built = readAsText(f)
          ? ix.using('gin', col(f.name).op('gin_trgm_ops'))
          : ix.using('gin', sql`(${col(f.name)}::text) gin_trgm_ops`);
        return built.with(TRIGRAM_STORAGE);
      }),
      ...hints.map((cols) => {
        const [first, ...rest] = cols.map(col);
        return index(`${name(...cols)}_idx`).on(first as ExtraConfigColumn, ...rest);
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
