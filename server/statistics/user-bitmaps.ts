import { sql, type SQL } from 'drizzle-orm';
import type { StatisticQuery } from '../../contract/statistics';
import type { Database } from '../db/client';

export interface UserCounts {
  byScene: Map<string, number>;
  all: number;
  /** False when the count came from whole platform-zone days around the range (see below). */
  exact: boolean;
}

/** Bits of a stat_user_days row: the year before its year (366) and its year (366). */
export const ROW_BITS = 732;

/**
 * The mask of the days of [start, end] in the stat_user_days rows of `rowYear`: bits 0–365 are
 * the year before it (1 January first), bits 366–731 the year itself; days outside the two years
 * are left out (the caller picks row years that cover the range).
 */
export function rangeMask(start: string, end: string, rowYear: number): string {
  const bits = new Array<string>(ROW_BITS).fill('0');
  const first = Date.UTC(rowYear - 1, 0, 1);
  const offsetOf = (time: number) => {
    const year = new Date(time).getUTCFullYear();
    const doy = (time - Date.UTC(year, 0, 1)) / 86_400_000;
    return (year === rowYear ? 366 : 0) + doy;
  };
  const from = Math.max(Date.parse(`${start}T00:00:00Z`), first);
  const to = Math.min(Date.parse(`${end}T00:00:00Z`), Date.UTC(rowYear, 11, 31));
  for (let t = from; t <= to; t += 86_400_000) bits[offsetOf(t)] = '1';
  return bits.join('');
}

/** The stat_user_days kinds of a query: per scene, and all scenes (with a model version or not). */
export function kindsOf(q: StatisticQuery): { perScene: number; allScenes: number } {
  return q.modelVersion === undefined
    ? { perScene: 1, allScenes: 3 }
    : { perScene: 0, allScenes: 2 };
}

/**
 * The query's rows of the user tables keyed like stat_user_days (unqualified columns) in the row
 * year `rowYear`: its per-scene and all-scenes kinds, model version and scene. A scene filter
 * needs no all-scenes row: the scene's users are all of them.
 */
export function userRowKeys(q: StatisticQuery, rowYear: number): SQL {
  const { perScene, allScenes } = kindsOf(q);
  const kinds = q.sceneCode === undefined ? [perScene, allScenes] : [perScene];
  return sql`year = ${rowYear} and kind in (${sql.join(
    kinds.map((k) => sql`${k}`),
    sql`, `,
  )}) and model_version = ${q.modelVersion ?? ''}
    and ${q.sceneCode === undefined ? sql`true` : sql`scene_code = ${q.sceneCode}`}`;
}

/** The days of [from, to] in the rows of `rowYear`, and their first and last bit (1-based; 0: none). */
export function maskOf(from: string, to: string, rowYear: number) {
  const mask = rangeMask(from, to, rowYear);
  return { mask, first: mask.indexOf('1') + 1, last: mask.lastIndexOf('1') + 1 };
}

/** A stat_user_days row (unqualified columns) has a day of `mask` set. */
export function daysMeet(mask: string): SQL {
  const bits = sql.raw(String(ROW_BITS));
  return sql`days & ${mask}::bit(${bits}) <> ${'0'.repeat(ROW_BITS)}::bit(${bits})`;
}

/**
 * The condition on a stat_user_days row (unqualified columns) that it was active on a day of
 * [from, to] (platform days, in the rows of the year `to` ends in and the one before).
 */
export function meetsRange(from: string, to: string): SQL {
  const endYear = Number(to.slice(0, 4));
  const meets = (rowYear: number) => {
    const { mask, first, last } = maskOf(from, to, rowYear);
    if (first === 0) return sql`false`;
    // A row whose first or last active day lies in the range meets it; only a row active both
    // before and after the range needs its bits ANDed with the mask.
    return sql`(year = ${rowYear} and last_bit >= ${first} and first_bit <= ${last}
      and (first_bit >= ${first} or last_bit <= ${last} or ${daysMeet(mask)}))`;
  };
  return sql`(${meets(endYear)} or ${meets(endYear - 1)})`;
}

/**
 * The (scene, user) pairs of stat_user_days active on a day of [from, to], one row each: kind 0
 * with a model version, kind 1 without.
 */
export function bitmapPairs(q: StatisticQuery, from: string, to: string): SQL {
  const scene = q.sceneCode === undefined ? sql`true` : sql`scene_code = ${q.sceneCode}`;
  return sql`select scene_code, user_id from stat_user_days
    where ${meetsRange(from, to)} and kind = ${kindsOf(q).perScene}
    and model_version = ${q.modelVersion ?? ''} and ${scene}`;
}

/**
 * Distinct (scene, user) pairs of `source` first (a hash aggregate), then two small counts:
 * count(distinct) under grouping sets would sort every row of the range instead.
 */
export async function countPairs(db: Database, source: SQL): Promise<Omit<UserCounts, 'exact'>> {
  const statement = sql`with pairs as (
      select coalesce(scene_code, '') as scene, user_id from (${source}) p group by 1, 2)
    select scene as "sceneCode", count(*)::int as "users", 0 as "all" from pairs group by scene
    union all
    select '', count(distinct user_id)::int, 1 from pairs`;
  return userCountsOf(db, statement);
}

/** Runs a statement answering (sceneCode, users, all) rows: per scene, and all = 1 for the total. */
export async function userCountsOf(
  db: Database,
  statement: SQL,
): Promise<Omit<UserCounts, 'exact'>> {
  const { rows } = (await db.execute(statement)) as unknown as {
    rows: { sceneCode: string; users: number; all: number }[];
  };
  const byScene = new Map<string, number>();
  let all = 0;
  for (const r of rows) {
    if (Number(r.all) === 1) all = Number(r.users);
    else if (Number(r.users) > 0) byScene.set(r.sceneCode, Number(r.users));
  }
  return { byScene, all };
}
