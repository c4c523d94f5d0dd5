import {
  addDays,
  DEFAULT_TIME_ZONE,
  todayIn,
  type StatisticQuery,
} from '../../contract/statistics';
import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/**
 * The sums of the days before yesterday, cached in memory: those days change only when a write
 * reaches back in time, and every such write bumps stat_past_version, which each answer checks.
 */

/** A cached part: the rows of a past range and the version of the past they were read at. */
interface Entry<R> {
  version: number;
  rows: R[];
  weight: number;
}

/**
 * Rows held at most, over all entries of one database (a year of day × scene rows is ~11 000,
 * ~1 MB): the oldest entry goes first.
 */
export const PAST_CACHE_ROWS = 200_000;

/**
 * The last day a cached part may hold: the day before yesterday in the platform zone. The
 * trigger bumps the version for any day before the database's today, so a server clock up to a
 * day ahead of the database's still caches only days whose changes bump it.
 */
export function pastCutoff(now: Date = new Date()): string {
  return addDays(todayIn(DEFAULT_TIME_ZONE, now), -2);
}

/**
 * The split of a query into its past part (cacheable) and its live part; either may be absent.
 * Any zone: a day of any zone up to the cutoff ends before the platform's today begins.
 */
export function splitAtCutoff(
  q: StatisticQuery,
  cutoff: string,
): { past?: StatisticQuery; live?: StatisticQuery } {
  if (q.startDate > cutoff) return { live: q };
  if (q.endDate <= cutoff) return { past: q };
  return {
    past: { ...q, endDate: cutoff },
    live: { ...q, startDate: addDays(cutoff, 1) },
  };
}

/** One database's cached parts, by key, oldest first. */
class PastCache<R> {
  private readonly entries = new Map<string, Entry<R>>();
  private rows = 0;

  constructor(private readonly maxRows: number) {}

  get(key: string, version: number): R[] | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.version !== version) {
      this.drop(key, entry);
      return undefined;
    }
    // Used: it goes to the back of the eviction order.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.rows;
  }

  /** `weight`: the rows the entry counts as (a user count holds one row per scene). */
  set(key: string, version: number, rows: R[], weight = rows.length): void {
    const old = this.entries.get(key);
    if (old) this.drop(key, old);
    if (weight > this.maxRows) return;
    this.entries.set(key, { version, rows, weight });
    this.rows += weight;
    for (const [k, e] of this.entries) {
      if (this.rows <= this.maxRows) break;
      this.drop(k, e);
    }
  }

  private drop(key: string, entry: Entry<R>): void {
    this.entries.delete(key);
    this.rows -= entry.weight;
  }
}

/** What a cache holds: sums of the rollups (usage rows), or whole distinct-user counts. */
export type PastPart = 'usage' | 'users';

const caches = new WeakMap<Database, Map<PastPart, PastCache<unknown>>>();

/**
 * The cache of `db` for one kind of part (one per database handle: two test databases never
 * share parts; one per kind: each holds one row type).
 */
export function pastCacheOf<R>(
  db: Database,
  part: PastPart = 'usage',
  maxRows = PAST_CACHE_ROWS,
): PastCache<R> {
  let byPart = caches.get(db);
  if (!byPart) caches.set(db, (byPart = new Map()));
  let cache = byPart.get(part);
  if (!cache) byPart.set(part, (cache = new PastCache<unknown>(maxRows)));
  return cache as PastCache<R>;
}

/** Whether answers on `db` use the cache: on, unless a bench or test turns it off. */
const disabled = new WeakSet<Database>();
export function setPastCache(db: Database, on: boolean): void {
  if (on) disabled.delete(db);
  else disabled.add(db);
}
export function pastCacheOn(db: Database): boolean {
  return !disabled.has(db);
}

/** The version of the days before today (stat_past_version, migration 0011); null without its row. */
export const PAST_VERSION = sql`(select version from stat_past_version where id = 1)`;

/** A version as read (bigint text, or null without the row) as usage() compares it. */
export const versionOf = (v: string | number | null | undefined) =>
  v === undefined || v === null ? undefined : Number(v);

/** The past's version now; undefined without its row. */
export async function pastVersion(db: Database): Promise<number | undefined> {
  const { rows } = (await db.execute(sql`select ${PAST_VERSION} as version`)) as unknown as {
    rows: { version: string | number | null }[];
  };
  return versionOf(rows[0]?.version);
}
