import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiPath } from '../../contract/api';
import { Code } from '../../contract/envelope';
import { modelVersions } from '../db/schema';
import { describeBackends } from '../test/backends';
import { useTestApp, type Answer } from '../test/harness';
import { startStubProvider, type StubProvider } from '../test/stub-provider';

interface Version {
  id: number;
  version: string;
  provider: string | null;
  baseUrl?: string | null;
  model?: string | null;
  apiKeySet?: boolean;
  timeoutMs?: number;
  maxConcurrency?: number;
}

const KEY = 'sk-provider-test-7f3a9c';

/** Model versions' providers: set by the admin, the key sealed and never answered. */
describeBackends('model version providers', (backend) => {
  const t = useTestApp(backend);
  const tokens: Record<string, string> = {};
  let provider: StubProvider;
  let baseUrl = '';
  beforeAll(async () => {
    for (const name of ['admin', 'user']) tokens[name] = await t.login(name);
    provider = await startStubProvider(KEY, ['I am a stub.'], {
      prompt_tokens: 9,
      completion_tokens: 4,
    });
    baseUrl = provider.baseUrl;
  });
  afterAll(() => provider.close());
  const as = (who: string, path: string, body?: unknown) =>
    t.post(apiPath('model', 'version', path), body, { token: tokens[who], lang: 'en-US' });
  const ok = async <T = Version>(who: string, path: string, body?: unknown): Promise<T> => {
    const answer = await as(who, path, body);
    expect(answer.body.code, `${path}: ${JSON.stringify(answer.body)}`).toBe(Code.OK);
    expect(JSON.stringify(answer.body)).not.toContain(KEY);
    return answer.body.data as T;
  };
  const issueOf = (answer: Answer, field: string) => {
    expect(answer.body.code, JSON.stringify(answer.body)).toBe(Code.INVALID);
    const issues = (answer.body.data as { issues: { field: string; message: string }[] }).issues;
    return issues.find((i) => i.field === field)?.message;
  };
  const list = async (who: string) =>
    ((await as(who, 'list', {})).body.data as { list: Version[] }).list;
  const base = { modelType: 'CHATGPT', name: 'Gateway', enabled: true };

  it('stores an OpenAI-compatible provider with its key sealed, answered as "set" only', async () => {
    const created = await ok('admin', 'create', {
      ...base,
      version: 'gw-1',
      provider: 'openai-compatible',
      baseUrl,
      model: 'stub-model',
      apiKey: KEY,
      maxConcurrency: 8,
    });
    expect(created).toMatchObject({
      provider: 'openai-compatible',
      baseUrl,
      model: 'stub-model',
      apiKeySet: true,
      maxConcurrency: 8,
      timeoutMs: 60_000,
    });
    const [row] = await t.db.select().from(modelVersions).where(eq(modelVersions.id, created.id));
    expect(row?.apiKey).toMatch(/^v1\./);
    expect(row?.apiKey).not.toContain(KEY);

    const mine = (await list('admin')).find((v) => v.id === created.id);
    expect(mine).toMatchObject({ apiKeySet: true, baseUrl });
    const theirs = (await list('user')).find((v) => v.id === created.id);
    expect(theirs).toEqual(expect.objectContaining({ provider: 'openai-compatible' }));
    expect(theirs).not.toHaveProperty('baseUrl');
    expect(theirs).not.toHaveProperty('apiKeySet');

    // Leaving the key out keeps it; null removes it.
    expect(await ok('admin', 'update', { id: created.id, name: 'Gateway 1' })).toMatchObject({
      apiKeySet: true,
    });
    const tried = await ok<{ answer?: string; promptTokens?: number }>('admin', 'test', {
      id: created.id,
    });
    expect(tried).toMatchObject({ answer: 'I am a stub.', promptTokens: 9 });
    expect(await ok('admin', 'update', { id: created.id, apiKey: null })).toMatchObject({
      apiKeySet: false,
    });
    const refused = await ok<{ error?: { kind: string } }>('admin', 'test', { id: created.id });
    expect(refused.error?.kind).toBe('unauthorized');
  });

  it('refuses a provider without its address or model, and addresses it may not reach', async () => {
    const openai = { ...base, provider: 'openai-compatible', model: 'm' };
    expect(issueOf(await as('admin', 'create', { ...openai, version: 'gw-2' }), 'baseUrl')).toBe(
      'required for an OpenAI-compatible provider',
    );
    expect(
      issueOf(
        await as('admin', 'create', {
          ...openai,
          version: 'gw-2',
          baseUrl: 'http://169.254.169.254/v1',
        }),
        'baseUrl',
      ),
    ).toMatch(/not allowed/);
    expect(
      issueOf(
        await as('admin', 'create', { ...openai, version: 'gw-2', baseUrl: 'file:///etc/passwd' }),
        'baseUrl',
      ),
    ).toMatch(/http:\/\/ or https:\/\//);
    expect(
      issueOf(
        await as('admin', 'create', { ...openai, version: 'gw-2', maxConcurrency: 0 }),
        'maxConcurrency',
      ),
    ).toBeDefined();
    expect((await list('admin')).some((v) => v.version === 'gw-2')).toBe(false);
  });

  it('tries a version: the demo model answers, a closed port is a connection error', async () => {
    const demo = (await list('admin')).find((v) => v.provider === 'mock');
    expect(demo).toBeDefined();
    const answered = await ok<{ answer?: string; latencyMs?: number }>('admin', 'test', {
      id: demo!.id,
    });
    expect(answered.answer?.length).toBeGreaterThan(0);

    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const gone = await ok('admin', 'create', {
      ...base,
      version: 'gw-gone',
      provider: 'openai-compatible',
      baseUrl: `http://127.0.0.1:${port}/v1`,
      model: 'm',
      retries: 0,
    });
    const failed = await ok<{ error?: { kind: string } }>('admin', 'test', { id: gone.id });
    expect(failed.error?.kind).toBe('connection');

    const none = await ok('admin', 'create', { ...base, version: 'gw-none' });
    expect(none.provider).toBeNull();
    const unset = await ok<{ error?: { kind: string } }>('admin', 'test', { id: none.id });
    expect(unset.error?.kind).toBe('notConfigured');

    const user = await as('user', 'test', { id: demo!.id });
    expect(user.body.code).toBe(Code.FORBIDDEN);
  });
});
