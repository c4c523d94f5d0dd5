import { sql, type SQL } from 'drizzle-orm';
import {
  addDays,
  DEFAULT_TIME_ZONE,
  todayIn,
  type StatisticQuery,
} from '../../contract/statistics';
import type { Database } from '../db/client';
import { databaseErrorOf } from '../http/pg-errors';
import { edgeUsers, edgeUsersFromBitmaps } from './edge-users';
import { monthAfter, wholeMonths } from './months';
import { pastCacheOf, pastCacheOn, pastCutoff, pastVersion } from './past-cache';
import {
  bitmapPairs,
  countPairs,
  daysMeet,
  kindsOf,
  maskOf,
  userRowKeys,
  type UserCounts,
} from './user-bitmaps';
import { platformDaysWithin } from './zone-days';

/** How long the raw-calls count of distinct users may take before the rollup answers instead. */
export const RAW_USERS_TIMEOUT_MS = 3000;

/**
 * Distinct callers per scene and over all scenes, from the day bitmaps of stat_user_days; another
 * zone's edge hours come from the raw calls, and past RAW_USERS_TIMEOUT_MS an upper bound (inexact).
 */
export async function distinctUsers(db: Database, q: StatisticQuery): Promise<UserCounts> {
  if (!pastCacheOn(db) || q.endDate > pastCutoff()) return countUsers(db, q);
  // A past range's users change only when the past's version does. Users do not add up across a
  // split, so only a whole past range is cached.
  const version = await pastVersion(db);
  if (version === undefined) return countUsers(db, q);
  const cache = pastCacheOf<UserCounts>(db, 'users');
  const key = JSON.stringify([q.startDate, q.endDate, q.timeZone, q.sceneCode, q.modelVersion]);
  const cached = cache.get(key, version)?.[0];
  if (cached) return cached;
  const counted = await countUsers(db, q);
  // An inexact count is cached too: counting again would cost every request the whole timeout.
  cache.set(key, version, [counted], counted.byScene.size + 1);
  return counted;
}

/**
 * Where another zone's edge hours get their users: the edges' raw calls, or the few bitmap rows
 * that could be edge-only (cheaper for a recent range, where few rows are active after it).
 */
export type EdgeSource = 'calls' | 'bitmaps';

/** The edge source for platform days `days` inside a range, on the platform's date `today`. */
export function edgeSourceFor(days: { last: string } | undefined, today: string): EdgeSource {
  return days && days.last >= addDays(today, -2) ? 'bitmaps' : 'calls';
}

/** distinctUsers, counted (exact: false when another zone's raw count ran out of time). */
export async function countUsers(
  db: Database,
  q: StatisticQuery,
  source?: EdgeSource,
): Promise<UserCounts> {
  if (q.timeZone === DEFAULT_TIME_ZONE) {
    return { ...(await fromBitmaps(db, q, q.startDate, q.endDate)), exact: true };
  }
  try {
    const narrow: SQL[] = [];
    if (q.sceneCode !== undefined) narrow.push(sql`scene_code = ${q.sceneCode}`);
    if (q.modelVersion !== undefined) narrow.push(sql`model_version = ${q.modelVersion}`);
    // Platform days inside the range come from the bitmaps; only the edge hours around them are
    // read from the raw calls, adding the pairs not active inside.
    const { days, edges } = platformDaysWithin(q.startDate, q.endDate, q.timeZone);
    const none = { byScene: new Map<string, number>(), all: 0 };
    // The two reads are independent: they run on two connections at once.
    const [inside, extra] = await Promise.all([
      days ? fromBitmaps(db, q, days.first, days.last) : none,
      // A zone whose days are the platform's (another UTC+8 zone) has no edges to read.
      edges.length
        ? db.transaction(async (tx) => {
            await tx.execute(sql.raw(`set local statement_timeout = ${RAW_USERS_TIMEOUT_MS}`));
            const read = tx as unknown as Database;
            const from = source ?? edgeSourceFor(days, todayIn(DEFAULT_TIME_ZONE, new Date()));
            const counted =
              from === 'bitmaps' && days ? await edgeUsersFromBitmaps(read, q, edges, days) : null;
            return counted ?? edgeUsers(read, q, edges, days, narrow);
          })
        : none,
    ]);
    const byScene = new Map(inside.byScene);
    for (const [scene, n] of extra.byScene) byScene.set(scene, (byScene.get(scene) ?? 0) + n);
    const all =
      q.sceneCode === undefined ? inside.all + extra.all : (byScene.get(q.sceneCode) ?? 0);
    return { byScene, all, exact: true };
  } catch (error) {
    if (databaseErrorOf(error)?.code !== '57014') throw error;
    return {
      ...(await fromBitmaps(db, q, addDays(q.startDate, -1), addDays(q.endDate, 1))),
      exact: false,
    };
  }
}

/**
 * Users of [from, to] from stat_user_days; a range spanning two row years (only the widened
 * fallback can) deduplicates its (scene, user) pairs from both.
 */
async function fromBitmaps(
  db: Database,
  q: StatisticQuery,
  from: string,
  to: string,
): Promise<Omit<UserCounts, 'exact'>> {
  const { allScenes } = kindsOf(q);
  const endYear = Number(to.slice(0, 4));
  if (Number(from.slice(0, 4)) >= endYear - 1) {
    const { mask, first, last } = maskOf(from, to, endYear);
    // Rows last active within the range are summed from the per-month and per-day counts; only
    // rows active after it need their days ANDed with the mask (an index range of last_bit).
    const keys = userRowKeys(q, endYear);
    const months = wholeMonths(from, to);
    const dayRanges: [string, string][] = months
      ? [
          [from, addDays(months.first, -1)],
          [monthAfter(months.last), to],
        ]
      : [[from, to]];
    const counted = [
      ...(months
        ? [
            sql`select scene_code, kind, users from stat_user_last_months where ${keys}
              and last_month between ${months.first}::date and ${months.last}::date`,
          ]
        : []),
      ...dayRanges
        .filter(([a, b]) => a <= b)
        .map(
          ([a, b]) => sql`select scene_code, kind, users from stat_user_last_days where ${keys}
            and last_day between ${a}::date and ${b}::date`,
        ),
      sql`select scene_code, kind, 1 from stat_user_days where ${keys}
        and last_bit > ${last} and first_bit <= ${last}
        and (first_bit >= ${first} or ${daysMeet(mask)})`,
    ];
    const statement =
      first === 0
        ? sql`select '' as "sceneCode", 0 as kind, 0 as "users" where false`
        : sql`select scene_code as "sceneCode", kind, sum(users)::int as "users" from (
            ${sql.join(counted, sql` union all `)}
          ) u group by 1, 2`;
    const { rows } = (await db.execute(statement)) as unknown as {
      rows: { sceneCode: string; kind: number; users: number }[];
    };
    const byScene = new Map<string, number>();
    let all = 0;
    for (const r of rows) {
      if (Number(r.kind) === allScenes) all = Number(r.users);
      else byScene.set(r.sceneCode, Number(r.users));
    }
    if (q.sceneCode !== undefined) all = byScene.get(q.sceneCode) ?? 0;
    return { byScene, all };
  }
  return countPairs(db, bitmapPairs(q, from, to));
}
