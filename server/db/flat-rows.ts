import { Column, is, SQL, Subquery } from 'drizzle-orm';

/** One selected field as drizzle orders a select's fields: its path in the result, and itself. */
export interface OrderedField {
  path: readonly string[];
  field: unknown;
}

type Decode = (value: unknown) => unknown;
type RowMapper = (rows: unknown[][]) => Record<string, unknown>[];

/**
 * A function mapping a flat select's array rows to objects, compiled once per statement.
 * drizzle maps every cell of every row through `mapResultRow`, which finds each field's
 * decoder again with up to three `is` checks that walk the class chain: a tenth of a list's
 * server CPU at ten rows of a dozen columns (docs/PERFORMANCE.md "Rows mapped by a compiled
 * function"). Here the decoders are found once, and a column whose decoder returns its value
 * unchanged is copied without a call. Undefined when a field is nested (a path of two, as
 * drizzle's joined-table selections have): those keep drizzle's own mapping and its nulling
 * of a left join's missing table.
 */
export function flatRowMapper(fields: readonly OrderedField[]): RowMapper | undefined {
  const keys: string[] = [];
  const decoders: (Decode | null)[] = [];
  for (const { path, field } of fields) {
    if (path.length !== 1) return undefined;
    keys.push(path[0]!);
    decoders.push(decoderOf(field));
  }
  const width = keys.length;
  return (rows) => {
    const out = new Array<Record<string, unknown>>(rows.length);
    for (let r = 0; r < rows.length; r++) {
      const row = rows[r]!;
      const record: Record<string, unknown> = {};
      for (let i = 0; i < width; i++) {
        const value = row[i];
        const decode = decoders[i]!;
        record[keys[i]!] = value === null ? null : decode === null ? value : decode(value);
      }
      out[r] = record;
    }
    return out;
  };
}

interface Decoder {
  mapFromDriverValue(value: unknown): unknown;
}

/** An `sql` field's decoder: internal in drizzle's types, read as its `mapResultRow` reads it. */
const decoderOfSql = (field: SQL): Decoder => (field as unknown as { decoder: Decoder }).decoder;

/**
 * The decoders that return their value: a column type that does not override the base one,
 * and a plain `sql` field's (drizzle's `noopDecoder`, read off a fresh `sql`).
 */
const IDENTITY = new Set<unknown>([
  Column.prototype.mapFromDriverValue,
  decoderOfSql(new SQL([])).mapFromDriverValue,
]);

/** A field's decoder as drizzle's `mapResultRow` picks it; null when it returns its value. */
function decoderOf(field: unknown): Decode | null {
  const decoder: Decoder = is(field, Column)
    ? field
    : is(field, SQL)
      ? decoderOfSql(field)
      : is(field, Subquery)
        ? decoderOfSql(field._.sql)
        : decoderOfSql((field as SQL.Aliased).sql);
  const map = decoder.mapFromDriverValue;
  if (IDENTITY.has(map)) return null;
  return (value) => map.call(decoder, value);
}

/**
 * drizzle's prepared query as both of its drivers here build it (node-postgres, PGlite): the
 * fields it maps rows by, and the mapper it calls instead when one is set (its relational
 * queries' hook). Both are private in drizzle's types, hence this view; server/db/flat-rows
 * .test.ts fails if a drizzle upgrade moves them.
 */
interface MappableQuery {
  fields?: readonly OrderedField[];
  customResultMapper?: RowMapper;
}

/**
 * Makes a prepared query map its rows with a compiled flat mapper (flatRowMapper); returns
 * whether it does. A query with nested fields, without fields (a raw statement) or with its own
 * mapper is left to drizzle.
 */
export function mapRowsFlat(prepared: object): boolean {
  const query = prepared as MappableQuery;
  if (!Array.isArray(query.fields) || query.customResultMapper) return false;
  const mapper = flatRowMapper(query.fields);
  if (!mapper) return false;
  query.customResultMapper = mapper;
  return true;
}
