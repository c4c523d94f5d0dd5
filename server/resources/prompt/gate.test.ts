import { afterAll, beforeAll, expect, it } from 'vitest';
import { Code } from '../../../contract/envelope';
import type { GateStatus } from '../../../contract/release-gate';
import { ephemeralSecretBox } from '../../crypto/secrets';
import { corpusItems, modelVersions } from '../../db/schema';
import { EvaluationWorker } from '../../evaluation/worker';
import { DEFAULT_OUTBOUND_POLICY } from '../../models/outbound';
import { ModelRunner } from '../../models/runner';
import { describeBackends } from '../../test/backends';
import { useTestApp } from '../../test/harness';

interface Template {
  id: number;
  version: number;
  liveVersion: number;
  pendingVersion: number | null;
  reviewState: string;
}

const ITEMS = 12;
/**
 * The demo model answers with the prompt's words, some left out, and each item's expected answer
 * is its question: a template that is the question alone scores high on ROUGE-L, one that pads
 * it with words of its own scores low.
 */
const GOOD = '{{question}}';
const PADDED =
  '{{question}} 然后请补充大量与问题完全无关的背景知识、冗长的客套话语、各种免责声明以及历史沿革的详细介绍';
const VARIABLES = [{ name: '问题', type: 'text', fieldName: 'question' }];

/** A release gate: a gated scene's template versions go live only once their evaluation passes. */
describeBackends('release gate', (backend) => {
  const t = useTestApp(backend);
  const tokens: Record<'user' | 'admin', string> = { user: '', admin: '' };
  const stamp = Date.now();
  const model = `gate-model-${stamp}`;
  const sceneCode = `gated_${stamp}`;
  let corpusId = 0;
  let sceneId = 0;
  let worker: EvaluationWorker;

  const as = (who: 'user' | 'admin', path: string, body: object) =>
    t.post(`/api/manage/v1/${path}`, body, { token: tokens[who], lang: 'en-US' });
  const ok = async <T>(who: 'user' | 'admin', path: string, body: object): Promise<T> => {
    const res = await as(who, path, body);
    expect(res.body.code, `${path} ${JSON.stringify(res.body)}`).toBe(Code.OK);
    return res.body.data as T;
  };
  const gateOf = (id: number) => ok<GateStatus>('user', 'prompt/gate', { id });
  const settled = async (id: number) => {
    await expect
      .poll(async () => (await gateOf(id)).state, { timeout: 30_000, interval: 100 })
      .toMatch(/^(passed|failed)$/);
    return gateOf(id);
  };
  const draft = async (row: Template, values: object) =>
    ok<Template>('user', 'prompt/update', { id: row.id, version: row.version, ...values });
  const submit = (row: Template) =>
    ok<Template>('user', 'prompt/submit', { id: row.id, version: row.version });

  beforeAll(async () => {
    tokens.user = await t.login('user');
    tokens.admin = await t.login('admin');
    await t.db.insert(modelVersions).values({
      modelType: 'CHATGPT',
      name: model,
      version: model,
      provider: 'mock',
      mockLatencyMs: 2,
      maxConcurrency: 8,
    });
    const corpus = await ok<{ id: number }>('user', 'corpus/create', {
      corpusName: `gate ${stamp}`,
      type: 'qa',
    });
    corpusId = corpus.id;
    await t.db.insert(corpusItems).values(
      Array.from({ length: ITEMS }, (_, i) => {
        const question = `第 ${i} 号门店的营业时间是几点到几点`;
        return { corpusId, question, answer: question, tags: [] };
      }) as (typeof corpusItems.$inferInsert)[],
    );
    const scene = await ok<{ id: number }>('user', 'scene/create', {
      sceneName: 'gated scene',
      sceneCode,
      releaseGate: { corpusId, modelVersion: model, thresholds: { rougeL: 60 }, maxDrop: 10 },
    });
    sceneId = scene.id;
    worker = new EvaluationWorker(
      t.db,
      new ModelRunner(ephemeralSecretBox(), DEFAULT_OUTBOUND_POLICY),
      {
        pollMs: 20,
      },
    );
    await worker.start();
  });
  afterAll(() => worker?.stop());

  const template = (title: string) =>
    ok<Template>('user', 'prompt/create', {
      title,
      sceneCode,
      isPublic: 1,
      content: GOOD,
      variables: VARIABLES,
    });

  it('refuses approval until the gate passes, and passes a better version', async () => {
    const row = await template(`gated ${stamp}`);
    expect((await gateOf(row.id)).state).toBe('none');

    const worse = await submit(await draft(row, { content: PADDED }));
    const failed = await settled(row.id);
    expect(failed).toMatchObject({
      state: 'failed',
      sceneCode,
      metrics: [{ metric: 'rougeL', threshold: 60, maxDrop: 10, pass: false }],
    });
    expect(failed.evaluationId).toEqual(expect.any(Number));
    expect(failed.baselineEvaluationId).toEqual(expect.any(Number));
    const [metric] = failed.metrics;
    expect(metric!.value!).toBeLessThan(60);
    expect(metric!.baseline!).toBeGreaterThanOrEqual(60);

    const refused = await as('admin', 'prompt/approve', { id: row.id, version: worse.version });
    expect(refused.body).toMatchObject({
      code: Code.CONFLICT,
      msg: expect.stringContaining('rougeL'),
      data: { gate: { state: 'failed' } },
    });
    expect((await ok<Template>('user', 'prompt/detail', { id: row.id })).liveVersion).toBe(1);

    const rejected = await ok<Template>('admin', 'prompt/reject', {
      id: row.id,
      version: worse.version,
      reason: 'ROUGE-L too low',
    });
    const better = await submit(await draft(rejected, { content: GOOD, title: `better ${stamp}` }));
    const passed = await settled(row.id);
    expect(passed.state, JSON.stringify(passed)).toBe('passed');
    const live = await ok<Template>('admin', 'prompt/approve', {
      id: row.id,
      version: better.version,
    });
    expect(live).toMatchObject({ liveVersion: better.pendingVersion, reviewState: 'none' });
  });

  it('lets an admin approve past a failed gate with a reason the history keeps', async () => {
    const row = await template(`override ${stamp}`);
    const worse = await submit(await draft(row, { content: PADDED }));
    await settled(row.id);
    const live = await ok<Template>('admin', 'prompt/approve', {
      id: row.id,
      version: worse.version,
      override: 'Urgent fix approved by the product owner',
    });
    expect(live.liveVersion).toBe(2);
    const history = await ok<{ list: { number: number; gateOverride: string | null }[] }>(
      'user',
      'prompt/versions',
      { id: row.id },
    );
    expect(history.list.find((v) => v.number === 2)).toMatchObject({
      gateOverride: 'Urgent fix approved by the product owner',
    });
  });

  it('refuses a gate that names what does not exist', async () => {
    const [scene] = (
      await ok<{ list: { id: number; version: number }[] }>('user', 'scene/page', {
        current: 1,
        pageSize: 1,
        filters: [{ field: 'sceneCode', operator: 'contains', value: sceneCode }],
      })
    ).list;
    expect(scene?.id).toBe(sceneId);
    const update = (releaseGate: object) =>
      as('user', 'scene/update', { id: sceneId, version: scene!.version, releaseGate });
    const unknownCorpus = await update({
      corpusId: 999_999,
      modelVersion: model,
      thresholds: { rougeL: 50 },
    });
    expect(unknownCorpus.body.code).toBe(Code.INVALID);
    const noJudge = await update({ corpusId, modelVersion: model, thresholds: { judge: 70 } });
    expect(JSON.stringify(noJudge.body)).toContain('releaseGate.judgeVersion');
    const noThreshold = await update({ corpusId, modelVersion: model, thresholds: {} });
    expect(noThreshold.body.code).toBe(Code.INVALID);
  });

  it('starts the gate again on request, and not while it runs', async () => {
    const row = await template(`again ${stamp}`);
    await submit(await draft(row, { content: PADDED }));
    const first = await settled(row.id);
    const again = await ok<GateStatus>('user', 'prompt/gate/run', { id: row.id });
    expect(again.evaluationId).not.toBe(first.evaluationId);
    expect(['running', 'failed']).toContain(again.state);
  });
});
