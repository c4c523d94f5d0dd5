import { and, asc, count, countDistinct, eq, ilike, inArray, type SQL } from 'drizzle-orm';
import { COST_DECIMALS } from '../../../contract/figures';
import type { EvaluationMetric } from '../../../contract/resources/model-evaluate';
import { evaluationJobs } from '../../db/schema';
import { meanInterval, pairedBootstrap, winLossTie, type Interval } from '../../evaluation/stats';
import { invalidField } from '../../http/app-error';
import type { EndpointHandler } from '../engine/endpoints';
import { likePattern } from '../engine/query';
import { toRecord, type Row } from '../engine/rows';
import type { ResourceStore } from '../engine/store';
import type { Caller } from '../engine/visibility';
import { reportExport } from './report-export';
import {
  chosenMetrics,
  mean,
  reportedMetrics,
  RESULTS,
  round,
  roundInterval,
  scoreOf,
  versionRank,
  versionsOf,
} from './report-scores';

/** The version results are compared against: the body's, the stored one, else the first. */
function baselineOf(evaluation: Row, versions: readonly string[], asked?: string): string | null {
  if (asked !== undefined) {
    if (!versions.includes(asked)) {
      throw invalidField('baseline', 'notOneOf', { options: versions.join(', ') });
    }
    return asked;
  }
  const stored = evaluation.baselineVersion as string | null;
  return stored && versions.includes(stored) ? stored : (versions[0] ?? null);
}

interface VersionResults {
  results: number;
  values: Map<EvaluationMetric, number[]>;
  /** The scores of each item, for pairing with the baseline (a later result wins). */
  byItem: Map<number, unknown>;
  human: number[];
  latency: number[];
  tokens: number[];
  cost: number[];
}

function emptyResults(): VersionResults {
  return {
    results: 0,
    values: new Map(),
    byItem: new Map(),
    human: [],
    latency: [],
    tokens: [],
    cost: [],
  };
}

/** Per metric, this version against the baseline over the items both have a score for. */
function versus(
  own: VersionResults,
  base: VersionResults,
  metrics: readonly EvaluationMetric[],
): Row {
  const items = [...own.byItem.keys()].filter((i) => base.byItem.has(i)).sort((x, y) => x - y);
  const out: Row = {};
  for (const m of metrics) {
    const a: number[] = [];
    const b: number[] = [];
    for (const item of items) {
      const mine = scoreOf(own.byItem.get(item), m);
      const theirs = scoreOf(base.byItem.get(item), m);
      if (mine === undefined || theirs === undefined) continue;
      a.push(mine);
      b.push(theirs);
    }
    const interval = pairedBootstrap(a, b);
    if (!interval) continue;
    out[m] = { ...winLossTie(a, b), ...roundInterval(interval) };
  }
  return out;
}

/** Per model version the metrics' means with their intervals, and each against the baseline. */
const report: EndpointHandler = async (
  store,
  body: { id: number; baseline?: string },
  caller: Caller,
) => {
  const evaluation = await store.detail(body.id, caller);
  const versions = versionsOf(evaluation);
  const baseline = baselineOf(evaluation, versions, body.baseline);
  const results = store.other(RESULTS);
  const c = (name: string) => results.col(name);
  const [rows, failures] = await Promise.all([
    store.db
      .select({
        itemId: c('itemId'),
        modelVersion: c('modelVersion'),
        scores: c('scores'),
        latencyMs: c('latencyMs'),
        totalTokens: c('totalTokens'),
        humanScore: c('humanScore'),
      })
      .from(results.table)
      .where(eq(c('evaluateId'), body.id))
      .orderBy(asc(c('id'))),
    store.db
      .select({ modelVersion: evaluationJobs.modelVersion, failed: count() })
      .from(evaluationJobs)
      .where(and(eq(evaluationJobs.evaluationId, body.id), eq(evaluationJobs.state, 'failed')))
      .groupBy(evaluationJobs.modelVersion),
  ]);
  const metrics = reportedMetrics(
    evaluation,
    rows.map((r) => r.scores),
  );
  const failed = new Map(failures.map((f) => [String(f.modelVersion), Number(f.failed)]));

  const byVersion = new Map(versions.map((v) => [v, emptyResults()]));
  for (const row of rows) {
    const own = byVersion.get(String(row.modelVersion));
    // Results of a version the evaluation no longer lists are not reported.
    if (!own) continue;
    own.results++;
    own.byItem.set(Number(row.itemId), row.scores);
    for (const m of metrics) {
      const value = scoreOf(row.scores, m);
      if (value === undefined) continue;
      const list = own.values.get(m) ?? [];
      list.push(value);
      own.values.set(m, list);
    }
    if (typeof row.humanScore === 'number') own.human.push(row.humanScore);
    own.latency.push(Number(row.latencyMs ?? 0));
    own.tokens.push(Number(row.totalTokens ?? 0));
    const cost = scoreOf(row.scores, 'cost');
    if (cost !== undefined) own.cost.push(cost);
  }

  const base = baseline === null ? undefined : byVersion.get(baseline);
  const meansOf = (own: VersionResults) => {
    const out = new Map<EvaluationMetric, number>();
    for (const [m, values] of own.values) out.set(m, mean(values)!);
    return out;
  };
  const baseMeans = base ? meansOf(base) : new Map<EvaluationMetric, number>();
  return {
    baseline,
    metrics,
    rows: versions.map((version) => {
      const own = byVersion.get(version)!;
      const means = meansOf(own);
      const isBaseline = version === baseline;
      const diff: Record<string, number> = {};
      const intervals: Record<string, Interval> = {};
      for (const m of metrics) {
        const value = means.get(m);
        if (value === undefined) continue;
        intervals[m] = roundInterval(meanInterval(own.values.get(m)!)!);
        const b = baseMeans.get(m);
        if (b !== undefined) diff[m] = round(value - b);
      }
      const human = mean(own.human);
      const latency = mean(own.latency);
      const tokens = mean(own.tokens);
      const costTotal = own.cost.reduce((s, v) => s + v, 0);
      return {
        modelVersion: version,
        results: own.results,
        failed: failed.get(version) ?? 0,
        metrics: Object.fromEntries([...means].map(([m, v]) => [m, round(v)])),
        intervals,
        humanScore: human === null ? null : round(human),
        humanScored: own.human.length,
        latencyMs: latency === null ? null : round(latency),
        totalTokens: own.tokens.reduce((s, v) => s + v, 0),
        meanTokens: tokens === null ? null : round(tokens),
        cost: own.cost.length
          ? {
              total: round(costTotal, COST_DECIMALS),
              mean: round(costTotal / own.cost.length, COST_DECIMALS),
              n: own.cost.length,
            }
          : null,
        diff: isBaseline ? null : diff,
        versus: isBaseline || !base ? null : versus(own, base, metrics),
      };
    }),
  };
};

/** The lowest score of `metric` among results, or null when none has one. */
function lowestOf(scores: readonly unknown[], metric: EvaluationMetric | null): number | null {
  if (!metric) return null;
  let lowest: number | null = null;
  for (const s of scores) {
    const value = scoreOf(s, metric);
    if (value !== undefined && (lowest === null || value < lowest)) lowest = value;
  }
  return lowest;
}

interface ItemsBody {
  id: number;
  current: number;
  pageSize: number;
  keyword?: string;
  sort: 'item' | 'worst';
  metric?: EvaluationMetric;
  itemId?: number;
}

/**
 * The item ids of one page in the order asked, and how many items there are. Worst first, an
 * item ranks by the lowest score any version got on the metric (ties by item id), which puts
 * first the items where some version failed worst; items without that score come last.
 */
async function pageOfItems(
  store: ResourceStore,
  body: ItemsBody,
  where: SQL | undefined,
  metric: EvaluationMetric | null,
): Promise<{ ids: number[]; total: number }> {
  const results = store.other(RESULTS);
  const c = (name: string) => results.col(name);
  const offset = (body.current - 1) * body.pageSize;
  if (body.sort === 'worst' && metric) {
    const rows = await store.db
      .select({ itemId: c('itemId'), scores: c('scores') })
      .from(results.table)
      .where(where);
    const scores = new Map<number, unknown[]>();
    for (const row of rows) {
      const id = Number(row.itemId);
      scores.set(id, [...(scores.get(id) ?? []), row.scores]);
    }
    const ranked = [...scores].map(([id, list]) => ({ id, lowest: lowestOf(list, metric) }));
    ranked.sort((a, b) => {
      if (a.lowest === null || b.lowest === null) {
        if (a.lowest !== b.lowest) return a.lowest === null ? 1 : -1;
      } else if (a.lowest !== b.lowest) {
        return a.lowest - b.lowest;
      }
      return a.id - b.id;
    });
    return {
      ids: ranked.slice(offset, offset + body.pageSize).map((r) => r.id),
      total: ranked.length,
    };
  }
  const [items, totals] = await Promise.all([
    store.db
      .select({ itemId: c('itemId') })
      .from(results.table)
      .where(where)
      .groupBy(c('itemId'))
      .orderBy(asc(c('itemId')))
      .limit(body.pageSize)
      .offset(offset),
    store.db
      .select({ total: countDistinct(c('itemId')) })
      .from(results.table)
      .where(where),
  ]);
  return { ids: items.map((i) => Number(i.itemId)), total: Number(totals[0]?.total ?? 0) };
}

/** A page of the evaluated corpus items, each with every model version's result. */
const reportItems: EndpointHandler = async (store, body: ItemsBody, caller: Caller) => {
  const evaluation = await store.detail(body.id, caller);
  const versions = versionsOf(evaluation);
  const metric = body.metric ?? chosenMetrics(evaluation)[0] ?? null;
  const results = store.other(RESULTS);
  const c = (name: string) => results.col(name);
  const where = and(
    eq(c('evaluateId'), body.id),
    body.keyword ? ilike(c('question'), likePattern(body.keyword)) : undefined,
    body.itemId !== undefined ? eq(c('itemId'), body.itemId) : undefined,
  );
  const { ids, total } = await pageOfItems(store, body, where, metric);
  const rows = ids.length
    ? await store.db
        .select(results.selection(caller))
        .from(results.table)
        .where(and(eq(c('evaluateId'), body.id), inArray(c('itemId'), ids)))
        .orderBy(asc(c('itemId')), asc(c('id')))
    : [];
  const rank = versionRank(versions);
  const list = ids.map((itemId) => {
    const own = rows
      .filter((r) => Number(r.itemId) === itemId)
      .map((r) => toRecord(results.def, r as Row))
      .sort((a, b) => rank(a.modelVersion) - rank(b.modelVersion));
    const first = own[0] ?? {};
    return {
      itemId,
      question: String(first.question ?? ''),
      expectedAnswer: (first.expectedAnswer as string | null | undefined) ?? null,
      lowest: lowestOf(
        own.map((r) => r.scores),
        metric,
      ),
      results: own,
    };
  });
  return { list, total, metric };
};

/** The report calls, by the names contract/resources/model-evaluate.ts declares. */
export const reportEndpoints: Readonly<Record<string, EndpointHandler>> = {
  report,
  reportItems,
  reportExport,
};
