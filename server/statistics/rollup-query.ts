import { sql, type SQL } from 'drizzle-orm';
import { DEFAULT_TIME_ZONE, type StatisticQuery } from '../../contract/statistics';
import type { Database } from '../db/client';
import { databaseErrorOf } from '../http/pg-errors';

/** One aggregated row: the grouping keys asked for and every measure. */
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

/** YYYY-MM-DD plus n days (UTC arithmetic on a calendar date). */
export function shiftDate(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * The calendar months lying wholly inside [start, end], as the first day of the first and of
 * the last such month, or null when there is none.
 */
export function wholeMonths(start: string, end: string): { first: string; last: string } | null {
  const first = start.endsWith('-01')
    ? start
    : `${shiftDate(`${start.slice(0, 8)}01`, 32).slice(0, 8)}01`;
  const afterEnd = shiftDate(end, 1);
  // The month that ends on `end` is whole when the next day starts a month.
  const last = afterEnd.endsWith('-01')
    ? `${end.slice(0, 8)}01`
    : `${shiftDate(`${end.slice(0, 8)}01`, -1).slice(0, 8)}01`;
  return first <= last ? { first, last } : null;
}

/** A select of (t timestamp, scene_code, model_version, the measures) from one rollup. */
interface Part {
  table: string;
  time: SQL;
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
  if (q.startDate < months.first) result.push(daily(q.startDate, shiftDate(months.first, -1)));
  const afterLast = `${shiftDate(months.last, 32).slice(0, 8)}01`;
  if (q.endDate >= afterLast) result.push(daily(afterLast, q.endDate));
  return result;
}

/**
 * Sums of the rollups over the query's range and scene, grouped as asked. The model filter
 * narrows the call measures only: chats belong to scenes, not to model versions.
 */
export async function usage(
  db: Database,
  q: StatisticQuery,
  groups: readonly GroupKey[],
): Promise<UsageRow[]> {
  const model = q.modelVersion;
  const selects = parts(q, groups).map((part) => {
    const where = [...part.where];
    if (q.sceneCode !== undefined) where.push(sql`scene_code = ${q.sceneCode}`);
    // Rows of other model versions hold no chats: skipping them changes no sum.
    if (model !== undefined && part.hasModel) where.push(sql`model_version in (${model}, '')`);
    return sql`select ${part.time} as t, scene_code,
        ${part.hasModel ? sql`model_version` : sql`''`} as model_version,
        calls, prompt_tokens, completion_tokens, cost, chats
      from ${sql.raw(part.table)} where ${sql.join(where, sql` and `)}`;
  });

  // Grouped by position: the bucket expression carries parameters, and PostgreSQL matches a
  // GROUP BY expression to the select list only when they are identical.
  const keys: number[] = [];
  const select: SQL[] = [];
  if (groups.includes('bucket')) {
    keys.push(1);
    select.push(sql`to_char(date_trunc(${q.granularity}, t)::date, 'YYYY-MM-DD') as "bucket"`);
  } else select.push(sql`'' as "bucket"`);
  if (groups.includes('scene')) keys.push(2);
  select.push(groups.includes('scene') ? sql`scene_code as "sceneCode"` : sql`'' as "sceneCode"`);
  if (groups.includes('model')) keys.push(3);
  select.push(
    groups.includes('model') ? sql`model_version as "modelVersion"` : sql`'' as "modelVersion"`,
  );

  const callsOnly = model === undefined ? sql`true` : sql`model_version = ${model}`;
  const measure = (column: string) =>
    sql`coalesce(sum(${sql.raw(column)}) filter (where ${callsOnly}), 0)::float8`;
  const statement = sql`select ${sql.join(select, sql`, `)},
      ${measure('calls')} as "calls",
      ${measure('prompt_tokens')} as "promptTokens",
      ${measure('completion_tokens')} as "completionTokens",
      ${measure('cost')} as "cost",
      coalesce(sum(chats), 0)::float8 as "chats"
    from (${sql.join(selects, sql` union all `)}) r
    ${keys.length ? sql.raw(`group by ${keys.join(', ')}`) : sql``}`;
  const { rows } = (await db.execute(statement)) as unknown as { rows: UsageRow[] };
  return rows.map((r) => ({
    ...r,
    calls: Number(r.calls),
    promptTokens: Number(r.promptTokens),
    completionTokens: Number(r.completionTokens),
    cost: roundCost(Number(r.cost)),
    chats: Number(r.chats),
  }));
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

const YEAR_BITS = 366;

/**
 * Per calendar year the range touches, the bit mask of its days in that year as
 * stat_user_days stores them (bit 0 is 1 January). A range of at most 366 days touches at most
 * two years.
 */
export function yearMasks(start: string, end: string): { year: number; mask: string }[] {
  const result: { year: number; mask: string }[] = [];
  for (let year = Number(start.slice(0, 4)); year <= Number(end.slice(0, 4)); year++) {
    const dayOf = (date: string) =>
      (Date.parse(`${date}T00:00:00Z`) - Date.UTC(year, 0, 1)) / 86_400_000;
    const from = Math.max(0, dayOf(start));
    const to = Math.min(dayOf(`${year}-12-31`), dayOf(end));
    result.push({
      year,
      mask: '0'.repeat(from) + '1'.repeat(to - from + 1) + '0'.repeat(YEAR_BITS - to - 1),
    });
  }
  return result;
}

/**
 * Distinct callers per scene and over all scenes. The platform zone reads the per-year day
 * bitmaps (stat_user_days, or stat_user_model_days for a model version): a (scene, user)
 * counts when its days meet the range. Another zone counts the raw calls of its range (exact),
 * within RAW_USERS_TIMEOUT_MS: a long range of a busy platform would otherwise hold a
 * connection for many seconds and end in the statement timeout. Past it, the bitmaps of the
 * platform days from the day before to the day after answer: every zone's range lies inside
 * them, so the count is an upper bound, marked inexact.
 */
export async function distinctUsers(db: Database, q: StatisticQuery): Promise<UserCounts> {
  const narrow: SQL[] = [];
  if (q.sceneCode !== undefined) narrow.push(sql`scene_code = ${q.sceneCode}`);
  if (q.modelVersion !== undefined) narrow.push(sql`model_version = ${q.modelVersion}`);
  const fromBitmaps = (from: string, to: string) => {
    const zero = '0'.repeat(YEAR_BITS);
    const inRange = yearMasks(from, to).map(
      ({ year, mask }) =>
        sql`(year = ${year} and days & ${mask}::bit(${sql.raw(String(YEAR_BITS))}) <> ${zero}::bit(${sql.raw(String(YEAR_BITS))}))`,
    );
    return countPairs(
      db,
      sql.raw(q.modelVersion === undefined ? 'stat_user_days' : 'stat_user_model_days'),
      [sql`(${sql.join(inRange, sql` or `)})`, ...narrow],
    );
  };
  if (q.timeZone === DEFAULT_TIME_ZONE) {
    return { ...(await fromBitmaps(q.startDate, q.endDate)), exact: true };
  }
  try {
    const counted = await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local statement_timeout = ${RAW_USERS_TIMEOUT_MS}`));
      return countPairs(tx as unknown as Database, sql.raw('prompt_calls'), [
        sql`call_time >= (${q.startDate}::date::timestamp at time zone ${q.timeZone})`,
        sql`call_time < ((${q.endDate}::date + 1)::timestamp at time zone ${q.timeZone})`,
        sql`user_id is not null`,
        ...narrow,
      ]);
    });
    return { ...counted, exact: true };
  } catch (error) {
    if (databaseErrorOf(error)?.code !== '57014') throw error;
    return {
      ...(await fromBitmaps(shiftDate(q.startDate, -1), shiftDate(q.endDate, 1))),
      exact: false,
    };
  }
}

/**
 * Distinct (scene, user) pairs first (a hash aggregate over the range), then two small counts:
 * count(distinct) under grouping sets sorted every row of the range instead (bench).
 */
async function countPairs(
  db: Database,
  source: SQL,
  filters: SQL[],
): Promise<Omit<UserCounts, 'exact'>> {
  const statement = sql`with pairs as (
      select coalesce(scene_code, '') as scene, user_id from ${source}
      where ${sql.join(filters, sql` and `)} group by 1, 2)
    select scene as "sceneCode", count(*)::int as "users", 0 as "all" from pairs group by scene
    union all
    select '', count(distinct user_id)::int, 1 from pairs`;
  const { rows } = (await db.execute(statement)) as unknown as {
    rows: { sceneCode: string; users: number; all: number }[];
  };
  const byScene = new Map<string, number>();
  let all = 0;
  for (const r of rows) {
    if (Number(r.all) === 1) all = Number(r.users);
    else byScene.set(r.sceneCode, Number(r.users));
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

/** Today's date in a zone, YYYY-MM-DD. */
export function todayIn(timeZone: string, now = new Date()): string {
  // en-CA formats as YYYY-MM-DD.
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}
