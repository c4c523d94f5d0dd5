import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { promptCalls, prompts, records } from '../server/db/schema';
import { describeBackends } from '../server/test/backends';
import { listenLocally, newApiKey, useTestApp } from '../server/test/harness';
import { IngestClient, IngestError } from './ingest';

/** The platform's event sender against the real server, over HTTP. */
describeBackends('sdk: IngestClient', (backend) => {
  const t = useTestApp(backend, { anonymousLimit: false });
  let baseUrl = '';
  let secret = '';
  let templateId = 0;
  const run = Date.now();
  beforeAll(async () => {
    baseUrl = await listenLocally(t);
    secret = await newApiKey(t, { scopes: ['ingest'] });
    const [row] = await t.db
      .select({ id: prompts.id })
      .from(prompts)
      .where(and(eq(prompts.isPublic, 1), isNotNull(prompts.sceneCode)))
      .limit(1);
    templateId = row!.id as number;
  });
  afterAll(() => t.app.server.close());

  const callsOf = (question: string) =>
    t.db.select().from(promptCalls).where(eq(promptCalls.question, question));

  it('batches by count and by interval, and flushes on shutdown', async () => {
    const posts: number[] = [];
    const client = new IngestClient({
      baseUrl,
      apiKey: secret,
      batchSize: 3,
      flushIntervalMs: 50,
      fetch: async (input, init) => {
        posts.push((JSON.parse(String(init?.body)) as { batch: unknown[] }).batch.length);
        return fetch(input, init);
      },
    });
    const chatId = `sdk-chat-${run}`;
    client.session({ chatId, title: 'From the SDK' });
    client.message({ chatId, role: 'user', content: 'Hello' });
    for (let i = 0; i < 4; i++) client.call({ templateId, question: `sdk ${run} ${i}` });
    // Three full batches of three would be 9: the last two wait for the interval.
    await new Promise((r) => setTimeout(r, 200));
    client.call({ templateId, question: `sdk ${run} last` });
    await client.shutdown();
    expect(posts).toEqual([3, 3, 1]);
    for (const q of [0, 1, 2, 3].map((i) => `sdk ${run} ${i}`))
      expect(await callsOf(q)).toHaveLength(1);
    expect(await callsOf(`sdk ${run} last`)).toHaveLength(1);
    const [session] = await t.db.select().from(records).where(eq(records.chatId, chatId));
    expect(session).toMatchObject({ title: 'From the SDK', messageCount: 1 });
  });

  it('retries 429 and 5xx with backoff, honouring Retry-After, and stores each event once', async () => {
    const waits: number[] = [];
    let calls = 0;
    const client = new IngestClient({
      baseUrl,
      apiKey: secret,
      backoffMs: 10,
      sleep: async (ms) => void waits.push(ms),
      fetch: async (input, init) => {
        calls++;
        // The first attempt is stored but its answer lost; then a 503 and a 429.
        if (calls === 1) {
          await fetch(input, init);
          return new Response('lost', { status: 502 });
        }
        if (calls === 2) return new Response('{}', { status: 503 });
        if (calls === 3)
          return new Response('{}', { status: 429, headers: { 'retry-after': '2' } });
        return fetch(input, init);
      },
    });
    client.call({ templateId, question: `sdk retry ${run}` });
    await client.flush();
    expect(calls).toBe(4);
    expect(waits).toEqual([10, 20, 2_000]);
    expect(await callsOf(`sdk retry ${run}`)).toHaveLength(1);
  });

  it('reports what it gives up and what the console rejected', async () => {
    const errors: Error[] = [];
    const rejected: unknown[] = [];
    const bad = new IngestClient({
      baseUrl,
      apiKey: `${secret}x`,
      onError: (error) => errors.push(error),
    });
    bad.call({ templateId, question: 'never' });
    await bad.flush();
    expect(errors[0]).toBeInstanceOf(IngestError);
    expect(errors[0]).toMatchObject({ status: 401, code: 50008 });

    const client = new IngestClient({
      baseUrl,
      apiKey: secret,
      onRejected: (r) => rejected.push(...r),
    });
    client.call({ templateId: 999_999_999, question: 'unknown template' });
    client.call({ templateId, question: `sdk fine ${run}` });
    await client.flush();
    expect(rejected).toHaveLength(1);
    expect(await callsOf(`sdk fine ${run}`)).toHaveLength(1);
  });
});
