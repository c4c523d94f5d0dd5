import { createHash } from 'node:crypto';

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
 * Prepares `query` under a name derived from its text: on PostgreSQL a named statement is
 * parsed once per connection. node-postgres refuses one name for two texts on a connection; a
 * name from the text can never do that, whatever builds the same statement twice (a store per
 * transaction, another app on the same pool). PGlite ignores the name.
 */
export function prepareByText<T>(prefix: string, query: Preparable<T>): Prepared<T> {
  const digest = createHash('sha256').update(query.toSQL().sql).digest('base64url');
  return query.prepare(`${prefix}_${digest.slice(0, 24)}`);
}
