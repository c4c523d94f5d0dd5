import { beforeAll, describe, expect, it } from 'vitest';
import { apiPath } from '../../../contract/api';
import { Code } from '../../../contract/envelope';
import { corpora, modelEvaluateResults, modelVersions } from '../../db/schema';
import { describeBackends } from '../../test/backends';
import { addUser, useTestApp } from '../../test/harness';

interface Evaluation {
  id: number;
  version: number;
  state: string;
  modelVersions: string[];
  baselineVersion: string | null;
  metrics: string[];
  corpusName: string | null;
}
interface ReportRow {
  modelVersion: string;
  results: number;
  failed: number;
  metrics: Record<string, number>;
  intervals: Record<string, unknown>;
  humanScore: number | null;
  humanScored: number;
  latencyMs: number | null;
  totalTokens: number;
  meanTokens: number | null;
  cost: unknown;
  diff: Record<string, number> | null;
  versus: Record<string, unknown> | null;
}
interface Result {
  id: number;
  version: number;
  itemId: number;
  modelVersion: string;
  humanScore: number | null;
  comment: string | null;
  evaluateName: string | null;
}
interface Items {
  total: number;
  list: { itemId: number; question: string; expectedAnswer: string | null; results: Result[] }[];
}

// Versions of this file's own, so the test does not depend on what the demo seed holds.
const A = 'eval-test-a';
const B = 'eval-test-b';
const C = 'eval-test-c';

/** Model evaluations, their report and the per-item comparison. */
describeBackends('model evaluations', (backend) => {
  const t = useTestApp(backend, { prepare: (db) => addUser(db, '2', 'other') });
  const tokens: Record<string, string> = {};
  let corpusId = 0;
  let otherTemplate = 0;
  let myTemplate = 0;

  const as = (who: string, path: string, body: unknown) =>
    t.post(apiPath(...path.split('/')), body, { token: tokens[who] });
  const ok = async <T>(who: string, path: string, body: unknown): Promise<T> => {
    const answer = await as(who, path, body);
    expect(answer.body.code, `${path}: ${JSON.stringify(answer.body)}`).toBe(0);
    return answer.body.data as T;
  };
  const invalidOn = async (path: string, body: unknown, field: string) => {
    const answer = await as('user', path, body);
    expect(answer.body.code, JSON.stringify(answer.body)).toBe(Code.INVALID);
    const issues = (answer.body.data as { issues: { field: string }[] }).issues;
    // A field's own part may follow it (metrics.1).
    expect(issues.some((i) => i.field === field || i.field.startsWith(`${field}.`))).toBe(true);
  };
  const create = (extra: object = {}) =>
    ok<Evaluation>('user', 'model-evaluate/create', {
      evaluateName: '评测',
      corpusId,
      modelVersions: [A, B, C],
      ...extra,
    });

  beforeAll(async () => {
    for (const name of ['user', 'other']) tokens[name] = await t.login(name);
    await t.db
      .insert(modelVersions)
      .values([A, B, C].map((version) => ({ modelType: 'WINGPT', name: version, version })));
    const [set] = await t.db
      .insert(corpora)
      .values({ corpusName: '评测用语料' } as typeof corpora.$inferInsert)
      .returning();
    corpusId = Number(set!.id);
    const template = (who: string) =>
      ok<{ id: number }>(who, 'prompt/create', {
        scope: 'personal',
        title: `${who} 的模板`,
        content: '回答：{{q}}',
        variables: [{ name: '问题', type: 'text', fieldName: 'q' }],
      });
    myTemplate = (await template('user')).id;
    otherTemplate = (await template('other')).id;
  });

  describe('create', () => {
    it('defaults the baseline to the first version and the metrics to accuracy', async () => {
      const row = await create({ templateId: myTemplate });
      expect(row).toMatchObject({
        state: 'pending',
        modelVersions: [A, B, C],
        baselineVersion: A,
        metrics: ['accuracy'],
        corpusName: '评测用语料',
      });
    });

    it('keeps a chosen baseline and metrics', async () => {
      const row = await create({ baselineVersion: B, metrics: ['bleu', 'fluency'] });
      expect(row).toMatchObject({ baselineVersion: B, metrics: ['bleu', 'fluency'] });
    });

    it('answers 40000 naming the field for each broken rule', async () => {
      const path = 'model-evaluate/create';
      const base = { evaluateName: 'x', corpusId, modelVersions: [A] };
      await invalidOn(path, { ...base, modelVersions: [] }, 'modelVersions');
      await invalidOn(path, { ...base, modelVersions: [A, 'no-such-model'] }, 'modelVersions');
      await invalidOn(
        path,
        { ...base, modelVersions: [A, B, C, 'd', 'e', 'f', 'g'] },
        'modelVersions',
      );
      await invalidOn(path, { ...base, baselineVersion: B }, 'baselineVersion');
      await invalidOn(path, { ...base, corpusId: 999_999 }, 'corpusId');
      await invalidOn(path, { ...base, templateId: otherTemplate }, 'templateId');
      await invalidOn(path, { ...base, metrics: ['accuracy', 'nonsense'] }, 'metrics');
    });

    it('an update keeps the baseline among the stored versions', async () => {
      const row = await create({ modelVersions: [A, B] });
      await invalidOn(
        'model-evaluate/update',
        { id: row.id, version: row.version, baselineVersion: C },
        'baselineVersion',
      );
      const changed = await ok<Evaluation>('user', 'model-evaluate/update', {
        id: row.id,
        version: row.version,
        baselineVersion: B,
      });
      expect(changed.baselineVersion).toBe(B);
    });
  });

  describe('cancel', () => {
    it('cancels a pending evaluation once; the version is checked', async () => {
      const row = await create();
      const stale = await as('user', 'model-evaluate/cancel', {
        id: row.id,
        version: row.version + 1,
      });
      expect(stale.body.code).toBe(Code.CONFLICT);
      const cancelled = await ok<Evaluation & { finishedAt: string | null }>(
        'user',
        'model-evaluate/cancel',
        { id: row.id, version: row.version },
      );
      expect(cancelled.state).toBe('cancelled');
      expect(cancelled.finishedAt).not.toBeNull();
      await invalidOn('model-evaluate/cancel', { id: row.id, version: cancelled.version }, 'state');
    });
  });

  describe('report and items', () => {
    let evaluation: Evaluation;
    beforeAll(async () => {
      evaluation = await create({
        evaluateName: '报告评测',
        baselineVersion: B,
        metrics: ['accuracy', 'bleu'],
      });
      // Results are written by the run (no create via the API): rows straight into the table.
      const row = (
        itemId: number,
        modelVersion: string,
        scores: Record<string, number>,
        extra: Partial<typeof modelEvaluateResults.$inferInsert> = {},
      ) =>
        ({
          evaluateId: evaluation.id,
          itemId,
          question: `问题 ${itemId}${itemId === 3 ? ' 退款' : ''}`,
          expectedAnswer: `答案 ${itemId}`,
          modelVersion,
          answer: `${modelVersion} 的回答 ${itemId}`,
          scores,
          latencyMs: 100 * itemId,
          totalTokens: 10 * itemId,
          ...extra,
        }) as typeof modelEvaluateResults.$inferInsert;
      await t.db.insert(modelEvaluateResults).values([
        row(1, A, { accuracy: 80, bleu: 40 }, { humanScore: 4 }),
        row(2, A, { accuracy: 90, bleu: 50 }, { humanScore: 5 }),
        row(3, A, { accuracy: 70 }),
        row(1, B, { accuracy: 60, bleu: 30 }, { humanScore: 2 }),
        row(2, B, { accuracy: 65, bleu: 20 }),
        row(3, B, { accuracy: 50, bleu: 25 }),
        row(4, B, { accuracy: 100, bleu: 100 }),
        // C has no results at all.
      ]);
    });

    it('aggregates per version and diffs against the stored baseline', async () => {
      const report = await ok<{ baseline: string; rows: ReportRow[] }>(
        'user',
        'model-evaluate/report',
        { id: evaluation.id },
      );
      expect(report.baseline).toBe(B);
      expect(report.rows.map((r) => r.modelVersion)).toEqual([A, B, C]);
      const [a, b, c] = report.rows;
      // A: accuracy (80+90+70)/3 = 80, bleu (40+50)/2 = 45, human (4+5)/2 = 4.5 from 2.
      expect(a).toEqual({
        modelVersion: A,
        results: 3,
        metrics: { accuracy: 80, bleu: 45 },
        humanScore: 4.5,
        humanScored: 2,
        latencyMs: 200,
        totalTokens: 60,
        // B: accuracy (60+65+50+100)/4 = 68.75, bleu (30+20+25+100)/4 = 43.75.
        diff: { accuracy: 11.25, bleu: 1.25 },
        // Intervals and the paired comparison are checked in report.test.ts.
        failed: 0,
        intervals: { accuracy: expect.any(Object), bleu: expect.any(Object) },
        meanTokens: 20,
        cost: null,
        versus: { accuracy: expect.any(Object), bleu: expect.any(Object) },
      });
      expect(b).toEqual({
        modelVersion: B,
        results: 4,
        metrics: { accuracy: 68.75, bleu: 43.75 },
        humanScore: 2,
        humanScored: 1,
        latencyMs: 250,
        totalTokens: 100,
        diff: null,
        failed: 0,
        intervals: { accuracy: expect.any(Object), bleu: expect.any(Object) },
        meanTokens: 25,
        cost: null,
        versus: null,
      });
      expect(c).toEqual({
        modelVersion: C,
        results: 0,
        metrics: {},
        humanScore: null,
        humanScored: 0,
        latencyMs: null,
        totalTokens: 0,
        diff: {},
        failed: 0,
        intervals: {},
        meanTokens: null,
        cost: null,
        versus: {},
      });
    });

    it('takes a baseline from the body; an unknown one answers 40000 on baseline', async () => {
      const report = await ok<{ baseline: string; rows: ReportRow[] }>(
        'user',
        'model-evaluate/report',
        { id: evaluation.id, baseline: A },
      );
      expect(report.baseline).toBe(A);
      expect(report.rows[0]!.diff).toBeNull();
      expect(report.rows[1]!.diff).toEqual({ accuracy: -11.25, bleu: -1.25 });
      await invalidOn('model-evaluate/report', { id: evaluation.id, baseline: 'zzz' }, 'baseline');
      const missing = await as('user', 'model-evaluate/report', { id: 999_999 });
      expect(missing.body.code).toBe(Code.NOT_FOUND);
    });

    it('pages distinct items with every version’s result in the evaluation’s order', async () => {
      const first = await ok<Items>('user', 'model-evaluate/report/items', {
        id: evaluation.id,
        current: 1,
        pageSize: 3,
      });
      expect(first.total).toBe(4);
      expect(first.list.map((i) => i.itemId)).toEqual([1, 2, 3]);
      expect(first.list[0]).toMatchObject({ question: '问题 1', expectedAnswer: '答案 1' });
      expect(first.list[0]!.results.map((r) => r.modelVersion)).toEqual([A, B]);
      expect(first.list[0]!.results[0]!.evaluateName).toBe('报告评测');
      const second = await ok<Items>('user', 'model-evaluate/report/items', {
        id: evaluation.id,
        current: 2,
        pageSize: 3,
      });
      expect(second.list.map((i) => i.itemId)).toEqual([4]);
      expect(second.list[0]!.results.map((r) => r.modelVersion)).toEqual([B]);
      const found = await ok<Items>('user', 'model-evaluate/report/items', {
        id: evaluation.id,
        keyword: '退款',
      });
      expect(found.total).toBe(1);
      expect(found.list.map((i) => i.itemId)).toEqual([3]);
      const wildcard = await ok<Items>('user', 'model-evaluate/report/items', {
        id: evaluation.id,
        keyword: '%',
      });
      expect(wildcard.total).toBe(0);
    });

    it('operators score a result; a stale version answers 40900 and changes nothing', async () => {
      const items = await ok<Items>('user', 'model-evaluate/report/items', {
        id: evaluation.id,
        current: 2,
        pageSize: 1,
      });
      // Item 2's answer of B, not yet scored.
      const result = items.list[0]!.results[1]!;
      const scored = await ok<Result>('user', 'model-evaluate/result/update', {
        id: result.id,
        version: result.version,
        humanScore: 3,
        comment: '基本正确',
      });
      expect(scored).toMatchObject({ humanScore: 3, comment: '基本正确' });
      const stale = await as('user', 'model-evaluate/result/update', {
        id: result.id,
        version: result.version,
        humanScore: 0,
      });
      expect(stale.body.code).toBe(Code.CONFLICT);
      await invalidOn(
        'model-evaluate/result/update',
        { id: result.id, version: scored.version, humanScore: 6 },
        'humanScore',
      );
      const stored = await ok<Result>('user', 'model-evaluate/result/detail', { id: result.id });
      expect(stored).toMatchObject({ humanScore: 3, comment: '基本正确' });
      const created = await as('user', 'model-evaluate/result/create', {
        evaluateId: evaluation.id,
        itemId: 9,
        question: 'q',
        modelVersion: A,
      });
      // Results are the run's: creating one is no call of the console at all.
      expect(created.body.code).toBe(Code.NOT_FOUND);
      // The report counts the new score: B's human scores are now 2 (item 1) and 3 (item 2).
      const report = await ok<{ rows: ReportRow[] }>('user', 'model-evaluate/report', {
        id: evaluation.id,
      });
      expect(report.rows[1]).toMatchObject({ humanScore: 2.5, humanScored: 2 });
    });
  });
});
