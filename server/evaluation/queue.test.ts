import { and, eq, inArray } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { apiPath } from '../../contract/api';
import { Code } from '../../contract/envelope';
import {
  corpusItems,
  evaluationJobs,
  modelEvaluateResults,
  modelEvaluations,
  modelVersions,
} from '../db/schema';
import { ephemeralSecretBox } from '../crypto/secrets';
import { DEFAULT_OUTBOUND_POLICY } from '../models/outbound';
import { ModelRunner } from '../models/runner';
import { describeBackends } from '../test/backends';
import { useTestApp } from '../test/harness';
import { claimJobs, jobCounts } from './queue';
import { EvaluationWorker } from './worker';

const ITEMS = 50;

/** Evaluation runs: a queue in the database that workers share, resume and cancel. */
describeBackends('evaluation runs', (backend) => {
  const t = useTestApp(backend);
  let token = '';
  let corpusId = 0;
  let templateId = 0;
  const fast = [`fast-a-${Date.now()}`, `fast-b-${Date.now()}`];
  const slow = `slow-${Date.now()}`;
  const broken = `broken-${Date.now()}`;
  const runner = new ModelRunner(ephemeralSecretBox(), DEFAULT_OUTBOUND_POLICY);

  beforeAll(async () => {
    token = await t.login('user');
    const corpus = await t.post(
      apiPath('corpus', 'create'),
      { corpusName: 'queue test', type: 'qa' },
      { token },
    );
    expect(corpus.body.code, JSON.stringify(corpus.body)).toBe(Code.OK);
    corpusId = (corpus.body.data as { id: number }).id;
    await t.db.insert(corpusItems).values(
      Array.from({ length: ITEMS }, (_, i) => ({
        corpusId,
        question: i % 2 ? `What is the leave policy number ${i}?` : `年假政策第 ${i} 条是什么？`,
        answer:
          i % 2 ? `The leave policy number ${i} gives five days.` : `第 ${i} 条规定年假五天。`,
        tags: ['leave'],
      })) as (typeof corpusItems.$inferInsert)[],
    );
    const template = await t.post(
      apiPath('prompt', 'create'),
      {
        title: 'evaluation template',
        content: 'Answer briefly: {{question}}',
        variables: [{ name: 'Question', type: 'text', fieldName: 'question' }],
      },
      { token },
    );
    expect(template.body.code, JSON.stringify(template.body)).toBe(Code.OK);
    templateId = (template.body.data as { id: number }).id;
    await t.db.insert(modelVersions).values([
      ...fast.map((version) => ({
        modelType: 'CHATGPT',
        name: version,
        version,
        provider: 'mock' as const,
        mockLatencyMs: 5,
        maxConcurrency: 8,
      })),
      {
        modelType: 'CHATGPT',
        name: slow,
        version: slow,
        provider: 'mock' as const,
        mockLatencyMs: 400,
        maxConcurrency: 4,
      },
      { modelType: 'CHATGPT', name: broken, version: broken, maxConcurrency: 4 },
    ]);
  });

  const call = (path: string, body: object) =>
    t.post(apiPath('model-evaluate', path), body, { token, lang: 'en-US' });
  const create = async (versions: string[], extra: object = {}) => {
    const made = await call('create', {
      evaluateName: `run ${versions.join(' ')}`,
      corpusId,
      templateId,
      modelVersions: versions,
      ...extra,
    });
    expect(made.body.code, JSON.stringify(made.body)).toBe(Code.OK);
    return made.body.data as { id: number; version: number };
  };
  const worker = () => new EvaluationWorker(t.db, runner, { pollMs: 20 });
  const until = async (id: number, states: string[]) => {
    await expect
      .poll(
        async () =>
          (await t.db.select().from(modelEvaluations).where(eq(modelEvaluations.id, id)))[0]?.state,
        { timeout: 30_000, interval: 50 },
      )
      .toSatisfy((s: unknown) => states.includes(String(s)));
  };
  const resultsOf = (id: number) =>
    t.db.select().from(modelEvaluateResults).where(eq(modelEvaluateResults.evaluateId, id));
  const expectEachOnce = async (id: number, versions: string[]) => {
    const rows = await resultsOf(id);
    const keys = rows.map((r) => `${r.itemId}:${r.modelVersion}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(keys.length).toBe(ITEMS * versions.length);
  };

  it('runs 50 items × 2 versions to completion with two workers sharing the queue, each item once', async () => {
    const evaluation = await create(fast);
    const started = await call('run', { id: evaluation.id });
    expect(started.body.code, JSON.stringify(started.body)).toBe(Code.OK);
    expect(started.body.data).toMatchObject({ state: 'running', total: ITEMS * 2 });
    const a = worker();
    const b = worker();
    await Promise.all([a.start(), b.start()]);
    try {
      await until(evaluation.id, ['completed']);
    } finally {
      await Promise.all([a.stop(), b.stop()]);
    }
    await expectEachOnce(evaluation.id, fast);
    const jobs = await t.db
      .select()
      .from(evaluationJobs)
      .where(eq(evaluationJobs.evaluationId, evaluation.id));
    expect(jobs.every((j) => j.state === 'done' && j.attempts === 1)).toBe(true);
    const progress = await call('progress', { id: evaluation.id });
    expect(progress.body.data).toMatchObject({
      state: 'completed',
      progress: 100,
      done: 100,
      etaSeconds: 0,
    });
    const [row] = await t.db
      .select()
      .from(modelEvaluations)
      .where(eq(modelEvaluations.id, evaluation.id));
    expect(row).toMatchObject({ progress: 100, resultCount: 100 });
    const [result] = await resultsOf(evaluation.id);
    expect(result!.scores).toMatchObject({
      accuracy: expect.any(Number),
      rougeL: expect.any(Number),
      bleu: expect.any(Number),
      keywordHit: expect.any(Number),
    });
    // The report reads the real results.
    const report = await call('report', { id: evaluation.id });
    expect(
      (report.body.data as { rows: { results: number }[] }).rows.map((r) => r.results),
    ).toEqual([ITEMS, ITEMS]);
  });

  it('resumes after a server died mid-run: its items are taken again once their lease ends', async () => {
    const evaluation = await create(fast);
    await call('run', { id: evaluation.id });
    // A server takes ten items and dies without finishing them.
    const taken = await claimJobs(t.db, 'dead-server', fast[0]!, 10, 1);
    expect(taken).toHaveLength(10);
    await new Promise((resolve) => setTimeout(resolve, 20));
    const next = worker();
    await next.start();
    try {
      await until(evaluation.id, ['completed']);
    } finally {
      await next.stop();
    }
    await expectEachOnce(evaluation.id, fast);
    const retaken = await t.db
      .select()
      .from(evaluationJobs)
      .where(
        inArray(
          evaluationJobs.id,
          taken.map((j) => j.id),
        ),
      );
    expect(retaken.every((j) => j.state === 'done' && j.attempts === 2)).toBe(true);
  });

  it('cancels within a second, keeps what was done, and a new run finishes the rest', async () => {
    const evaluation = await create([slow]);
    await call('run', { id: evaluation.id });
    const w = worker();
    await w.start();
    try {
      await expect
        .poll(async () => (await resultsOf(evaluation.id)).length, { timeout: 10_000 })
        .toBeGreaterThan(0);
      const [row] = await t.db
        .select()
        .from(modelEvaluations)
        .where(eq(modelEvaluations.id, evaluation.id));
      const cancelled = await call('cancel', { id: evaluation.id, version: row!.version });
      expect(cancelled.body.code, JSON.stringify(cancelled.body)).toBe(Code.OK);
      const at = Date.now();
      await expect
        .poll(async () => (await jobCounts(t.db, evaluation.id)).running, {
          timeout: 2_000,
          interval: 20,
        })
        .toBe(0);
      expect(Date.now() - at).toBeLessThan(1_000);
      const kept = (await resultsOf(evaluation.id)).length;
      expect(kept).toBeGreaterThan(0);
      expect(kept).toBeLessThan(ITEMS);
      const counts = await jobCounts(t.db, evaluation.id);
      expect(counts.done).toBe(kept);
      expect(counts.queued).toBe(0);

      // Run again: only what was not done.
      const resumed = await call('run', { id: evaluation.id });
      expect(resumed.body.code, JSON.stringify(resumed.body)).toBe(Code.OK);
      await until(evaluation.id, ['completed']);
    } finally {
      await w.stop();
    }
    await expectEachOnce(evaluation.id, [slow]);
  });

  it('fails an item whose model fails, with the error kept, and completes the run', async () => {
    const evaluation = await create([fast[0]!, broken]);
    await call('run', { id: evaluation.id });
    const w = worker();
    await w.start();
    try {
      await until(evaluation.id, ['completed']);
    } finally {
      await w.stop();
    }
    const failed = await t.db
      .select()
      .from(evaluationJobs)
      .where(
        and(
          eq(evaluationJobs.evaluationId, evaluation.id),
          eq(evaluationJobs.modelVersion, broken),
        ),
      );
    expect(failed).toHaveLength(ITEMS);
    expect(failed.every((j) => j.state === 'failed' && j.error?.kind === 'notConfigured')).toBe(
      true,
    );
    expect((await resultsOf(evaluation.id)).length).toBe(ITEMS);
    const progress = await call('progress', { id: evaluation.id });
    expect(progress.body.data).toMatchObject({ done: ITEMS, failed: ITEMS, progress: 100 });
  });

  it('refuses to run an evaluation that is running already', async () => {
    const evaluation = await create([slow]);
    await call('run', { id: evaluation.id });
    const again = await call('run', { id: evaluation.id });
    expect(again.body.code).toBe(Code.INVALID);
    const [row] = await t.db
      .select()
      .from(modelEvaluations)
      .where(eq(modelEvaluations.id, evaluation.id));
    await call('cancel', { id: evaluation.id, version: row!.version });
  });

  it('asks the judge for each answer: its score, reason and rubric metrics, or why it failed', async () => {
    const judge = fast[1]!;
    const evaluation = await create([fast[0]!], { judgeVersion: judge, metrics: ['rougeL'] });
    const [stored] = await t.db
      .select()
      .from(modelEvaluations)
      .where(eq(modelEvaluations.id, evaluation.id));
    expect(stored!.metrics).toEqual(['rougeL', 'judge']);
    // A rubric that asks for no JSON: the demo model answers prose, which is no judgement.
    const garbled = await create([fast[0]!], {
      judgeVersion: judge,
      judgeRubric: 'Say something about {{answer}}',
    });
    await call('run', { id: evaluation.id });
    await call('run', { id: garbled.id });
    const w = worker();
    await w.start();
    try {
      await until(evaluation.id, ['completed']);
      await until(garbled.id, ['completed']);
    } finally {
      await w.stop();
    }
    const judged = await resultsOf(evaluation.id);
    expect(judged).toHaveLength(ITEMS);
    for (const r of judged) {
      const scores = r.scores as Record<string, unknown>;
      expect(scores.judge).toBeGreaterThanOrEqual(40);
      expect(scores.judge).toBeLessThanOrEqual(95);
      expect(scores).toMatchObject({
        judgeReason: 'demo model judgement',
        relevance: expect.any(Number),
        fluency: expect.any(Number),
        rougeL: expect.any(Number),
      });
    }
    const unread = await resultsOf(garbled.id);
    expect(unread).toHaveLength(ITEMS);
    for (const r of unread) {
      const scores = r.scores as Record<string, unknown>;
      expect(scores.judge).toBeNull();
      expect(String(scores.judgeError)).toMatch(/^unreadable: /);
      expect(scores.rougeL).toEqual(expect.any(Number));
    }
  });

  it('refuses a judge metric without a judge, an unknown judge, and a rubric without the answer', async () => {
    const refused = async (extra: object, field: string) => {
      const made = await call('create', {
        evaluateName: 'judge refused',
        corpusId,
        modelVersions: [fast[0]],
        ...extra,
      });
      expect(made.body.code, JSON.stringify(made.body)).toBe(Code.INVALID);
      expect(JSON.stringify(made.body)).toContain(field);
    };
    await refused({ metrics: ['judge'] }, 'judgeVersion');
    await refused({ judgeVersion: 'no-such-judge' }, 'judgeVersion');
    await refused({ judgeVersion: fast[1], judgeRubric: 'Rate {{question}}' }, 'judgeRubric');
  });
});
