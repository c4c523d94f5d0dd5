import type { Database } from '../db/client';
import type { TableChanges } from '../db/table-changes';

// What a list remembers of its totals between requests (docs/DECISIONS.md "Totals are counted
// only when that is cheap" and "A total is counted once"): the planner's estimate of a WHERE,
// for a while, and a count, until a table it read changes.

/** How long a planner estimate (of a table, of a WHERE) is trusted before it is asked again. */
export const TABLE_ESTIMATE_TTL_MS = 30_000;

/**
 * What the planner guessed for a list's WHERE (SQL and values), by database handle, for
 * TABLE_ESTIMATE_TTL_MS: the same WHERE on any sort or page decides from it whether to count,
 * without asking again. `over`: the total is this estimate, not a count (the planner put it
 * above ESTIMATE_ONLY_ABOVE, or a capped count reached COUNT_LIMIT), so the list is not counted
 * either. This map holds estimates only, which decide how to total, never a total answered as
 * exact: counts are kept apart (keptCount), under their tables' version. On PGlite
 * the call list's count (10,001 rows with a visibility probe each) was 85 % of its time
 * (docs/PERFORMANCE.md "PGlite: lists over the demo seed"); on PostgreSQL the EXPLAIN before a
 * filtered page was a round trip and a plan per request.
 */
const estimates = new WeakMap<
  Database,
  Map<string, { guess: number; over: boolean; at: number }>
>();

/** The map kept for `db` in `byDb`, made on first use. */
export function perDatabase<V>(
  byDb: WeakMap<Database, Map<string, V>>,
  db: Database,
): Map<string, V> {
  let map = byDb.get(db);
  if (!map) byDb.set(db, (map = new Map()));
  return map;
}
/** The most WHEREs remembered per database; the oldest goes first. */
const ESTIMATE_KEYS = 1_000;

export function knownEstimate(
  db: Database,
  key: string,
): { guess: number; over: boolean } | undefined {
  const byWhere = estimates.get(db);
  const known = byWhere?.get(key);
  if (!known) return undefined;
  if (Date.now() - known.at < TABLE_ESTIMATE_TTL_MS) return known;
  byWhere?.delete(key);
  return undefined;
}

export function rememberEstimate(db: Database, key: string, guess: number, over: boolean): void {
  const byWhere = perDatabase(estimates, db);
  byWhere.delete(key);
  byWhere.set(key, { guess, over, at: Date.now() });
  if (byWhere.size > ESTIMATE_KEYS) byWhere.delete(byWhere.keys().next().value as string);
}

/** Which tables changed, by database handle (the main pool and the lists' share one). */
const watches = new WeakMap<Database, TableChanges>();

/**
 * Lists on `db` keep their counts while the tables they read stand unchanged, as `changes`
 * hears it (server/db/table-changes.ts; app.ts, for the main pool and the lists' pool).
 */
export function keepCounts(db: Database, changes: TableChanges): void {
  watches.set(db, changes);
}

/**
 * Counts of lists' WHEREs (text and values; `exact:` for a full count), by database watch, each
 * with the version of the tables it read: a list answers the kept count while that version
 * stands, instead of counting again (docs/DECISIONS.md "A total is counted once").
 */
const counts = new WeakMap<TableChanges, Map<string, { n: number; version: string }>>();
/** The most counts kept per database; the least recently used goes first. */
export const COUNT_KEYS = 1_000;

/**
 * The count kept for `key` on `db`, if its tables have not changed since, and how to keep a new
 * one. The version is read now, before any count is sent: see TableChanges.
 */
export function keptCount(db: Database, reads: readonly string[], key: string) {
  const changes = watches.get(db);
  const version = changes?.versionOf(reads);
  if (!changes || version === undefined) return { n: undefined, keep: () => {} };
  let byKey = counts.get(changes);
  if (!byKey) counts.set(changes, (byKey = new Map()));
  const kept = byKey.get(key);
  const fresh = kept?.version === version ? kept : undefined;
  if (fresh) {
    byKey.delete(key);
    byKey.set(key, fresh);
  }
  const keys = byKey;
  return {
    n: fresh?.n,
    keep: (n: number) => {
      keys.delete(key);
      keys.set(key, { n, version });
      if (keys.size > COUNT_KEYS) keys.delete(keys.keys().next().value as string);
    },
  };
}
