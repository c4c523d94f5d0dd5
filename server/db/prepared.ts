import { createHash } from 'node:crypto';
import { mapRowsFlat } from './flat-rows';

/** A statement built once, run with its placeholders' values (drizzle's prepared query). */
export interface Prepared<T = unknown> {
  execute(values: Record<string, unknown>): Promise<T[]>;
}

/** A drizzle query with placeholders, before it is prepared. */
export interface Preparable<T> {
  toSQL(): { sql: string };
  prepare(name: string): Prepared<T>;
}

/**
 * Prepares `query` under a name derived from its text. Building a statement with drizzle costs
 * more server CPU than running it for a lookup by id, and on PostgreSQL a named statement is
 * parsed once per connection (docs/PERFORMANCE.md "A detail, prepared"). node-postgres refuses
 * one name for two texts on a connection; a name from the text can never do that, whatever
 * builds the same statement twice (a store per transaction, another app on the same pool).
 * PGlite ignores the name.
 */
export function prepareByText<T>(prefix: string, query: Preparable<T>): Prepared<T>;
/** As above, unless `admit` refuses the name (a bound on named statements): then undefined. */
export function prepareByText<T>(
  prefix: string,
  query: Preparable<T>,
  admit: (name: string) => boolean,
): Prepared<T> | undefined;
export function prepareByText<T>(
  prefix: string,
  query: Preparable<T>,
  admit?: (name: string) => boolean,
): Prepared<T> | undefined {
  const digest = createHash('sha256').update(query.toSQL().sql).digest('base64url');
  const name = `${prefix}_${digest.slice(0, 24)}`;
  if (admit && !admit(name)) return undefined;
  return prepareAs(query, name);
}

/**
 * `query.prepare(name)` ('' for PostgreSQL's unnamed statement), its rows mapped by a function
 * compiled once where its fields are flat (server/db/flat-rows.ts), not cell by cell by drizzle.
 */
export function prepareAs<T>(query: Preparable<T>, name: string): Prepared<T> {
  const prepared = query.prepare(name);
  mapRowsFlat(prepared);
  return prepared;
}
