import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { prompts, scenes } from '../server/db/schema';
import { describeBackends } from '../server/test/backends';
import { listenLocally, newApiKey, useTestApp } from '../server/test/harness';
import { PromptClient, PromptError } from './prompts';

/** The platform's prompt client against the real server, over HTTP. */
describeBackends('sdk: PromptClient', (backend) => {
  const t = useTestApp(backend);
  let baseUrl = '';
  let secret = '';
  let template: { id: number; sceneCode: string; content: string };
  beforeAll(async () => {
    baseUrl = await listenLocally(t);
    secret = await newApiKey(t, { scopes: ['prompts:read'] });
    const [row] = await t.db
      .select({ id: prompts.id, sceneCode: prompts.sceneCode, content: prompts.content })
      .from(prompts)
      .where(and(eq(prompts.isPublic, 1), eq(prompts.status, 1), isNotNull(prompts.sceneCode)))
      .limit(1);
    template = row as typeof template;
    await t.db
      .update(scenes)
      .set({ templateId: template.id })
      .where(eq(scenes.sceneCode, template.sceneCode));
  });
  afterAll(() => t.app.server.close());

  /** A client counting its requests and the answers' statuses, on a clock the test moves. */
  function client(apiKey = secret) {
    const clock = { now: 1_000_000 };
    const seen: number[] = [];
    // Set `down` to cut the client off from the console.
    const net = { down: false };
    const sdk = new PromptClient({
      baseUrl,
      apiKey,
      ttlMs: 60_000,
      now: () => clock.now,
      fetch: async (input, init) => {
        if (net.down) throw new Error('connection refused');
        const response = await fetch(input, init);
        seen.push(response.status);
        return response;
      },
    });
    return { sdk, clock, seen, net };
  }

  it('fetches by template id or scene code and serves the copy until the TTL', async () => {
    const { sdk, seen } = client();
    const byId = await sdk.getPrompt(template.id);
    expect(byId).toMatchObject({
      templateId: template.id,
      label: 'production',
      content: template.content,
    });
    expect(await sdk.getPrompt(template.id)).toBe(byId);
    const byScene = await sdk.getPrompt(template.sceneCode);
    expect(byScene.templateId).toBe(template.id);
    expect(seen).toEqual([200, 200]);
  });

  it('after the TTL answers the copy at once and refreshes it in the background (304, then a change)', async () => {
    const { sdk, clock, seen } = client();
    const first = await sdk.getPrompt(template.id);
    clock.now += 61_000;
    expect(await sdk.getPrompt(template.id)).toBe(first);
    await sdk.settled();
    expect(seen).toEqual([200, 304]);

    await t.db
      .update(prompts)
      .set({ content: `${template.content} (changed)` })
      .where(eq(prompts.id, template.id));
    try {
      clock.now += 61_000;
      expect((await sdk.getPrompt(template.id)).content).toBe(template.content);
      await sdk.settled();
      expect((await sdk.getPrompt(template.id)).content).toBe(`${template.content} (changed)`);
      expect(seen).toEqual([200, 304, 200]);
    } finally {
      await t.db
        .update(prompts)
        .set({ content: template.content })
        .where(eq(prompts.id, template.id));
    }
  });

  it('keeps the last good copy when the console cannot be reached', async () => {
    const { sdk, clock, net } = client();
    const good = await sdk.getPrompt(template.id);
    const down = new PromptClient({
      baseUrl: 'http://127.0.0.1:9',
      apiKey: secret,
      timeoutMs: 2_000,
    });
    await expect(down.getPrompt(template.id)).rejects.toMatchObject({ status: 0 });
    net.down = true;
    clock.now += 61_000;
    expect(await sdk.getPrompt(template.id)).toBe(good);
    await sdk.settled();
    expect(await sdk.getPrompt(template.id)).toBe(good);
  });

  it('says why a first fetch fails: a bad key, an unknown template', async () => {
    const bad = client(`${secret}x`).sdk;
    const error = await bad.getPrompt(template.id).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(PromptError);
    expect(error).toMatchObject({ status: 401, code: 50008 });
    await expect(client().sdk.getPrompt(999_999_999)).rejects.toMatchObject({
      status: 404,
      code: 40400,
    });
  });
});
