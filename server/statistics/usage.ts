import { sql, type SQL } from 'drizzle-orm';
import { addDays, DEFAULT_TIME_ZONE, type StatisticQuery } from '../../contract/statistics';
import type { Database } from '../db/client';
import { monthAfter, wholeMonths } from './months';
import {
  PAST_VERSION,
  pastCacheOf,
  pastCacheOn,
  pastCutoff,
  pastVersion,
  splitAtCutoff,
  versionOf,
} from './past-cache';

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
 * Which rollups serve a query: another zone reads the hourly rollup; the platform zone reads
 * daily rows, or whole months from the monthly rollup plus daily rows for the partial months.
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
 * Sums of the rollups over the query's range, grouped as asked; the model filter narrows the call
 * measures only (chats belong to scenes). Past days come from the cache while still current.
 */
export async function usage(
  db: Database,
  q: StatisticQuery,
  groups: readonly GroupKey[],
  measures: readonly MeasureKey[] = ALL_MEASURES,
): Promise<UsageRow[]> {
  const rows = await allUsage(db, q, groups, measures);
  if (!q.excludeTrials) return rows;
  return withoutTrials(rows, await trialUsage(db, q, groups), measures);
}

async function allUsage(
  db: Database,
  q: StatisticQuery,
  groups: readonly GroupKey[],
  measures: readonly MeasureKey[],
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

/**
 * The calls of a query's range that the console made itself (source other than `platform`),
 * grouped as usage() groups. Read from the calls, not the rollups, which count every source:
 * trial calls are few, and the source index finds them.
 */
async function trialUsage(
  db: Database,
  q: StatisticQuery,
  groups: readonly GroupKey[],
): Promise<UsageRow[]> {
  const local = sql`call_time at time zone ${q.timeZone}`;
  const bucket = groups.includes('bucket')
    ? sql`to_char(date_trunc(${q.granularity}, ${local}), 'YYYY-MM-DD')`
    : sql`''`;
  const scene = groups.includes('scene') ? sql`coalesce(scene_code, '')` : sql`''`;
  const model = groups.includes('model') ? sql`coalesce(model_version, '')` : sql`''`;
  const where = [
    sql`source <> 'platform'`,
    sql`call_time >= (${q.startDate}::date::timestamp at time zone ${q.timeZone})`,
    sql`call_time < ((${q.endDate}::date + 1)::timestamp at time zone ${q.timeZone})`,
  ];
  if (q.sceneCode !== undefined) where.push(sql`scene_code = ${q.sceneCode}`);
  if (q.modelVersion !== undefined) where.push(sql`model_version = ${q.modelVersion}`);
  const { rows } = (await db.execute(sql`
    select ${bucket} as bucket, ${scene} as scene, ${model} as model, count(*)::float8 as calls,
      coalesce(sum(prompt_tokens), 0)::float8 as prompt_tokens,
      coalesce(sum(completion_tokens), 0)::float8 as completion_tokens,
      coalesce(sum(cost), 0)::float8 as cost
    from prompt_calls where ${sql.join(where, sql` and `)}
    group by 1, 2, 3`)) as unknown as {
    rows: Record<string, string | number>[];
  };
  return rows.map((r) => ({
    bucket: String(r.bucket),
    sceneCode: String(r.scene),
    modelVersion: String(r.model),
    calls: Number(r.calls),
    promptTokens: Number(r.prompt_tokens),
    completionTokens: Number(r.completion_tokens),
    cost: Number(r.cost),
    chats: 0,
  }));
}

/** The grouping keys of a row, as one string. */
const keyOf = (r: UsageRow) => `${r.bucket}\u0000${r.sceneCode}\u0000${r.modelVersion}`;

/** Rows of two disjoint ranges as one answer: rows of the same keys add up. */
function addRows(
  a: readonly UsageRow[],
  b: readonly UsageRow[],
  measures: readonly MeasureKey[],
): UsageRow[] {
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

/** Rows less the trial calls of the same keys; chats are never trials. */
function withoutTrials(
  rows: readonly UsageRow[],
  trials: readonly UsageRow[],
  measures: readonly MeasureKey[],
): UsageRow[] {
  if (!trials.length) return [...rows];
  const less = new Map(trials.map((t) => [keyOf(t), t]));
  return rows.map((r) => {
    const t = less.get(keyOf(r));
    if (!t) return r;
    const row = { ...r };
    for (const m of measures) if (m !== 'chats') row[m] = Math.max(0, r[m] - t[m]);
    row.cost = roundCost(row.cost);
    return row;
  });
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
  // Buckets as dates and measures as float8: cheaper to group and add than text and numerics.
  // Buckets leave as day numbers and are formatted in JS, where to_char would cost as much.
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
  // One JSON array holding only the measures asked for: moving the rows out of PostgreSQL
  // costs more than the query, and it grows with the columns.
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
