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
 * Distinct callers per scene and over all scenes. The platform zone reads the day bitmaps of
 * stat_user_days: a range of at most 366 days lies within the rows of the year it ends in, and
 * a (scene, user) counts when its days meet the range's mask. Another zone takes the platform
 * days wholly inside its range from the same bitmaps and only the hours around them, at most two
 * partial days, from the raw calls (exact), within RAW_USERS_TIMEOUT_MS: a busy platform's calls
 * could otherwise hold a connection for many seconds and end in the statement timeout. Past it, the
 * bitmaps of the platform days from the day before to the day after answer: every zone's range
 * lies inside them, so the count is an upper bound, marked inexact.
 */
export async function distinctUsers(db: Database, q: StatisticQuery): Promise<UserCounts> {
  if (!pastCacheOn(db) || q.endDate > pastCutoff()) return countUsers(db, q);
  // A range of days before yesterday: its users change only with a change to those days, which
  // bumps the past's version (migrations 0011, 0012). They do not add up across a split, so
  // only a whole past range is cached, read once per version (a past month's scene list at
  // 1 000 scenes: ~0.45 s, docs/PERFORMANCE.md).
  const version = await pastVersion(db);
  if (version === undefined) return countUsers(db, q);
  const cache = pastCacheOf<UserCounts>(db, 'users');
  const key = JSON.stringify([q.startDate, q.endDate, q.timeZone, q.sceneCode, q.modelVersion]);
  const cached = cache.get(key, version)?.[0];
  if (cached) return cached;
  const counted = await countUsers(db, q);
  // An inexact count (another zone's raw count ran out of time) is kept too: it is what the same
  // data answers, and counting again would cost every request the whole timeout first.
  cache.set(key, version, [counted], counted.byScene.size + 1);
  return counted;
}

/**
 * Where another zone's edge hours get their users: `calls` reads the edges' raw calls and probes
 * each (scene, user) pair's bitmap; `bitmaps` starts from the bitmap rows that could be edge-only
 * (last active on the start edge's day, or active after the range and not inside it) and probes
 * the raw calls of those few. The second reads what churned or arrived instead of a day's traffic,
 * but the rows active after a range are many for a range long past: it serves a range whose
 * inside days end at most two days before the platform's today (older ones are cached,
 * past-cache.ts).
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
    // The platform days wholly inside the range are counted as the platform zone counts them
    // (sums of last-day counts); only the hours around them, at most two partial days, are read
    // from the raw calls, and of their (scene, user) pairs only those not active inside are
    // added (a 30-day UTC scene list at 2 M calls: 651 → 73 ms p50, docs/PERFORMANCE.md).
    const { days, edges } = platformDaysWithin(q.startDate, q.endDate, q.timeZone);
    const none = { byScene: new Map<string, number>(), all: 0 };
    // The two reads are independent: on two connections at once (a 30-day UTC scene list's
    // users then take the longer of them, the edge hours' ~45 ms at 2 M calls).
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
 * Users of [from, to] from stat_user_days. Kinds 1 and 3 (per scene, all scenes) answer without
 * a model version, kinds 0 and 2 with one. A range reaching back beyond the year before its end
 * (only the widened fallback range can) spans two row years: its (scene, user) pairs are then
 * deduplicated from the per-scene rows of both.
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
    // Two disjoint parts. Rows last active within the range meet it by their last day alone:
    // the counts of stat_user_last_months for the range's whole months and of
    // stat_user_last_days for its other days (migration 0011) hold how many there are, so
    // they are summed, not counted one (scene, user) at a time. Only rows active after the
    // range (none for a range ending today) need their days ANDed with the mask, an index
    // scan of stat_user_days_last_bit_idx (a 30-day list at 10 M calls: 873 ms as one
    // condition over every row, 189 ms counting the rows, docs/PERFORMANCE.md).
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
