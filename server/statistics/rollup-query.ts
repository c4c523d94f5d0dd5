import { sql, type SQL } from 'drizzle-orm';
import {
  addDays,
  bucketOf,
  DEFAULT_TIME_ZONE,
  type StatisticQuery,
  todayIn,
} from '../../contract/statistics';
import type { Database } from '../db/client';
import { databaseErrorOf } from '../http/pg-errors';
import { pastCacheOf, pastCacheOn, pastCutoff, splitAtCutoff } from './past-cache';
import { dayStart, platformDaysWithin } from './zone-days';

/**
 * One aggregated row: the grouping keys asked for ('' for the others) and the measures (0 for
 * those not asked).
 */
export interface UsageRow {
  bucket: string;
  sceneCode: string;
  modelVersion: string;
  calls: number;
  promptTokens: number;
  completionTokens: number;
  cost: number;
  chats: number;
}

export type GroupKey = 'bucket' | 'scene' | 'model';

export type MeasureKey = 'calls' | 'promptTokens' | 'completionTokens' | 'cost' | 'chats';
const MEASURE_COLUMNS: readonly { key: MeasureKey; column: string }[] = [
  { key: 'calls', column: 'calls' },
  { key: 'promptTokens', column: 'prompt_tokens' },
  { key: 'completionTokens', column: 'completion_tokens' },
  { key: 'cost', column: 'cost' },
  { key: 'chats', column: 'chats' },
];
const ALL_MEASURES: readonly MeasureKey[] = MEASURE_COLUMNS.map((m) => m.key);

/** The 1st of the month after the one starting on `first` (31 days on always lands in it). */
const monthAfter = (first: string) => bucketOf(addDays(first, 31), 'month');

/**
 * The calendar months lying wholly inside [start, end], as the first day of the first and of
 * the last such month, or null when there is none: the first starts after the day before
 * `start`'s month, the last ends before the day after `end`'s month.
 */
export function wholeMonths(start: string, end: string): { first: string; last: string } | null {
  const first = monthAfter(bucketOf(addDays(start, -1), 'month'));
  const last = bucketOf(addDays(bucketOf(addDays(end, 1), 'month'), -1), 'month');
  return first <= last ? { first, last } : null;
}

/** One rollup's rows for a query: its table, time and day expressions, and range filter. */
interface Part {
  table: string;
  time: SQL;
  /** For the daily rollups: the row's day, which is its own day bucket. */
  day?: SQL;
  where: SQL[];
  /** False for stat_daily_scene, which sums all model versions. */
  hasModel: boolean;
}

/**
 * Which rollups serve a query. Another zone than the platform's reads the hourly rollup,
 * grouped into its local days. The platform zone reads daily rows for day and week buckets
 * (per scene only, unless a model version is asked for or grouped by), and otherwise the
 * range's whole months from the monthly rollup plus its partial months from the daily rows:
 * a year is then ~12 × scenes × versions rows instead of ~365 × that. All hold the same sums
 * (the triggers of migrations 0004 and 0005).
 */
function parts(q: StatisticQuery, groups: readonly GroupKey[]): Part[] {
  if (q.timeZone !== DEFAULT_TIME_ZONE) {
    return [
      {
        table: 'stat_hourly',
        time: sql`hour at time zone ${q.timeZone}`,
        where: [
          sql`hour >= (${q.startDate}::date::timestamp at time zone ${q.timeZone})`,
          sql`hour < ((${q.endDate}::date + 1)::timestamp at time zone ${q.timeZone})`,
        ],
        hasModel: true,
      },
    ];
  }
  const needModel = groups.includes('model') || q.modelVersion !== undefined;
  const daily = (from: string, to: string): Part => ({
    table: needModel ? 'stat_daily' : 'stat_daily_scene',
    time: sql`day::timestamp`,
    day: sql`day`,
    where: [sql`day between ${from}::date and ${to}::date`],
    hasModel: needModel,
  });
  const months =
    groups.includes('bucket') && q.granularity !== 'month'
      ? null
      : wholeMonths(q.startDate, q.endDate);
  if (!months) return [daily(q.startDate, q.endDate)];
  const result: Part[] = [
    {
      table: 'stat_monthly',
      time: sql`month::timestamp`,
      where: [sql`month between ${months.first}::date and ${months.last}::date`],
      hasModel: true,
    },
  ];
  if (q.startDate < months.first) result.push(daily(q.startDate, addDays(months.first, -1)));
  const afterLast = monthAfter(months.last);
  if (q.endDate >= afterLast) result.push(daily(afterLast, q.endDate));
  return result;
}

/**
 * Sums of the rollups over the query's range and scene, grouped as asked. The model filter
 * narrows the call measures only: chats belong to scenes, not to model versions. The days
 * before yesterday come from the cache of past sums while stat_past_version says they have not
 * changed (past-cache.ts); the last days are read in the same statement as that version.
 */
export async function usage(
  db: Database,
  q: StatisticQuery,
  groups: readonly GroupKey[],
  measures: readonly MeasureKey[] = ALL_MEASURES,
): Promise<UsageRow[]> {
  const { past, live } = pastCacheOn(db) ? splitAtCutoff(q, pastCutoff()) : { live: q };
  if (!past) return (await readUsage(db, live!, groups, measures)).rows;
  const cache = pastCacheOf<UsageRow>(db);
  const key = JSON.stringify([past, groups, measures]);
  const now = live
    ? await readUsage(db, live, groups, measures, true)
    : { rows: [], version: await pastVersion(db) };
  let before = now.version === undefined ? undefined : cache.get(key, now.version);
  if (!before) {
    const read = await readUsage(db, past, groups, measures, true);
    before = read.rows;
    if (read.version !== undefined) cache.set(key, read.version, read.rows);
  }
  return live ? addRows(before, now.rows, measures) : before;
}

/** The version of the days before today (stat_past_version, migration 0011); null without its row. */
const PAST_VERSION = sql`(select version from stat_past_version where id = 1)`;

/** A version as read (bigint text, or null without the row) as usage() compares it. */
const versionOf = (v: string | number | null | undefined) =>
  v === undefined || v === null ? undefined : Number(v);

/** The past's version now; undefined without its row. */
async function pastVersion(db: Database): Promise<number | undefined> {
  const { rows } = (await db.execute(sql`select ${PAST_VERSION} as version`)) as unknown as {
    rows: { version: string | number | null }[];
  };
  return versionOf(rows[0]?.version);
}

/** Rows of two disjoint ranges as one answer: rows of the same keys add up. */
function addRows(
  a: readonly UsageRow[],
  b: readonly UsageRow[],
  measures: readonly MeasureKey[],
): UsageRow[] {
  const keyOf = (r: UsageRow) => `${r.bucket}\u0000${r.sceneCode}\u0000${r.modelVersion}`;
  const out = new Map<string, UsageRow>();
  for (const r of a) out.set(keyOf(r), r);
  for (const r of b) {
    const key = keyOf(r);
    const known = out.get(key);
    if (!known) {
      out.set(key, r);
      continue;
    }
    // A new row: the cached ones are shared by every answer.
    const sum = { ...known };
    for (const m of measures) sum[m] = known[m] + r[m];
    sum.cost = roundCost(sum.cost);
    out.set(key, sum);
  }
  return [...out.values()];
}

/** usage() straight from the rollups, with the past's version read in the same statement. */
async function readUsage(
  db: Database,
  q: StatisticQuery,
  groups: readonly GroupKey[],
  measures: readonly MeasureKey[],
  withVersion = false,
): Promise<{ rows: UsageRow[]; version?: number }> {
  const model = q.modelVersion;
  const bucket = groups.includes('bucket');
  const chosen = parts(q, groups);
  const bucketOf = (part: Part) =>
    q.granularity === 'day' && part.day
      ? part.day
      : sql`date_trunc(${q.granularity}, ${part.time})::date`;
  // Each part yields its bucket as a date and float8 measures: grouping on a date and adding
  // floats took about half the time of grouping on the formatted text and adding numerics
  // (bench, a year of day × scene rows). Buckets leave as day numbers, formatted in JS:
  // to_char over a year of rows cost as much as reading them.
  const selects = chosen.map((part) => {
    const where = [...part.where];
    if (q.sceneCode !== undefined) where.push(sql`scene_code = ${q.sceneCode}`);
    // Rows of other model versions hold no chats: skipping them changes no sum.
    if (model !== undefined && part.hasModel) where.push(sql`model_version in (${model}, '')`);
    return sql`select ${bucket ? bucketOf(part) : sql`null::date`} as b,
        scene_code, ${part.hasModel ? sql`model_version` : sql`''`} as model_version,
        calls::float8 as calls, prompt_tokens::float8 as prompt_tokens,
        completion_tokens::float8 as completion_tokens, cost::float8 as cost, chats::float8 as chats
      from ${sql.raw(part.table)} where ${sql.join(where, sql` and `)}`;
  });

  // Day buckets per scene from the per-scene daily rollup are its rows as they stand.
  const asStored =
    chosen.length === 1 &&
    chosen[0]!.table === 'stat_daily_scene' &&
    q.granularity === 'day' &&
    bucket &&
    groups.includes('scene') &&
    !groups.includes('model');
  const callsOnly = model === undefined ? sql`true` : sql`model_version = ${model}`;
  const measure = (column: string) =>
    sql`coalesce(sum(${sql.raw(column)}) filter (where ${callsOnly}), 0)`;
  const grouped = asStored
    ? sql`select b, scene_code as s, '' as m, calls, prompt_tokens, completion_tokens, cost, chats
        from (${selects[0]!}) r`
    : sql`select b,
        ${groups.includes('scene') ? sql`scene_code` : sql`''`} as s,
        ${groups.includes('model') ? sql`model_version` : sql`''`} as m,
        ${measure('calls')} as calls,
        ${measure('prompt_tokens')} as prompt_tokens,
        ${measure('completion_tokens')} as completion_tokens,
        ${measure('cost')} as cost,
        coalesce(sum(chats), 0) as chats
      from (${sql.join(selects, sql` union all `)}) r
      group by 1, 2, 3`;
  // One JSON array of rows, with only the measures asked for: moving a year of day × scene
  // rows out of PostgreSQL costs more than the query, and it grows with the columns; the shape
  // (text rows or one JSON value) changed little (PERFORMANCE.md, issue 10).
  const wanted = MEASURE_COLUMNS.filter((m) => measures.includes(m.key));
  const version = withVersion ? sql`, ${PAST_VERSION} as "version"` : sql``;
  const statement = sql`select json_agg(json_build_array(b - date '1970-01-01', s, m${sql.raw(
    wanted.map((m) => `, ${m.column}`).join(''),
  )})) as "rows"${version}
    from (${grouped}) g`;
  const { rows } = (await db.execute(statement)) as unknown as {
    rows: { rows: string | unknown[][] | null; version?: string | number | null }[];
  };
  const raw = rows[0]?.rows ?? [];
  const list = (typeof raw === 'string' ? JSON.parse(raw) : raw) as unknown[][];
  // A year of day × scene rows names only 365 days: format each once.
  const dayNames = new Map<number, string>();
  const dayName = (n: number) => {
    let name = dayNames.get(n);
    if (name === undefined) {
      name = new Date(n * 86_400_000).toISOString().slice(0, 10);
      dayNames.set(n, name);
    }
    return name;
  };
  const read = list.map((r) => {
    const row: UsageRow = {
      bucket: r[0] === null ? '' : dayName(Number(r[0])),
      sceneCode: String(r[1]),
      modelVersion: String(r[2]),
      calls: 0,
      promptTokens: 0,
      completionTokens: 0,
      cost: 0,
      chats: 0,
    };
    wanted.forEach((m, i) => {
      row[m.key] = Number(r[3 + i]);
    });
    row.cost = roundCost(row.cost);
    return row;
  });
  return { rows: read, version: versionOf(rows[0]?.version) };
}

/** Money to 6 decimals, as stored; float sums of numeric values may carry noise beyond. */
export function roundCost(n: number): number {
  return Math.round(n * 1e6) / 1e6;
}

/** How long the raw-calls count of distinct users may take before the rollup answers instead. */
export const RAW_USERS_TIMEOUT_MS = 3000;

interface UserCounts {
  byScene: Map<string, number>;
  all: number;
  /** False when the count came from whole platform-zone days around the range (see below). */
  exact: boolean;
}

/** Bits of a stat_user_days row: the year before its year (366) and its year (366). */
const ROW_BITS = 732;

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

/** The stat_user_days kinds of a query: per scene, and all scenes (with a model version or not). */
function kindsOf(q: StatisticQuery): { perScene: number; allScenes: number } {
  return q.modelVersion === undefined
    ? { perScene: 1, allScenes: 3 }
    : { perScene: 0, allScenes: 2 };
}

/**
 * The query's rows of the user tables keyed like stat_user_days (unqualified columns) in the row
 * year `rowYear`: its per-scene and all-scenes kinds, model version and scene. A scene filter
 * needs no all-scenes row: the scene's users are all of them.
 */
function userRowKeys(q: StatisticQuery, rowYear: number): SQL {
  const { perScene, allScenes } = kindsOf(q);
  const kinds = q.sceneCode === undefined ? [perScene, allScenes] : [perScene];
  return sql`year = ${rowYear} and kind in (${sql.join(
    kinds.map((k) => sql`${k}`),
    sql`, `,
  )}) and model_version = ${q.modelVersion ?? ''}
    and ${q.sceneCode === undefined ? sql`true` : sql`scene_code = ${q.sceneCode}`}`;
}

/** A call time `column` lies in the instants [from, to) (ms since the epoch). */
function instantsIn(column: SQL, [from, to]: [number, number]): SQL {
  const iso = (t: number) => new Date(t).toISOString();
  return sql`(${column} >= ${iso(from)}::timestamptz and ${column} < ${iso(to)}::timestamptz)`;
}

/** The days of [from, to] in the rows of `rowYear`, and their first and last bit (1-based; 0: none). */
function maskOf(from: string, to: string, rowYear: number) {
  const mask = rangeMask(from, to, rowYear);
  return { mask, first: mask.indexOf('1') + 1, last: mask.lastIndexOf('1') + 1 };
}

/** A stat_user_days row (unqualified columns) has a day of `mask` set. */
function daysMeet(mask: string): SQL {
  const bits = sql.raw(String(ROW_BITS));
  return sql`days & ${mask}::bit(${bits}) <> ${'0'.repeat(ROW_BITS)}::bit(${bits})`;
}

/**
 * Users of the raw calls in `edges` (instants [from, to)) not already counted for the platform
 * days `days`: per scene, the (scene, user) pairs whose stat_user_days row does not meet those
 * days, and over all scenes, the users whose all-scenes row does not.
 */
async function edgeUsers(
  db: Database,
  q: StatisticQuery,
  edges: [number, number][],
  days: { first: string; last: string } | undefined,
  narrow: SQL[],
): Promise<Omit<UserCounts, 'exact'>> {
  const inRange = sql.join(
    edges.map((edge) => instantsIn(sql`call_time`, edge)),
    sql` or `,
  );
  const met = days ? meetsRange(days.first, days.last) : sql`false`;
  const { perScene, allScenes } = kindsOf(q);
  const model = q.modelVersion ?? '';
  // One index probe per pair (LIMIT 1 keeps each a nested-loop probe of the primary key): as NOT
  // EXISTS, the planner estimates few rows active in the range and merges against all of them
  // (a 30-day UTC scene list at 2 M calls: 61–69 → 34–45 ms for this statement, PERFORMANCE.md).
  const activeInside = (kind: number, scene: SQL, user: SQL) =>
    sql`left join lateral (select 1 as hit from stat_user_days where kind = ${kind}
      and model_version = ${model} and scene_code = ${scene} and user_id = ${user} and ${met}
      limit 1) inside on true`;
  const statement = sql`with e as (
      select coalesce(scene_code, '') as scene, user_id from prompt_calls
      where (${inRange}) and ${sql.join([sql`user_id is not null`, ...narrow], sql` and `)}
      group by 1, 2)
    select e.scene as "sceneCode", count(*)::int as "users", 0 as "all" from e
    ${activeInside(perScene, sql`e.scene`, sql`e.user_id`)}
    where inside.hit is null
    group by e.scene
    union all
    select '', count(*)::int, 1 from (select distinct user_id from e) u
    ${activeInside(allScenes, sql`''`, sql`u.user_id`)}
    where inside.hit is null`;
  return userCountsOf(db, statement);
}

/**
 * edgeUsers from the bitmaps' side. A pair counted only in an edge was active on the edge's
 * platform day and on no day inside, so its row is either last active on the start edge's day
 * or active after the range (the end edge's day or later) with no inside day set: both are index
 * ranges of stat_user_days_last_bit_idx. Each such row then needs one raw call in an edge, an
 * index probe of prompt_calls_user_id_call_time_idx. Null when the range's rows would need two
 * row years (a 366-day range reaching back to 31 December): edgeUsers answers.
 */
async function edgeUsersFromBitmaps(
  db: Database,
  q: StatisticQuery,
  edges: [number, number][],
  days: { first: string; last: string },
): Promise<Omit<UserCounts, 'exact'> | null> {
  const insideFrom = dayStart(days.first, DEFAULT_TIME_ZONE);
  const startEdge = edges.find(([, b]) => b === insideFrom);
  const endEdge = edges.find(([a]) => a > insideFrom);
  const startDay = addDays(days.first, -1);
  const endDay = addDays(days.last, 1);
  const rowYear = Number((endEdge ? endDay : days.last).slice(0, 4));
  if (startEdge && Number(startDay.slice(0, 4)) < rowYear - 1) return null;
  const bitOf = (day: string) => maskOf(day, day, rowYear).first;
  const inside = rangeMask(days.first, days.last, rowYear);
  // With no day inside set, a day of the edges' whole span set is an edge's day.
  const span = rangeMask(startEdge ? startDay : days.first, endEdge ? endDay : days.last, rowYear);
  const { allScenes } = kindsOf(q);
  const rows = userRowKeys(q, rowYear);
  const callIn = (edge: [number, number]) => sql`exists (select 1 from prompt_calls p
    where p.user_id = c.user_id and ${instantsIn(sql`p.call_time`, edge)}
      and (c.kind = ${allScenes} or coalesce(p.scene_code, '') = c.scene_code)
      ${q.modelVersion === undefined ? sql`` : sql`and p.model_version = ${q.modelVersion}`}
      ${q.sceneCode === undefined ? sql`` : sql`and p.scene_code = ${q.sceneCode}`})`;
  const statement = sql`with c as (
      ${
        startEdge
          ? sql`select kind, scene_code, user_id from stat_user_days
            where ${rows} and last_bit = ${bitOf(startDay)} union all `
          : sql``
      }
      select kind, scene_code, user_id from stat_user_days where ${rows} and last_bit > ${bitOf(days.last)}
        and not ${daysMeet(inside)} and ${daysMeet(span)})
    select case when kind = ${allScenes} then '' else scene_code end as "sceneCode",
      count(*)::int as "users", (kind = ${allScenes})::int as "all"
    from c where ${sql.join(
      [...(startEdge ? [callIn(startEdge)] : []), ...(endEdge ? [callIn(endEdge)] : [])],
      sql` or `,
    )}
    group by 1, 3`;
  return userCountsOf(db, statement);
}

/**
 * The condition on a stat_user_days row (unqualified columns) that it was active on a day of
 * [from, to] (platform days, in the rows of the year `to` ends in and the one before).
 */
function meetsRange(from: string, to: string): SQL {
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
function bitmapPairs(q: StatisticQuery, from: string, to: string): SQL {
  const scene = q.sceneCode === undefined ? sql`true` : sql`scene_code = ${q.sceneCode}`;
  return sql`select scene_code, user_id from stat_user_days
    where ${meetsRange(from, to)} and kind = ${kindsOf(q).perScene}
    and model_version = ${q.modelVersion ?? ''} and ${scene}`;
}

/**
 * Distinct (scene, user) pairs of `source` (a select of scene_code, user_id) first (a hash
 * aggregate over the range), then two small counts: count(distinct) under grouping sets sorted
 * every row of the range instead (bench).
 */
async function countPairs(db: Database, source: SQL): Promise<Omit<UserCounts, 'exact'>> {
  const statement = sql`with pairs as (
      select coalesce(scene_code, '') as scene, user_id from (${source}) p group by 1, 2)
    select scene as "sceneCode", count(*)::int as "users", 0 as "all" from pairs group by scene
    union all
    select '', count(distinct user_id)::int, 1 from pairs`;
  return userCountsOf(db, statement);
}

/** Runs a statement answering (sceneCode, users, all) rows: per scene, and all = 1 for the total. */
async function userCountsOf(db: Database, statement: SQL): Promise<Omit<UserCounts, 'exact'>> {
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

/** Live scenes' names and monthly budgets, by code. */
export async function sceneInfo(
  db: Database,
): Promise<Map<string, { name: string; budget: number | null }>> {
  const { rows } = (await db.execute(
    sql`select scene_code as "code", scene_name as "name", monthly_budget::float8 as "budget"
      from scenes where is_del = 0`,
  )) as unknown as { rows: { code: string; name: string; budget: number | null }[] };
  return new Map(
    rows.map((r) => [
      r.code,
      { name: r.name, budget: r.budget === null ? null : Number(r.budget) },
    ]),
  );
}
