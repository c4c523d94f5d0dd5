import { eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { apiPath } from '../../../contract/api';
import { Code } from '../../../contract/envelope';
import type { PromptRunResult } from '../../../contract/playground';
import { debugRecords, modelVersions, promptCalls } from '../../db/schema';
import { describeBackends } from '../../test/backends';
import { listenLocally, useTestApp } from '../../test/harness';

interface RunAnswer {
  prompt: string;
  runs: PromptRunResult[];
}

/** The playground: a template run on model versions, kept as calls and debug records. */
describeBackends('prompt/run', (backend) => {
  const t = useTestApp(backend);
  const tokens: Record<string, string> = {};
  let templateId = 0;
  let versions: string[] = [];
  let slow = '';
  beforeAll(async () => {
    for (const name of ['admin', 'user', 'annotator1']) tokens[name] = await t.login(name);
    const created = await t.post(
      apiPath('prompt', 'create'),
      {
        title: 'playground',
        content: 'Explain {{topic}} to a new colleague in {{lines}} lines.',
        variables: [
          { name: 'Topic', type: 'text', fieldName: 'topic' },
          { name: 'Lines', type: 'number', fieldName: 'lines' },
        ],
      },
      { token: tokens.user, lang: 'en-US' },
    );
    expect(created.body.code, JSON.stringify(created.body)).toBe(Code.OK);
    templateId = (created.body.data as { id: number }).id;
    const mocks = await t.db.select().from(modelVersions).where(eq(modelVersions.provider, 'mock'));
    versions = mocks.filter((m) => m.enabled).map((m) => m.version);
    // Fast demo answers for the tests, and one slow version to stop.
    await t.db
      .update(modelVersions)
      .set({ mockLatencyMs: 20 })
      .where(eq(modelVersions.provider, 'mock'));
    slow = `slow-${Date.now()}`;
    await t.db.insert(modelVersions).values({
      modelType: 'CHATGPT',
      name: 'Slow demo',
      version: slow,
      provider: 'mock',
      mockLatencyMs: 10_000,
    });
  });
  const run = (who: string, body: unknown) =>
    t.post(apiPath('prompt', 'run'), body, { token: tokens[who], lang: 'en-US' });
  const values = { topic: 'expense claims', lines: 3 };
  let listening: Promise<string> | undefined;
  const origin = () => (listening ??= listenLocally(t));
  /** prompt/run over HTTP as the browser asks it, answered as server-sent events. */
  const streamRun = async (body: object, signal?: AbortSignal) =>
    fetch(`${await origin()}${apiPath('prompt', 'run')}`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${tokens.user}`,
        'content-type': 'application/json',
        accept: 'text/event-stream',
      },
      body: JSON.stringify(body),
      ...(signal ? { signal } : {}),
    });

  it('runs a template on two versions, keeping each as a playground call and a debug record', async () => {
    const answer = await run('user', {
      templateId,
      variables: values,
      modelVersions: versions.slice(0, 2),
    });
    expect(answer.body.code, JSON.stringify(answer.body)).toBe(Code.OK);
    const data = answer.body.data as RunAnswer;
    expect(data.prompt).toBe('Explain expense claims to a new colleague in 3 lines.');
    expect(data.runs.map((r) => r.modelVersion)).toEqual(versions.slice(0, 2));
    for (const r of data.runs) {
      expect(r.error).toBeUndefined();
      expect(r.answer.length).toBeGreaterThan(0);
      expect(r.promptTokens).toBeGreaterThan(0);
      expect(r.cost).not.toBeNull();
      const [record] = await t.db
        .select()
        .from(debugRecords)
        .where(eq(debugRecords.id, r.debugRecordId));
      expect(record).toMatchObject({
        state: 'ok',
        source: 'playground',
        answer: r.answer,
        templateId,
      });
      const [call] = await t.db
        .select()
        .from(promptCalls)
        .where(eq(promptCalls.id, record!.callId!));
      expect(call).toMatchObject({
        source: 'playground',
        templateId,
        answer: r.answer,
        modelVersion: r.modelVersion,
        question: data.prompt,
      });
      expect(Number(call!.cost)).toBeCloseTo(r.cost!, 6);
    }
  });

  it('runs an unsaved text, with placeholders the saved table does not have', async () => {
    const answer = await run('user', {
      templateId,
      content: 'In {{lines}} lines, {{verb}} {{topic}}.',
      variables: { ...values, verb: 'summarise' },
      modelVersions: versions.slice(0, 1),
    });
    expect(answer.body.code, JSON.stringify(answer.body)).toBe(Code.OK);
    expect((answer.body.data as RunAnswer).prompt).toBe('In 3 lines, summarise expense claims.');
  });

  it('refuses missing values, unknown versions and more than three, storing nothing', async () => {
    const before = (await t.db.select().from(debugRecords)).length;
    const missing = await run('user', {
      templateId,
      variables: { topic: 'x' },
      modelVersions: versions.slice(0, 1),
    });
    expect(missing.body.code).toBe(Code.INVALID);
    expect(JSON.stringify(missing.body)).toContain('variables.lines');
    const unknown = await run('user', {
      templateId,
      variables: values,
      modelVersions: ['no-such'],
    });
    expect(unknown.body.code).toBe(Code.INVALID);
    expect(JSON.stringify(unknown.body)).toContain('no-such');
    const many = await run('user', {
      templateId,
      variables: values,
      modelVersions: ['a', 'b', 'c', 'd'],
    });
    expect(many.body.code).toBe(Code.INVALID);
    const twice = await run('user', { templateId, variables: values, modelVersions: ['a', 'a'] });
    expect(twice.body.code).toBe(Code.INVALID);
    expect((await t.db.select().from(debugRecords)).length).toBe(before);
  });

  it('runs only templates the caller may see', async () => {
    const other = await run('annotator1', {
      templateId,
      variables: values,
      modelVersions: versions.slice(0, 1),
    });
    expect(other.body.code).toBe(Code.NOT_FOUND);
  });

  it('streams the answers as server-sent events', async () => {
    const res = await streamRun({
      templateId,
      variables: values,
      modelVersions: versions.slice(0, 2),
    });
    expect(res.headers.get('content-type')).toContain('text/event-stream');
    const text = await res.text();
    const events = text
      .trim()
      .split('\n\n')
      .map((block) => {
        const [event, data] = block.split('\n');
        return {
          event: event!.slice('event: '.length),
          data: JSON.parse(data!.slice('data: '.length)),
        };
      });
    expect(events[0]).toEqual({
      event: 'prompt',
      data: { prompt: 'Explain expense claims to a new colleague in 3 lines.' },
    });
    const deltas = events.filter((e) => e.event === 'delta');
    for (const index of [0, 1]) {
      const pieces = deltas.filter((d) => d.data.index === index).map((d) => d.data.text as string);
      const finished = events.find((e) => e.event === 'run' && e.data.index === index);
      expect(pieces.length).toBeGreaterThan(0);
      expect(pieces.join('')).toBe(finished?.data.run.answer);
    }
    const done = events.at(-1)!;
    expect(done.event).toBe('done');
    expect(done.data.runs).toHaveLength(2);
  });

  it('stops the model when the caller goes, keeping the run as aborted', async () => {
    const controller = new AbortController();
    const res = await streamRun(
      { templateId, variables: values, modelVersions: [slow] },
      controller.signal,
    );
    const reader = res.body!.getReader();
    await reader.read(); // the prompt event: the run has begun
    const stoppedAt = Date.now();
    controller.abort();
    await expect
      .poll(
        async () =>
          (await t.db.select().from(debugRecords).where(eq(debugRecords.modelVersion, slow)))[0]
            ?.state,
        { timeout: 3_000 },
      )
      .toBe('aborted');
    expect(Date.now() - stoppedAt).toBeLessThan(2_000);
  });

  it('lists debug records: a user their own, an admin everyone’s; a detail is its owner’s', async () => {
    const page = (who: string, body: object = {}) =>
      t.post(apiPath('debug-record', 'page'), body, { token: tokens[who], lang: 'en-US' });
    const mine = await page('user', { source: 'playground', state: 'ok' });
    expect(mine.body.code).toBe(Code.OK);
    const list = mine.body.data as {
      list: { id: number; operatorId: string; state: string }[];
      total: number;
    };
    expect(list.total).toBeGreaterThanOrEqual(5);
    expect(list.list.every((r) => r.state === 'ok')).toBe(true);
    const theirs = await page('annotator1');
    expect((theirs.body.data as { total: number }).total).toBe(0);
    const all = await page('admin', { templateId });
    expect((all.body.data as { total: number }).total).toBe(list.total + 1);

    const id = list.list[0]!.id;
    const detail = await t.post(apiPath('debug-record', 'detail'), { id }, { token: tokens.user });
    expect(detail.body.code).toBe(Code.OK);
    expect(detail.body.data).toMatchObject({ id, request: { messages: [{ role: 'user' }] } });
    const stranger = await t.post(
      apiPath('debug-record', 'detail'),
      { id },
      { token: tokens.annotator1 },
    );
    expect(stranger.body.code).toBe(Code.NOT_FOUND);
  });
});
