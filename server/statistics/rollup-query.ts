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

/**
 * Which rollup serves a query: the daily one (platform zone) when the asked zone is the
 * platform's, else the hourly one, grouped into the asked zone's local days. Both hold the
 * same sums (migration 0004 triggers).
 */
function source(q: StatisticQuery) {
  const daily = q.timeZone === DEFAULT_TIME_ZONE;
  return daily
    ? {
        table: sql.raw('stat_daily'),
        inRange: sql`day between ${q.startDate}::date and ${q.endDate}::date`,
        bucket: sql`date_trunc(${q.granularity}, day::timestamp)::date`,
      }
    : {
        table: sql.raw('stat_hourly'),
        inRange: sql`hour >= (${q.startDate}::date::timestamp at time zone ${q.timeZone})
          and hour < ((${q.endDate}::date + 1)::timestamp at time zone ${q.timeZone})`,
        bucket: sql`date_trunc(${q.granularity}, hour at time zone ${q.timeZone})::date`,
      };
}

/**
 * Sums of the rollup over the query's range and scene, grouped as asked. The model filter
 * narrows the call measures only: chats belong to scenes, not to model versions.
 */
export async function usage(
  db: Database,
  q: StatisticQuery,
  groups: readonly GroupKey[],
): Promise<UsageRow[]> {
  const src = source(q);
  // Grouped by position: the bucket expression carries parameters, and PostgreSQL matches a
  // GROUP BY expression to the select list only when they are identical.
  const keys: number[] = [];
  const select: SQL[] = [];
  if (groups.includes('bucket')) {
    keys.push(1);
    select.push(sql`to_char(${src.bucket}, 'YYYY-MM-DD') as "bucket"`);
  } else select.push(sql`'' as "bucket"`);
  if (groups.includes('scene')) keys.push(2);
  select.push(groups.includes('scene') ? sql`scene_code as "sceneCode"` : sql`'' as "sceneCode"`);
  if (groups.includes('model')) keys.push(3);
  select.push(
    groups.includes('model') ? sql`model_version as "modelVersion"` : sql`'' as "modelVersion"`,
  );

  const model = q.modelVersion;
  const callsOnly = model === undefined ? sql`true` : sql`model_version = ${model}`;
  const measure = (column: string) =>
    sql`coalesce(sum(${sql.raw(column)}) filter (where ${callsOnly}), 0)::float8`;
  const where = [src.inRange];
  if (q.sceneCode !== undefined) where.push(sql`scene_code = ${q.sceneCode}`);
  // Rows of other model versions hold no chats: skipping them changes no sum.
  if (model !== undefined) where.push(sql`model_version in (${model}, '')`);

  const statement = sql`select ${sql.join(select, sql`, `)},
      ${measure('calls')} as "calls",
      ${measure('prompt_tokens')} as "promptTokens",
      ${measure('completion_tokens')} as "completionTokens",
      ${measure('cost')} as "cost",
      coalesce(sum(chats), 0)::float8 as "chats"
    from ${src.table}
    where ${sql.join(where, sql` and `)}
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

/**
 * Distinct callers per scene and over all scenes. The platform zone reads the daily users
 * rollup. Another zone counts the raw calls of its range (exact), within RAW_USERS_TIMEOUT_MS:
 * a long range of a busy platform would otherwise hold a connection for many seconds and end
 * in the statement timeout. Past it, the rollup's days from the day before to the day after
 * answer: every zone's range lies inside them, so the count is an upper bound, marked inexact.
 */
export async function distinctUsers(db: Database, q: StatisticQuery): Promise<UserCounts> {
  const narrow: SQL[] = [];
  if (q.sceneCode !== undefined) narrow.push(sql`scene_code = ${q.sceneCode}`);
  if (q.modelVersion !== undefined) narrow.push(sql`model_version = ${q.modelVersion}`);
  const fromRollup = (from: SQL, to: SQL) =>
    countPairs(db, sql.raw('stat_daily_users'), [
      sql`day between ${from} and ${to}`,
      sql`calls > 0`,
      ...narrow,
    ]);
  if (q.timeZone === DEFAULT_TIME_ZONE) {
    return {
      ...(await fromRollup(sql`${q.startDate}::date`, sql`${q.endDate}::date`)),
      exact: true,
    };
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
      ...(await fromRollup(sql`${q.startDate}::date - 1`, sql`${q.endDate}::date + 1`)),
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
