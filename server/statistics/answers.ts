import {
  bucketsOf,
  type CostAnswer,
  type ModelShare,
  type SceneListAnswer,
  type SceneTotal,
  type Series,
  type SeriesAnswer,
  type StatisticQuery,
  type TokensAnswer,
  type UsageTotals,
  todayIn,
} from '../../contract/statistics';
import type { Database } from '../db/client';
import { distinctUsers } from './distinct-users';
import { sceneInfo } from './scene-info';
import { roundCost, usage, type MeasureKey, type UsageRow } from './usage';

type Measure = (r: UsageRow) => number;
const MEASURES = {
  calls: (r) => r.calls,
  tokens: (r) => r.promptTokens + r.completionTokens,
  chats: (r) => r.chats,
  cost: (r) => r.cost,
} satisfies Record<string, Measure>;
export type SeriesMeasure = keyof typeof MEASURES;
/** The rollup columns each series reads: a year of day buckets is ~11 000 rows per column. */
const SERIES_COLUMNS: Record<SeriesMeasure, readonly MeasureKey[]> = {
  calls: ['calls'],
  tokens: ['promptTokens', 'completionTokens'],
  chats: ['chats'],
  cost: ['cost'],
};

function rangeOf(q: StatisticQuery) {
  return {
    startDate: q.startDate,
    endDate: q.endDate,
    granularity: q.granularity,
    timeZone: q.timeZone,
  };
}

const round = (measure: SeriesMeasure, n: number) => (measure === 'cost' ? roundCost(n) : n);

/**
 * Values per bucket for each key, every bucket present (zero where no row fell), keys that
 * never reach a non-zero value left out, in descending order of their sum.
 */
function toSeries(
  rows: readonly UsageRow[],
  buckets: readonly string[],
  keyOf: (r: UsageRow) => string,
  nameOf: (key: string) => string,
  value: Measure,
  measure: SeriesMeasure,
): { series: Series[]; total: number[] } {
  const index = new Map(buckets.map((b, i) => [b, i]));
  const byKey = new Map<string, number[]>();
  const total = buckets.map(() => 0);
  for (const r of rows) {
    const i = index.get(r.bucket);
    const v = value(r);
    if (i === undefined || v === 0) continue;
    const key = keyOf(r);
    const values = byKey.get(key) ?? buckets.map(() => 0);
    values[i] = round(measure, values[i]! + v);
    byKey.set(key, values);
    total[i] = round(measure, total[i]! + v);
  }
  const sum = (vs: number[]) => vs.reduce((a, b) => a + b, 0);
  const series = [...byKey]
    .map(([key, values]) => ({ key, name: nameOf(key), values }))
    .sort((a, b) => sum(b.values) - sum(a.values) || a.key.localeCompare(b.key));
  return { series, total };
}

async function names(db: Database) {
  const scenes = await sceneInfo(db);
  return { scenes, nameOf: (code: string) => scenes.get(code)?.name ?? code };
}

/** scene/times, scene/tokens, scene/chat/times: one series per scene. */
export async function sceneSeries(
  db: Database,
  q: StatisticQuery,
  measure: 'calls' | 'tokens' | 'chats',
): Promise<SeriesAnswer> {
  const buckets = bucketsOf(q.startDate, q.endDate, q.granularity);
  const [rows, { nameOf }] = await Promise.all([
    usage(db, q, ['bucket', 'scene'], SERIES_COLUMNS[measure]),
    names(db),
  ]);
  const { series, total } = toSeries(
    rows,
    buckets,
    (r) => r.sceneCode,
    nameOf,
    MEASURES[measure],
    measure,
  );
  return { range: rangeOf(q), buckets, series, total };
}

function modelShares(rows: readonly UsageRow[]): ModelShare[] {
  return rows
    .filter((r) => r.calls !== 0 || r.promptTokens !== 0 || r.completionTokens !== 0)
    .map((r) => ({
      modelVersion: r.modelVersion,
      calls: r.calls,
      promptTokens: r.promptTokens,
      completionTokens: r.completionTokens,
      totalTokens: r.promptTokens + r.completionTokens,
      cost: r.cost,
    }))
    .sort((a, b) => b.totalTokens - a.totalTokens || a.modelVersion.localeCompare(b.modelVersion));
}

/** tokens/list: prompt and completion tokens per bucket, and each model version's share. */
export async function tokens(db: Database, q: StatisticQuery): Promise<TokensAnswer> {
  const buckets = bucketsOf(q.startDate, q.endDate, q.granularity);
  const [byBucket, byModel] = await Promise.all([
    usage(db, q, ['bucket'], SERIES_COLUMNS.tokens),
    usage(db, q, ['model']),
  ]);
  const index = new Map(buckets.map((b, i) => [b, i]));
  const prompt = buckets.map(() => 0);
  const completion = buckets.map(() => 0);
  for (const r of byBucket) {
    const i = index.get(r.bucket);
    if (i === undefined) continue;
    prompt[i] = r.promptTokens;
    completion[i] = r.completionTokens;
  }
  return {
    range: rangeOf(q),
    buckets,
    series: [
      { key: 'prompt', name: 'prompt', values: prompt },
      { key: 'completion', name: 'completion', values: completion },
    ],
    total: buckets.map((_, i) => prompt[i]! + completion[i]!),
    models: modelShares(byModel),
  };
}

function emptyTotals(): UsageTotals {
  return {
    calls: 0,
    promptTokens: 0,
    completionTokens: 0,
    totalTokens: 0,
    chats: 0,
    users: 0,
    cost: 0,
  };
}

/**
 * scene/list: per scene the range's totals. Every live scene is listed (idle ones with zeros,
 * so an operator sees which scenes nobody used), plus any code with activity but no live scene.
 */
export async function sceneList(db: Database, q: StatisticQuery): Promise<SceneListAnswer> {
  const [rows, users, { scenes }] = await Promise.all([
    usage(db, q, ['scene']),
    distinctUsers(db, q),
    names(db),
  ]);
  const byCode = new Map<string, SceneTotal>();
  const add = (code: string): SceneTotal => {
    const existing = byCode.get(code);
    if (existing) return existing;
    const row = { sceneCode: code, sceneName: scenes.get(code)?.name ?? null, ...emptyTotals() };
    byCode.set(code, row);
    return row;
  };
  if (q.sceneCode !== undefined) add(q.sceneCode);
  else for (const code of scenes.keys()) add(code);
  const totals = emptyTotals();
  for (const r of rows) {
    if (r.calls === 0 && r.chats === 0 && r.promptTokens === 0 && r.completionTokens === 0)
      continue;
    const row = add(r.sceneCode);
    row.calls = r.calls;
    row.promptTokens = r.promptTokens;
    row.completionTokens = r.completionTokens;
    row.totalTokens = r.promptTokens + r.completionTokens;
    row.chats = r.chats;
    row.cost = r.cost;
    totals.calls += r.calls;
    totals.promptTokens += r.promptTokens;
    totals.completionTokens += r.completionTokens;
    totals.chats += r.chats;
    totals.cost = roundCost(totals.cost + r.cost);
  }
  totals.totalTokens = totals.promptTokens + totals.completionTokens;
  totals.users = users.all;
  for (const [code, n] of users.byScene) {
    const row = byCode.get(code);
    if (row) row.users = n;
  }
  const list = [...byCode.values()].sort(
    (a, b) =>
      b.calls - a.calls ||
      b.chats - a.chats ||
      (a.sceneName ?? a.sceneCode).localeCompare(b.sceneName ?? b.sceneCode),
  );
  return { range: rangeOf(q), list, total: list.length, totals, usersExact: users.exact };
}

/**
 * cost/list: cost per bucket per scene, per model version, and per scene with its monthly
 * budget and the share used in the current calendar month of the asked zone.
 */
export async function cost(db: Database, q: StatisticQuery, now = new Date()): Promise<CostAnswer> {
  const today = todayIn(q.timeZone, now);
  const month: StatisticQuery = {
    ...q,
    startDate: `${today.slice(0, 8)}01`,
    endDate: today,
    granularity: 'month',
  };
  const buckets = bucketsOf(q.startDate, q.endDate, q.granularity);
  const [byBucket, byModel, thisMonth, { scenes, nameOf }] = await Promise.all([
    usage(db, q, ['bucket', 'scene'], SERIES_COLUMNS.cost),
    usage(db, q, ['model']),
    usage(db, month, ['scene'], SERIES_COLUMNS.cost),
    names(db),
  ]);
  const { series, total } = toSeries(
    byBucket,
    buckets,
    (r) => r.sceneCode,
    nameOf,
    MEASURES.cost,
    'cost',
  );
  const monthCost = new Map(thisMonth.map((r) => [r.sceneCode, r.cost]));
  // The range's cost per scene is the sum of its buckets: no second pass over the rollup.
  const rangeCost = new Map<string, number>();
  for (const r of byBucket) {
    rangeCost.set(r.sceneCode, roundCost((rangeCost.get(r.sceneCode) ?? 0) + r.cost));
  }
  const codes = new Set<string>(
    q.sceneCode !== undefined
      ? [q.sceneCode]
      : [
          ...[...scenes].filter(([, s]) => s.budget !== null).map(([c]) => c),
          ...[...rangeCost].filter(([, c]) => c !== 0).map(([c]) => c),
          ...[...monthCost].filter(([, c]) => c !== 0).map(([c]) => c),
        ],
  );
  const sceneCosts = [...codes]
    .map((code) => {
      const budget = scenes.get(code)?.budget ?? null;
      const used = monthCost.get(code) ?? 0;
      return {
        sceneCode: code,
        sceneName: scenes.get(code)?.name ?? null,
        cost: rangeCost.get(code) ?? 0,
        monthlyBudget: budget,
        monthCost: used,
        budgetShare: budget ? Math.round((used / budget) * 10_000) / 10_000 : null,
      };
    })
    .sort((a, b) => b.cost - a.cost || a.sceneCode.localeCompare(b.sceneCode));
  return {
    range: rangeOf(q),
    buckets,
    series,
    total,
    models: modelShares(byModel),
    scenes: sceneCosts,
  };
}
