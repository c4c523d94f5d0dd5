import { and, eq } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { apiPath } from '../../contract/api';
import type { ApiKey, ApiKeyCreated } from '../../contract/api-keys';
import { Code } from '../../contract/envelope';
import { apiKeys, prompts, scenes } from '../db/schema';
import { describeBackends } from '../test/backends';
import { useTestApp } from '../test/harness';

interface Served {
  templateId: number;
  sceneCode: string | null;
  version: number;
  label: string;
  content: string;
  modelType: string;
  variables: unknown[];
}

/**
 * The public API's keys (the admin's calls, the bearer check, scopes, scene restriction, rate)
 * and the prompt fetch the platform's runtime makes with one.
 */
describeBackends('public API: keys and prompt fetch', (backend) => {
  const t = useTestApp(backend, {
    publicApi: { keyRequestsPerMinute: 8, lastUsedIntervalMs: 60_000 },
    anonymousLimit: false,
  });
  const tokens: Record<string, string> = {};
  let template: { id: number; sceneCode: string; content: string; liveVersion: number };
  let otherScene: string;
  beforeAll(async () => {
    for (const name of ['admin', 'user']) tokens[name] = await t.login(name);
    const rows = await t.db
      .select({
        id: prompts.id,
        sceneCode: prompts.sceneCode,
        content: prompts.content,
        liveVersion: prompts.liveVersion,
      })
      .from(prompts)
      .where(and(eq(prompts.isPublic, 1), eq(prompts.status, 1)))
      .limit(50);
    const withScene = rows.find((r) => r.sceneCode);
    if (!withScene) throw new Error('the seed has no enabled platform template with a scene');
    template = withScene as typeof template;
    const [other] = await t.db
      .select({ code: scenes.sceneCode })
      .from(scenes)
      .where(eq(scenes.isDel, 0))
      .limit(10)
      .then((r) => r.filter((s) => s.code !== template.sceneCode));
    otherScene = other!.code as string;
  });

  const manage = (path: string, body: unknown, who = 'admin') =>
    t.post(apiPath('api-key', path), body, { token: tokens[who], lang: 'en-US' });
  const create = async (body: object): Promise<ApiKeyCreated> => {
    const answer = await manage('create', body);
    expect(answer.body.code, JSON.stringify(answer.body)).toBe(Code.OK);
    return answer.body.data as ApiKeyCreated;
  };
  const fetchPrompt = (path: string, secret?: string, headers: Record<string, string> = {}) =>
    t.app.inject({
      method: 'GET',
      url: `/api/public/v1/${path}`,
      headers: { ...(secret ? { authorization: `Bearer ${secret}` } : {}), ...headers },
    });

  it('creates a key whose secret is answered once and stored only as a hash', async () => {
    const key = await create({ name: 'runtime', scopes: ['prompts:read'] });
    expect(key.secret).toMatch(/^ck_[A-Za-z0-9_-]{43}$/);
    expect(key.prefix).toBe(key.secret.slice(0, 11));
    expect(key).toMatchObject({ name: 'runtime', state: 'active', createdBy: 'admin' });
    const [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(JSON.stringify(row)).not.toContain(key.secret);
    const page = await manage('page', { keyword: 'runtime' });
    const listed = (page.body.data as { list: ApiKey[] }).list;
    expect(listed.map((k) => k.id)).toContain(key.id);
    expect(JSON.stringify(page.body)).not.toContain(key.secret);
    expect(JSON.stringify(page.body)).not.toContain(row!.secretHash);
  });

  it('refuses the admin calls to a user (40300) and to a key (50008)', async () => {
    for (const path of ['page', 'create', 'revoke']) {
      const answer = await manage(path, { id: 'x' }, 'user');
      expect(answer.status, path).toBe(403);
      expect(answer.body.code).toBe(Code.FORBIDDEN);
    }
    const key = await create({ name: 'not for the console', scopes: ['prompts:read'] });
    const answer = await t.post(apiPath('api-key', 'page'), {}, { token: key.secret });
    expect(answer.status).toBe(401);
    expect(answer.body.code).toBe(Code.TOKEN_INVALID);
  });

  it('checks a new key: a past expiry, unknown scenes, no scope, repeated scopes', async () => {
    const bad = async (body: object, field: string, message: RegExp) => {
      const answer = await manage('create', body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      const issues = (answer.body.data as { issues: { field: string; message: string }[] }).issues;
      expect(issues.find((i) => i.field === field)?.message, JSON.stringify(issues)).toMatch(
        message,
      );
    };
    await bad(
      { name: 'k', scopes: ['ingest'], expiresAt: '2020-01-01T00:00:00Z' },
      'expiresAt',
      /later than now/,
    );
    await bad(
      { name: 'k', scopes: ['ingest'], sceneCodes: ['no-such-scene'] },
      'sceneCodes',
      /no-such-scene/,
    );
    await bad({ name: 'k', scopes: [] }, 'scopes', /./);
    await bad({ name: 'k', scopes: ['ingest', 'ingest'] }, 'scopes', /./);
    await bad({ name: '  ', scopes: ['ingest'] }, 'name', /./);
    const count = await t.db.select().from(apiKeys).where(eq(apiKeys.name, 'k'));
    expect(count).toHaveLength(0);
  });

  it('serves the live version of a platform template with an ETag, and 304 to a holder', async () => {
    const key = await create({ name: 'fetch', scopes: ['prompts:read'] });
    const first = await fetchPrompt(`prompts/${template.id}?label=production`, key.secret);
    expect(first.statusCode, first.body).toBe(200);
    const served = first.json().data as Served;
    expect(served).toMatchObject({
      templateId: template.id,
      version: template.liveVersion,
      label: 'production',
      content: template.content,
    });
    const tag = first.headers.etag as string;
    expect(tag).toMatch(/^".+"$/);
    const again = await fetchPrompt(`prompts/${template.id}`, key.secret, { 'if-none-match': tag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');

    // Through its scene: the same copy.
    await t.db
      .update(scenes)
      .set({ templateId: template.id })
      .where(eq(scenes.sceneCode, template.sceneCode));
    const byScene = await fetchPrompt(`scenes/${template.sceneCode}/prompt`, key.secret);
    expect(byScene.statusCode, byScene.body).toBe(200);
    expect(byScene.headers.etag).toBe(tag);

    // A change of the live content is a new tag.
    await t.db
      .update(prompts)
      .set({ content: `${template.content} ` })
      .where(eq(prompts.id, template.id));
    const changed = await fetchPrompt(`prompts/${template.id}`, key.secret, {
      'if-none-match': tag,
    });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(tag);
    await t.db
      .update(prompts)
      .set({ content: template.content })
      .where(eq(prompts.id, template.id));
  });

  it('answers 404 for a disabled, personal or unknown template, an unlabelled label, a bad label 400', async () => {
    const key = await create({ name: 'absent', scopes: ['prompts:read'] });
    const status = async (path: string) => (await fetchPrompt(path, key.secret)).statusCode;
    expect(await status('prompts/999999999')).toBe(404);
    expect(await status(`prompts/${template.id}?label=staging`)).toBe(404);
    expect(await status(`prompts/${template.id}?label=Bad_Label`)).toBe(400);
    expect(await status('scenes/no-such-scene/prompt')).toBe(404);
    const [personal] = await t.db
      .select({ id: prompts.id })
      .from(prompts)
      .where(eq(prompts.isPublic, 0))
      .limit(1);
    if (personal) expect(await status(`prompts/${personal.id}`)).toBe(404);
    await t.db.update(prompts).set({ status: 0 }).where(eq(prompts.id, template.id));
    try {
      const answer = await fetchPrompt(`prompts/${template.id}`, key.secret);
      expect(answer.statusCode).toBe(404);
      expect(answer.json().code).toBe(Code.NOT_FOUND);
    } finally {
      await t.db.update(prompts).set({ status: 1 }).where(eq(prompts.id, template.id));
    }
  });

  it('refuses missing, unknown, revoked and expired keys and login tokens alike (401 / 50008)', async () => {
    const key = await create({ name: 'to revoke', scopes: ['prompts:read'] });
    const path = `prompts/${template.id}`;
    const refused = async (secret?: string) => {
      const answer = await fetchPrompt(path, secret);
      expect(answer.statusCode).toBe(401);
      expect(answer.json().code).toBe(Code.TOKEN_INVALID);
      expect(answer.json().data ?? null).toBeNull();
    };
    await refused();
    await refused(`${key.secret.slice(0, -2)}xx`);
    await refused(tokens.admin);
    expect((await fetchPrompt(path, key.secret)).statusCode).toBe(200);

    const revoked = await manage('revoke', { id: key.id });
    expect((revoked.body.data as ApiKey).state).toBe('revoked');
    await refused(key.secret);
    const twice = await manage('revoke', { id: key.id });
    expect(twice.status).toBe(400);
    expect((await manage('revoke', { id: 'no-such-key' })).status).toBe(404);

    const expiring = await create({
      name: 'expiring',
      scopes: ['prompts:read'],
      expiresAt: new Date(Date.now() + 60_000).toISOString(),
    });
    expect((await fetchPrompt(path, expiring.secret)).statusCode).toBe(200);
    await t.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, expiring.id));
    await refused(expiring.secret);
    const listed = await manage('page', { state: 'expired', pageSize: 100 });
    expect((listed.body.data as { list: ApiKey[] }).list.map((k) => k.id)).toContain(expiring.id);
  });

  it('enforces scopes (403 / 40300) and a scene restriction (another scene is absent)', async () => {
    const ingestOnly = await create({ name: 'ingest only', scopes: ['ingest'] });
    const answer = await fetchPrompt(`prompts/${template.id}`, ingestOnly.secret);
    expect(answer.statusCode).toBe(403);
    expect(answer.json().code).toBe(Code.FORBIDDEN);

    const elsewhere = await create({
      name: 'elsewhere',
      scopes: ['prompts:read'],
      sceneCodes: [otherScene],
    });
    expect((await fetchPrompt(`prompts/${template.id}`, elsewhere.secret)).statusCode).toBe(404);
    expect(
      (await fetchPrompt(`scenes/${template.sceneCode}/prompt`, elsewhere.secret)).statusCode,
    ).toBe(404);
    const own = await create({
      name: 'own',
      scopes: ['prompts:read'],
      sceneCodes: [template.sceneCode],
    });
    expect((await fetchPrompt(`prompts/${template.id}`, own.secret)).statusCode).toBe(200);
  });

  it('limits each key to its rate (42900 with Retry-After) and writes last use once a minute', async () => {
    const key = await create({ name: 'busy', scopes: ['prompts:read'] });
    const other = await create({ name: 'calm', scopes: ['prompts:read'] });
    const path = `prompts/${template.id}`;
    const statuses: number[] = [];
    for (let i = 0; i < 9; i++) statuses.push((await fetchPrompt(path, key.secret)).statusCode);
    expect(statuses).toEqual([...Array<number>(8).fill(200), 429]);
    const limited = await fetchPrompt(path, key.secret);
    expect(limited.json().code).toBe(Code.TOO_MANY);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    // Another key is not held up by this one.
    expect((await fetchPrompt(path, other.secret)).statusCode).toBe(200);

    await new Promise((r) => setTimeout(r, 50));
    const [row] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, key.id));
    expect(row!.lastUsedAt).not.toBeNull();
    const first = row!.lastUsedAt!.getTime();
    await t.db
      .update(apiKeys)
      .set({ lastUsedAt: new Date(first - 1) })
      .where(eq(apiKeys.id, other.id));
    await fetchPrompt(path, other.secret);
    await new Promise((r) => setTimeout(r, 50));
    const [calm] = await t.db.select().from(apiKeys).where(eq(apiKeys.id, other.id));
    // Used twice within the minute: the second use wrote nothing.
    expect(calm!.lastUsedAt!.getTime()).toBe(first - 1);
  });

  const endpoint = (name: string, body: unknown, who = 'admin') =>
    t.post(apiPath('prompt', name), body, { token: tokens[who], lang: 'en-US' });

  it('serves a label an admin points at an older version; production moves only by approval', async () => {
    const key = await create({ name: 'labels', scopes: ['prompts:read'] });
    // A second version, still a draft: the live one stays what production serves.
    const detail = await t.post(
      apiPath('prompt', 'detail'),
      { id: template.id },
      { token: tokens.admin },
    );
    const row = detail.body.data as { version: number; content: string; liveVersion: number };
    const saved = await t.post(
      apiPath('prompt', 'update'),
      {
        id: template.id,
        version: row.version,
        content: `${row.content}\nstaging copy`,
        note: 'staging',
      },
      { token: tokens.admin, lang: 'en-US' },
    );
    expect(saved.body.code, JSON.stringify(saved.body)).toBe(Code.OK);
    const draft = (saved.body.data as { pendingVersion: number }).pendingVersion;

    const set = await endpoint('label', { id: template.id, label: 'staging', number: draft });
    expect(set.body.code, JSON.stringify(set.body)).toBe(Code.OK);
    expect(set.body.data).toEqual({ labels: { production: row.liveVersion, staging: draft } });

    const staging = await fetchPrompt(`prompts/${template.id}?label=staging`, key.secret);
    expect(staging.statusCode).toBe(200);
    expect(staging.json().data).toMatchObject({ version: draft, label: 'staging' });
    expect((staging.json().data as Served).content).toContain('staging copy');
    const production = await fetchPrompt(`prompts/${template.id}`, key.secret);
    expect((production.json().data as Served).version).toBe(row.liveVersion);

    // The history shows each version's labels.
    const versions = await endpoint('versions', { id: template.id });
    const list = (versions.body.data as { list: { number: number; labels: string[] }[] }).list;
    expect(list.find((v) => v.number === draft)?.labels).toEqual(['staging']);
    expect(list.find((v) => v.number === row.liveVersion)?.labels).toEqual(['production']);

    // Moved back to the live version, then removed.
    await endpoint('label', { id: template.id, label: 'staging', number: row.liveVersion });
    const moved = await fetchPrompt(`prompts/${template.id}?label=staging`, key.secret);
    expect((moved.json().data as Served).version).toBe(row.liveVersion);
    expect((await endpoint('unlabel', { id: template.id, label: 'staging' })).body.code).toBe(
      Code.OK,
    );
    expect((await fetchPrompt(`prompts/${template.id}?label=staging`, key.secret)).statusCode).toBe(
      404,
    );

    // Refused: production, a bad label, a missing version, a missing label, a user.
    const refused = async (name: string, body: object, field: string) => {
      const answer = await endpoint(name, body);
      expect(answer.status, JSON.stringify(answer.body)).toBe(400);
      const issues = (answer.body.data as { issues: { field: string }[] }).issues;
      expect(issues.map((i) => i.field)).toContain(field);
    };
    await refused('label', { id: template.id, label: 'production', number: draft }, 'label');
    await refused('label', { id: template.id, label: 'Stage 2', number: draft }, 'label');
    await refused('label', { id: template.id, label: 'canary', number: 999_999 }, 'number');
    await refused('unlabel', { id: template.id, label: 'canary' }, 'label');
    const user = await endpoint(
      'label',
      { id: template.id, label: 'canary', number: draft },
      'user',
    );
    expect(user.body.code).toBe(Code.FORBIDDEN);
  });

  it('renders a template with values checked by their types, naming each wrong one', async () => {
    const key = await create({ name: 'render', scopes: ['prompts:read'] });
    const variables = [
      { name: 'Topic', type: 'text', fieldName: 'topic' },
      { name: 'Count', type: 'number', fieldName: 'count' },
      { name: 'Tone', type: 'select', fieldName: 'tone', options: ['formal', 'casual'] },
    ];
    const created = await t.post(
      apiPath('prompt', 'create'),
      {
        title: 'render me',
        isPublic: 1,
        sceneCode: template.sceneCode,
        content: 'Write {{count}} lines on {{topic}}, {{tone}}.',
        variables,
      },
      { token: tokens.admin, lang: 'en-US' },
    );
    expect(created.body.code, JSON.stringify(created.body)).toBe(Code.OK);
    const id = (created.body.data as { id: number }).id;
    const render = (body: unknown) =>
      t.app.inject({
        method: 'POST',
        url: `/api/public/v1/prompts/${id}/render`,
        headers: { authorization: `Bearer ${key.secret}`, 'accept-language': 'en-US' },
        payload: body as object,
      });
    const good = await render({ variables: { topic: 'tea', count: 3, tone: 'formal' } });
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json().data).toMatchObject({
      templateId: id,
      label: 'production',
      text: 'Write 3 lines on tea, formal.',
    });

    const bad = await render({ variables: { count: 'many', tone: 'rude', extra: 1 } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe(Code.INVALID);
    const issues = (bad.json().data as { issues: { field: string; message: string }[] }).issues;
    expect(issues.map((i) => i.field).sort()).toEqual([
      'variables.count',
      'variables.extra',
      'variables.tone',
      'variables.topic',
    ]);
    expect(issues.find((i) => i.field === 'variables.tone')?.message).toMatch(/formal, casual/);
    expect((await render({ label: 'Nope!', variables: {} })).statusCode).toBe(400);
    expect((await render({ label: 'canary', variables: {} })).statusCode).toBe(404);
  });
});
