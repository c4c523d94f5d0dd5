import { and, count, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { apiPath } from '../../contract/api';
import { Code } from '../../contract/envelope';
import type { IngestAnswer } from '../../contract/ingest';
import {
  ingestEvents,
  modelVersions,
  promptCalls,
  prompts,
  recordMessages,
  records,
  scenes,
} from '../db/schema';
import { describeBackends } from '../test/backends';
import { newApiKey, useTestApp } from '../test/harness';

/**
 * The ingest API: per-event checks with reasons, each event stored once by its id, calls
 * priced and counted in the rollups as the console's own are, and bodies refused whole.
 */
describeBackends('public API: ingest', (backend) => {
  const t = useTestApp(backend, { anonymousLimit: false });
  let secret = '';
  let template: { id: number; sceneCode: string; type: string; title: string };
  let otherScene = '';
  let model: { type: string; version: string; promptPrice: number; completionPrice: number };
  const now = () => new Date().toISOString();
  let run = 0;
  /** Event ids unique to this test run and call. */
  const eventId = (name: string) => `${name}-${run}`;

  beforeAll(async () => {
    secret = await newApiKey(t, { scopes: ['ingest'] });
    const [row] = await t.db
      .select({
        id: prompts.id,
        sceneCode: prompts.sceneCode,
        type: prompts.type,
        title: prompts.title,
      })
      .from(prompts)
      .where(and(eq(prompts.isPublic, 1), isNotNull(prompts.sceneCode)))
      .limit(1);
    template = row as typeof template;
    const [other] = await t.db
      .select({ code: scenes.sceneCode })
      .from(scenes)
      .where(and(eq(scenes.isDel, 0), sql`${scenes.sceneCode} <> ${template.sceneCode}`))
      .limit(1);
    otherScene = other!.code as string;
    const [m] = await t.db
      .select()
      .from(modelVersions)
      .where(eq(modelVersions.modelType, template.type))
      .limit(1);
    model = {
      type: m!.modelType,
      version: m!.version,
      promptPrice: m!.promptPrice,
      completionPrice: m!.completionPrice,
    };
  });

  const send = async (batch: unknown, key = secret, lang = 'en-US') => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/public/v1/ingest',
      headers: { authorization: `Bearer ${key}`, 'accept-language': lang },
      payload: batch as object,
    });
    return { status: res.statusCode, body: res.json() as { code: number; data: IngestAnswer } };
  };
  const call = (name: string, extra: object = {}) => ({
    id: eventId(name),
    type: 'call',
    timestamp: now(),
    body: {
      templateId: template.id,
      question: `question ${name}`,
      answer: `answer ${name}`,
      modelVersion: model.version,
      promptTokens: 1000,
      completionTokens: 500,
      userId: 'platform-user',
      ...extra,
    },
  });
  const callsOf = async (name: string) =>
    t.db
      .select()
      .from(promptCalls)
      .where(eq(promptCalls.question, `question ${name}`));
  /** The rollups' totals against a recount of the calls and sessions. */
  const one = async <T>(query: ReturnType<typeof sql>): Promise<T> =>
    ((await t.db.execute(query)) as unknown as { rows: T[] }).rows[0]!;
  /** The rollups' totals against a recount of the calls and sessions. */
  const rollupsMatchRecount = async () => {
    const rollup = await one(
      sql`select coalesce(sum(calls), 0)::text calls,
        coalesce(sum(prompt_tokens + completion_tokens), 0)::text tokens,
        coalesce(round(sum(cost)::numeric, 4), 0)::text cost, coalesce(sum(chats), 0)::text chats
        from stat_daily`,
    );
    const raw = await one<object>(
      sql`select count(*)::text calls, coalesce(sum(total_tokens), 0)::text tokens,
        coalesce(round(sum(cost)::numeric, 4), 0)::text cost from prompt_calls`,
    );
    const [chats] = await t.db.select({ n: count() }).from(records);
    expect(rollup).toEqual({ ...raw, chats: String(chats!.n) });
  };

  beforeAll(() => {
    run = Date.now();
  });

  it('stores sessions, messages and calls, priced and counted as the console’s own', async () => {
    const chatId = `chat-${run}`;
    const answer = await send({
      batch: [
        {
          id: eventId('s1'),
          type: 'session',
          timestamp: now(),
          body: {
            chatId,
            title: 'From the platform',
            sceneCode: template.sceneCode,
            userId: 'u1',
            tags: [' VIP ', 'ＶＩＰ', 'new'],
          },
        },
        {
          id: eventId('m1'),
          type: 'message',
          timestamp: now(),
          body: { chatId, role: 'user', content: 'Hello', tokens: 12 },
        },
        {
          id: eventId('m2'),
          type: 'message',
          timestamp: now(),
          body: { chatId, role: 'assistant', content: 'Hi!', tokens: 30 },
        },
        call('c1', { variables: { employee: 'u1', days: 3 }, latencyMs: 850, templateVersion: 1 }),
      ],
    });
    expect(answer.status, JSON.stringify(answer.body)).toBe(200);
    expect(answer.body.data).toEqual({ accepted: 4, rejected: [] });

    const [session] = await t.db.select().from(records).where(eq(records.chatId, chatId));
    expect(session).toMatchObject({
      title: 'From the platform',
      sceneCode: template.sceneCode,
      messageCount: 2,
      totalTokens: 42,
      tag: ['vip', 'new'],
    });
    const messages = await t.db
      .select()
      .from(recordMessages)
      .where(eq(recordMessages.recordId, session!.id as number))
      .orderBy(recordMessages.seq);
    expect(messages.map((m) => [m.seq, m.role, m.content])).toEqual([
      [1, 'user', 'Hello'],
      [2, 'assistant', 'Hi!'],
    ]);

    const [stored] = await callsOf('c1');
    const expectedCost = (1000 * model.promptPrice + 500 * model.completionPrice) / 1000;
    expect(Number(stored!.cost)).toBeCloseTo(expectedCost, 6);
    expect(stored).toMatchObject({
      templateId: template.id,
      title: template.title,
      sceneCode: template.sceneCode,
      totalTokens: 1500,
      modelType: template.type,
      source: 'platform',
      latencyMs: 850,
      templateVersion: 1,
      // As the call list shows them: name and value pairs.
      variables: [
        { name: 'employee', value: 'u1' },
        { name: 'days', value: '3' },
      ],
    });
    await rollupsMatchRecount();

    // The console reads them back through its own calls.
    const admin = await t.login('admin');
    const detail = await t.post(apiPath('record', 'detail'), { id: session!.id }, { token: admin });
    expect(detail.body.code).toBe(Code.OK);
  });

  it('stores each event once: the same batch again, and two senders retrying at once', async () => {
    const batch = { batch: [call('d1'), call('d2'), call('d3')] };
    const first = await send(batch);
    const again = await send(batch);
    expect(again).toEqual(first);
    expect(first.body.data.accepted).toBe(3);
    for (const name of ['d1', 'd2', 'd3']) expect(await callsOf(name)).toHaveLength(1);

    // Two clients, overlapping halves of one batch, at the same time.
    const events = ['e1', 'e2', 'e3', 'e4', 'e5', 'e6'].map((n) => call(n));
    const answers = await Promise.all([
      send({ batch: events.slice(0, 4) }),
      send({ batch: events.slice(2) }),
      send({ batch: events }),
    ]);
    for (const a of answers) expect(a.status).toBe(200);
    for (const name of ['e1', 'e2', 'e3', 'e4', 'e5', 'e6'])
      expect(await callsOf(name)).toHaveLength(1);
    const ids = await t.db
      .select({ id: ingestEvents.eventId })
      .from(ingestEvents)
      .where(
        inArray(
          ingestEvents.eventId,
          events.map((e) => e.id),
        ),
      );
    expect(ids).toHaveLength(6);
    await rollupsMatchRecount();
  });

  it('prices each call at the price in effect at its call time, as the table’s trigger does', async () => {
    const [version] = await t.db
      .select()
      .from(modelVersions)
      .where(
        and(eq(modelVersions.modelType, model.type), eq(modelVersions.version, model.version)),
      );
    const before = new Date(Date.now() - 3_600_000).toISOString();
    // A price change now: calls made an hour ago keep the old price, later ones take the new.
    await t.db
      .update(modelVersions)
      .set({ promptPrice: version!.promptPrice * 2, completionPrice: version!.completionPrice * 3 })
      .where(eq(modelVersions.id, version!.id));
    try {
      const after = new Date(Date.now() + 1_000).toISOString();
      const answer = await send({
        batch: [
          call('price-old', { callTime: before }),
          call('price-new', { callTime: after }),
          call('price-free', { modelVersion: undefined, callTime: after }),
        ],
      });
      expect(answer.body.data.accepted).toBe(3);
      const cost = async (name: string) => Number((await callsOf(name))[0]!.cost);
      expect(await cost('price-old')).toBeCloseTo(
        (1000 * model.promptPrice + 500 * model.completionPrice) / 1000,
        6,
      );
      expect(await cost('price-new')).toBeCloseTo(
        (1000 * model.promptPrice * 2 + 500 * model.completionPrice * 3) / 1000,
        6,
      );
      expect(await cost('price-free')).toBe(0);
      // The same calls inserted without a cost, priced by the trigger, cost the same.
      const triggerPriced = await t.db.execute(sql`
        insert into prompt_calls (title, template_id, question, call_time, prompt_tokens,
          completion_tokens, total_tokens, model_type, model_version)
        values ('trigger', ${template.id}, 'trigger-old', ${before}, 1000, 500, 1500,
            ${model.type}, ${model.version}),
          ('trigger', ${template.id}, 'trigger-new', ${after}, 1000, 500, 1500,
            ${model.type}, ${model.version})
        returning question, cost::text`);
      const byQuestion = Object.fromEntries(
        (triggerPriced as unknown as { rows: { question: string; cost: string }[] }).rows.map(
          (r) => [r.question, Number(r.cost)],
        ),
      );
      expect(byQuestion['trigger-old']).toBe(await cost('price-old'));
      expect(byQuestion['trigger-new']).toBe(await cost('price-new'));
      await rollupsMatchRecount();
    } finally {
      await t.db
        .update(modelVersions)
        .set({ promptPrice: version!.promptPrice, completionPrice: version!.completionPrice })
        .where(eq(modelVersions.id, version!.id));
    }
  });

  it('rejects events one by one with their reasons and stores the rest (207)', async () => {
    const answer = await send({
      batch: [
        call('ok1'),
        call('bad-template', { templateId: 999_999_999 }),
        call('bad-scene', { sceneCode: 'no-such-scene' }),
        call('bad-model', { modelVersion: 'no-such-version' }),
        call('bad-version', { templateVersion: 999_999 }),
        call('negative', { promptTokens: -1 }),
        call('long', { answer: 'x'.repeat(200_000) }),
        call('surrogate', { question: 'broken \ud800 text' }),
        { ...call('future'), timestamp: '+030000-01-01T00:00:00Z' },
        { id: eventId('no-type'), timestamp: now(), body: {} },
        'not an event',
        call('ok2'),
        call('ok2'),
      ],
    });
    expect(answer.status).toBe(207);
    expect(answer.body.code).toBe(Code.OK);
    const { accepted, rejected } = answer.body.data;
    expect(accepted).toBe(2);
    const byIndex = Object.fromEntries(
      rejected.map((r) => [r.index, r.reasons.map((x) => `${x.field}: ${x.message}`).join('; ')]),
    );
    expect(Object.keys(byIndex).map(Number)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 12]);
    expect(byIndex[1]).toMatch(/templateId: there is no template 999999999/);
    expect(byIndex[2]).toMatch(/sceneCode: there is no scene "no-such-scene"/);
    expect(byIndex[3]).toMatch(/modelVersion: there is no model version "no-such-version"/);
    expect(byIndex[4]).toMatch(/templateVersion/);
    expect(byIndex[5]).toMatch(/promptTokens/);
    expect(byIndex[6]).toMatch(/answer/);
    expect(byIndex[7]).toMatch(/question/);
    expect(byIndex[8]).toMatch(/timestamp/);
    expect(byIndex[9]).toMatch(/type/);
    expect(rejected.find((r) => r.index === 10)?.id).toBeNull();
    expect(byIndex[12]).toMatch(/id: the batch has this event id twice/);
    expect(rejected.find((r) => r.index === 1)?.id).toBe(eventId('bad-template'));
    for (const name of [
      'bad-template',
      'bad-scene',
      'bad-model',
      'negative',
      'long',
      'surrogate',
      'future',
    ]) {
      expect(await callsOf(name), name).toHaveLength(0);
    }
    expect(await callsOf('ok1')).toHaveLength(1);
    expect(await callsOf('ok2')).toHaveLength(1);

    // In the caller's language.
    const zh = await send({ batch: [call('zh', { templateId: 999_999_998 })] }, secret, 'zh-CN');
    expect(zh.body.data.rejected[0]!.reasons[0]!.message).toMatch(/没有模板/);
  });

  it('refuses a malformed or oversized batch whole, and a key without the scope', async () => {
    const tooMany = await send({
      batch: Array.from({ length: 1_001 }, (_, i) => call(`many${i}`)),
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.code).toBe(Code.INVALID);
    expect(await callsOf('many0')).toHaveLength(0);

    const huge = await t.app.inject({
      method: 'POST',
      url: '/api/public/v1/ingest',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      payload: JSON.stringify({ batch: [call('huge', { answer: 'x'.repeat(6 * 1024 * 1024) })] }),
    });
    expect(huge.statusCode).toBe(413);
    expect(await callsOf('huge')).toHaveLength(0);

    const garbage = await t.app.inject({
      method: 'POST',
      url: '/api/public/v1/ingest',
      headers: { authorization: `Bearer ${secret}`, 'content-type': 'application/json' },
      payload: '\u0000\u00ff{not json',
    });
    expect(garbage.statusCode).toBe(400);
    expect((await send({ batch: [] })).status).toBe(400);
    expect((await send({ events: [] })).status).toBe(400);

    const refused = await send(
      { batch: [call('scope')] },
      await newApiKey(t, { scopes: ['prompts:read'] }),
    );
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe(Code.FORBIDDEN);
    // A full batch of ordinary calls passes the body budget.
    const full = await send({ batch: Array.from({ length: 1_000 }, (_, i) => call(`full${i}`)) });
    expect(full.status, JSON.stringify(full.body).slice(0, 500)).toBe(200);
    expect(full.body.data.accepted).toBe(1_000);
    await rollupsMatchRecount();
  });

  it('a key restricted to a scene writes only that scene’s calls and sessions', async () => {
    const restricted = await newApiKey(t, {
      scopes: ['ingest'],
      sceneCodes: [template.sceneCode],
    });
    const answer = await send(
      {
        batch: [
          call('mine'),
          call('theirs', { sceneCode: otherScene }),
          {
            id: eventId('their-session'),
            type: 'session',
            timestamp: now(),
            body: { chatId: `theirs-${run}`, sceneCode: otherScene },
          },
          {
            id: eventId('orphan'),
            type: 'message',
            timestamp: now(),
            body: { chatId: `orphan-${run}`, role: 'user', content: 'x' },
          },
        ],
      },
      restricted,
    );
    expect(answer.status).toBe(207);
    expect(answer.body.data.accepted).toBe(1);
    expect(answer.body.data.rejected.map((r) => r.index)).toEqual([1, 2, 3]);
    expect(await callsOf('theirs')).toHaveLength(0);
    const [theirs] = await t.db
      .select()
      .from(records)
      .where(eq(records.chatId, `theirs-${run}`));
    expect(theirs).toBeUndefined();
  });
});
