import { beforeAll, describe, expect, it } from 'vitest';
import { apiPath } from '../../../contract/api';
import { Code } from '../../../contract/envelope';
import enEvaluate from '../../../src/locales/en-US/model-evaluate.json';
import enResult from '../../../src/locales/en-US/model-evaluate-result.json';
import zhEvaluate from '../../../src/locales/zh-CN/model-evaluate.json';
import zhResult from '../../../src/locales/zh-CN/model-evaluate-result.json';
import { corpora, evaluationJobs, modelEvaluateResults, modelVersions } from '../../db/schema';
import { pairedBootstrap } from '../../evaluation/stats';
import { describeBackends } from '../../test/backends';
import { useTestApp } from '../../test/harness';

interface Interval {
  mean: number;
  low: number;
  high: number;
  n: number;
}
interface Versus extends Interval {
  win: number;
  loss: number;
  tie: number;
}
interface ReportRow {
  modelVersion: string;
  results: number;
  failed: number;
  metrics: Record<string, number>;
  intervals: Record<string, Interval>;
  humanScore: number | null;
  humanScored: number;
  latencyMs: number | null;
  totalTokens: number;
  meanTokens: number | null;
  cost: { total: number; mean: number; n: number } | null;
  diff: Record<string, number> | null;
  versus: Record<string, Versus> | null;
}
interface Report {
  baseline: string;
  metrics: string[];
  rows: ReportRow[];
}
interface Items {
  total: number;
  metric: string | null;
  list: {
    itemId: number;
    lowest: number | null;
    results: { modelVersion: string; scores: Record<string, unknown> }[];
  }[];
}

const A = 'report-test-a';
const B = 'report-test-b';
const C = 'report-test-c';
const ANSWERED_AT = new Date('2025-03-01T00:30:00Z');

/** Rounded as the report rounds: two decimals. */
const r2 = (v: number) => Math.round(v * 100) / 100;

/**
 * The report's statistics, worst-first order and export against hand-computed values. Scores
 * (accuracy, judge) per item:
 *
 *   item   A         B          C
 *   1      60 / 50   70 / 60    50 / -
 *   2      70 / 80   70 / 90    40 / -
 *   3      80 / null 100 / 40   failed
 *   4      90 / 70   -          -
 *   5      -         0 / -      -
 */
describeBackends('evaluation report', (backend) => {
  const t = useTestApp(backend);
  let token = '';
  let evaluationId = 0;

  const ok = async <T>(path: string, body: unknown, lang?: string): Promise<T> => {
    const answer = await t.post(apiPath(...path.split('/')), body, {
      token,
      ...(lang ? { lang } : {}),
    });
    expect(answer.body.code, `${path}: ${JSON.stringify(answer.body)}`).toBe(0);
    return answer.body.data as T;
  };
  const file = (body: unknown, lang = 'zh-CN') =>
    t.app.inject({
      method: 'POST',
      url: apiPath('model-evaluate', 'report', 'download'),
      headers: { authorization: `Bearer ${token}`, 'accept-language': lang },
      payload: body as object,
    });

  beforeAll(async () => {
    token = await t.login('user');
    await t.db
      .insert(modelVersions)
      .values([A, B, C].map((version) => ({ modelType: 'WINGPT', name: version, version })));
    const [set] = await t.db
      .insert(corpora)
      .values({ corpusName: '报告用语料' } as typeof corpora.$inferInsert)
      .returning();
    const evaluation = await ok<{ id: number }>('model-evaluate/create', {
      evaluateName: '报告统计',
      corpusId: Number(set!.id),
      modelVersions: [A, B, C],
      metrics: ['accuracy', 'judge'],
      judgeVersion: C,
    });
    evaluationId = evaluation.id;
    const row = (
      itemId: number,
      modelVersion: string,
      scores: Record<string, unknown>,
      extra: Partial<typeof modelEvaluateResults.$inferInsert> = {},
    ) =>
      ({
        evaluateId: evaluationId,
        itemId,
        question: `问题 ${itemId}`,
        expectedAnswer: `答案 ${itemId}`,
        modelVersion,
        answer: `${modelVersion} 的回答 ${itemId}`,
        scores,
        latencyMs: 100 * itemId,
        totalTokens: 10 * itemId,
        createdAt: ANSWERED_AT,
        ...extra,
      }) as typeof modelEvaluateResults.$inferInsert;
    await t.db
      .insert(modelEvaluateResults)
      .values([
        row(1, A, { accuracy: 60, judge: 50, cost: 0.00125 }, { humanScore: 4 }),
        row(2, A, { accuracy: 70, judge: 80, cost: 0.00375 }),
        row(3, A, { accuracy: 80, judge: null, judgeError: 'unreadable: ?', cost: 0.0001 }),
        row(4, A, { accuracy: 90, judge: 70, cost: 0 }),
        row(1, B, { accuracy: 70, judge: 60, judgeReason: '更完整, 引用了 "条款"' }),
        row(2, B, { accuracy: 70, judge: 90 }),
        row(3, B, { accuracy: 100, judge: 40 }),
        row(5, B, { accuracy: 0 }),
        row(1, C, { accuracy: 50 }),
        row(2, C, { accuracy: 40 }, { answer: '=1+1' }),
      ]);
    await t.db.insert(evaluationJobs).values({
      evaluationId,
      itemId: 3,
      modelVersion: C,
      state: 'failed',
      error: { kind: 'timeout', message: 'no answer' },
    });
  });

  describe('report', () => {
    let report: Report;
    beforeAll(async () => {
      report = await ok<Report>('model-evaluate/report', { id: evaluationId });
    });

    it('answers each metric’s mean with its 95 % t interval', () => {
      expect(report.baseline).toBe(A);
      expect(report.metrics).toEqual(['accuracy', 'judge']);
      const [a, b, c] = report.rows;
      // A accuracy 60, 70, 80, 90: mean 75, s² = 500 / 3, half = t(3) 3.182 × √(s² / 4).
      const half = 3.182 * Math.sqrt(500 / 3 / 4);
      expect(a!.intervals.accuracy).toEqual({
        mean: 75,
        low: r2(75 - half),
        high: r2(75 + half),
        n: 4,
      });
      expect(a!.intervals.accuracy).toEqual({ mean: 75, low: 54.46, high: 95.54, n: 4 });
      // A judge 50, 80, 70 (item 3 has none): mean 66.67, s² = 233.33, t(2) 4.303.
      expect(a!.intervals.judge).toEqual({ mean: 66.67, low: 28.72, high: 104.62, n: 3 });
      // C accuracy 50, 40: mean 45, s = √50, half = t(1) 12.706 × 5.
      expect(c!.intervals.accuracy).toEqual({ mean: 45, low: -18.53, high: 108.53, n: 2 });
      // B judge 60, 90, 40: mean 63.33.
      expect(b!.metrics).toEqual({ accuracy: 60, judge: 63.33 });
      expect(c!.intervals.judge).toBeUndefined();
    });

    it('answers human score, latency, tokens, cost and failed items per version', () => {
      const [a, b, c] = report.rows;
      expect(a).toMatchObject({
        results: 4,
        failed: 0,
        humanScore: 4,
        humanScored: 1,
        // (100 + 200 + 300 + 400) / 4, tokens 10 + 20 + 30 + 40.
        latencyMs: 250,
        totalTokens: 100,
        meanTokens: 25,
        // 0.0051 and 0.001275, to 4 decimals half away from zero.
        cost: { total: 0.0051, mean: 0.0013, n: 4 },
      });
      expect(b).toMatchObject({ results: 4, failed: 0, cost: null, humanScore: null });
      expect(c).toMatchObject({ results: 2, failed: 1, totalTokens: 30, meanTokens: 15 });
    });

    it('pairs each version with the baseline by item: win, loss, tie and the bootstrap interval', () => {
      const [a, b, c] = report.rows;
      expect(a!.versus).toBeNull();
      // B − A on accuracy over items 1–3 (4 and 5 are answered by one only): +10, 0, +20.
      const accuracy = pairedBootstrap([70, 70, 100], [60, 70, 80])!;
      expect(b!.versus!.accuracy).toEqual({
        win: 2,
        loss: 0,
        tie: 1,
        mean: 10,
        low: r2(accuracy.low),
        high: r2(accuracy.high),
        n: 3,
      });
      expect(b!.versus!.accuracy!.low).toBeGreaterThanOrEqual(0);
      expect(b!.versus!.accuracy!.high).toBeLessThanOrEqual(20);
      // Judge: item 3 has no baseline score, so items 1 and 2: +10 and +10, no spread at all.
      expect(b!.versus!.judge).toEqual({
        win: 2,
        loss: 0,
        tie: 0,
        mean: 10,
        low: 10,
        high: 10,
        n: 2,
      });
      // C − A: −10 and −30, both losses; the interval lies below 0.
      expect(c!.versus!.accuracy).toMatchObject({ win: 0, loss: 2, tie: 0, mean: -20, n: 2 });
      expect(c!.versus!.accuracy!.low).toBe(-30);
      expect(c!.versus!.accuracy!.high).toBe(-10);
      expect(c!.versus!.judge).toBeUndefined();
      // The plain difference of means stays: B 60 − A 75.
      expect(b!.diff).toEqual({ accuracy: -15, judge: -3.33 });
    });

    it('follows a baseline from the body', async () => {
      const other = await ok<Report>('model-evaluate/report', { id: evaluationId, baseline: B });
      expect(other.rows[1]!.versus).toBeNull();
      expect(other.rows[0]!.versus!.accuracy).toMatchObject({ win: 0, loss: 2, tie: 1, mean: -10 });
    });
  });

  describe('report items', () => {
    const items = (body: object) =>
      ok<Items>('model-evaluate/report/items', { id: evaluationId, pageSize: 20, ...body });

    it('orders by item id by default', async () => {
      const page = await items({});
      expect(page.list.map((i) => i.itemId)).toEqual([1, 2, 3, 4, 5]);
      expect(page.metric).toBe('accuracy');
      expect(page.list.map((i) => i.lowest)).toEqual([50, 40, 80, 90, 0]);
    });

    it('puts the items with the lowest score of any version first', async () => {
      // Lowest accuracy: 1 → 50, 2 → 40, 3 → 80, 4 → 90, 5 → 0.
      const worst = await items({ sort: 'worst' });
      expect(worst.list.map((i) => i.itemId)).toEqual([5, 2, 1, 3, 4]);
      expect(worst.total).toBe(5);
      // Judge: 1 → 50, 2 → 80, 3 → 40 (A has none), 4 → 70, 5 has no judge score: last.
      const judged = await items({ sort: 'worst', metric: 'judge' });
      expect(judged.metric).toBe('judge');
      expect(judged.list.map((i) => i.itemId)).toEqual([3, 1, 4, 2, 5]);
      expect(judged.list.map((i) => i.lowest)).toEqual([40, 50, 70, 80, null]);
      const second = await items({ sort: 'worst', current: 2, pageSize: 2 });
      expect(second.list.map((i) => i.itemId)).toEqual([1, 3]);
      expect(second.total).toBe(5);
      const found = await items({ sort: 'worst', keyword: '问题 4' });
      expect(found.list.map((i) => i.itemId)).toEqual([4]);
    });

    it('answers one item with every version’s answer, the judge’s reason among the scores', async () => {
      const one = await items({ itemId: 1 });
      expect(one.total).toBe(1);
      expect(one.list[0]!.results.map((r) => r.modelVersion)).toEqual([A, B, C]);
      expect(one.list[0]!.results[1]!.scores.judgeReason).toBe('更完整, 引用了 "条款"');
      const three = await items({ itemId: 3 });
      expect(three.list[0]!.results[0]!.scores.judgeError).toBe('unreadable: ?');
      const bad = await t.post(
        apiPath('model-evaluate', 'report', 'items'),
        { id: evaluationId, sort: 'best' },
        { token },
      );
      expect(bad.body.code).toBe(Code.INVALID);
    });
  });

  describe('export', () => {
    it('writes one CSV row per item × version with translated headers', async () => {
      const res = await file({ id: evaluationId, format: 'csv', timeZone: 'Asia/Shanghai' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toMatch(
        new RegExp(`^attachment; filename="evaluation-${evaluationId}-\\d{8}T\\d{6}\\.csv"$`),
      );
      expect(res.body.startsWith('\uFEFF')).toBe(true);
      const lines = res.body.slice(1).trimEnd().split('\r\n');
      const f = zhResult.fields;
      const m = zhEvaluate.enums.metrics;
      const c = zhEvaluate.report.columns;
      expect(lines[0]!.split(',')).toEqual([
        f.itemId,
        f.question,
        f.expectedAnswer,
        f.modelVersion,
        f.answer,
        m.accuracy,
        m.judge,
        f.latencyMs,
        f.totalTokens,
        c.cost,
        c.judgeReason,
        f.humanScore,
        f.comment,
        `${c.createdAt}（Asia/Shanghai）`,
      ]);
      expect(new Set(lines[0]!.split(',')).size).toBe(14);
      expect(lines).toHaveLength(11);
      // Item, then the evaluation's version order; cost to 4 decimals, scores to 2.
      expect(lines[1]).toBe(
        `1,问题 1,答案 1,${A},${A} 的回答 1,60.00,50.00,100,10,0.0013,,4,,2025-03-01 08:30:00`,
      );
      expect(lines[2]).toBe(
        `1,问题 1,答案 1,${B},${B} 的回答 1,70.00,60.00,100,10,,"更完整, 引用了 ""条款""",,,2025-03-01 08:30:00`,
      );
      // A formula-looking answer is defused.
      expect(lines[6]).toContain(`,${C},'=1+1,40.00,,`);
      expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual([
        '1',
        '1',
        '1',
        '2',
        '2',
        '2',
        '3',
        '3',
        '4',
        '5',
      ]);
    });

    it('writes English headers for an English caller, times on the clock asked', async () => {
      const res = await file({ id: evaluationId, format: 'csv', timeZone: 'UTC' }, 'en-US');
      const [header, first] = res.body.slice(1).split('\r\n');
      expect(header).toContain(`${enResult.fields.itemId},${enResult.fields.question}`);
      expect(header).toContain(
        `${enEvaluate.enums.metrics.accuracy},${enEvaluate.enums.metrics.judge}`,
      );
      expect(header!.split(',')).toContain(enEvaluate.report.columns.judgeReason);
      expect(first!.endsWith(',2025-03-01 00:30:00')).toBe(true);
    });

    it('writes JSON Lines, and the same rows in the answer without a format', async () => {
      const res = await file({ id: evaluationId, format: 'jsonl' });
      expect(res.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
      const lines = res.body
        .trimEnd()
        .split('\n')
        .map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(lines).toHaveLength(10);
      expect(lines[0]).toEqual({
        itemId: 1,
        question: '问题 1',
        expectedAnswer: '答案 1',
        modelVersion: A,
        answer: `${A} 的回答 1`,
        accuracy: 60,
        judge: 50,
        latencyMs: 100,
        totalTokens: 10,
        cost: 0.0013,
        judgeReason: null,
        humanScore: 4,
        comment: null,
        createdAt: ANSWERED_AT.toISOString(),
      });
      const answer = await ok<{ list: Record<string, unknown>[] }>(
        'model-evaluate/report/download',
        { id: evaluationId },
      );
      expect(answer.list).toEqual(lines);
      expect(answer.list[1]).toMatchObject({
        modelVersion: B,
        judgeReason: '更完整, 引用了 "条款"',
      });
    });

    it('answers 40400 for an evaluation the caller cannot see', async () => {
      const res = await file({ id: 999_999, format: 'csv' });
      expect(res.headers['content-type']).toContain('application/json');
      expect((res.json() as { code: number }).code).toBe(Code.NOT_FOUND);
    });
  });
});
