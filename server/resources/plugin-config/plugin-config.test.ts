import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiPath } from '../../../contract/api';
import { Code } from '../../../contract/envelope';
import { SECRET_MASK } from '../../../contract/resource';
import { buildApp } from '../../app';
import { pluginConfigs } from '../../db/schema';
import { describeBackends } from '../../test/backends';
import { useTestApp, type Answer } from '../../test/harness';
import { ephemeralSecretBox } from '../../crypto/secrets';
import { captureLogs } from '../../test/logs';

interface Plugin {
  id: number;
  version: number;
  pluginCode: string;
  pluginName: string;
  secret: string | null;
  status: number;
  parameterSchema: unknown;
}

const SECRET = 'sk-live-9f8e7d6c5b4a';

/**
 * Plugin configuration: admin only, the secret sealed at rest and never answered, the
 * parameter schema checked as a JSON Schema, and option lists any role may read.
 */
describeBackends('plugin configuration', (backend) => {
  // The test holds the app's key, so it can open what the app sealed.
  const secrets = ephemeralSecretBox();
  const t = useTestApp(backend, { secrets });
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    for (const name of ['admin', 'user']) tokens[name] = await t.login(name);
  });
  const as = (who: string, path: string, body?: unknown) =>
    t.post(apiPath(...path.split('/')), body, { token: tokens[who], lang: 'en-US' });
  const ok = async <T>(who: string, path: string, body?: unknown): Promise<T> => {
    const answer = await as(who, path, body);
    expect(answer.body.code, `${path}: ${JSON.stringify(answer.body)}`).toBe(Code.OK);
    expect(JSON.stringify(answer.body)).not.toContain(SECRET);
    return answer.body.data as T;
  };
  const expectInvalid = (answer: Answer, field: string, message?: RegExp) => {
    expect(answer.body.code, JSON.stringify(answer.body)).toBe(Code.INVALID);
    const issues = (answer.body.data as { issues: { field: string; message: string }[] }).issues;
    const issue = issues.find((i) => i.field === field);
    expect(issue, JSON.stringify(answer.body)).toBeDefined();
    if (message) expect(issue!.message).toMatch(message);
  };
  const plugin = (code: string, extra: object = {}) => ({
    pluginName: `Plugin ${code}`,
    pluginCode: code,
    endpoint: `https://plugins.example.com/${code}`,
    ...extra,
  });
  /** The stored ciphertext (the column type is derived loosely from the declaration). */
  const stored = async (id: number) => {
    const [row] = await t.db.select().from(pluginConfigs).where(eq(pluginConfigs.id, id));
    return { secret: (row?.secret ?? null) as string | null };
  };
  const secretOf = async (id: number) => {
    const sealed = (await stored(id)).secret;
    return sealed === null ? null : secrets.decrypt(sealed);
  };

  it('is the admin’s: a user gets 40300 on every call', async () => {
    for (const path of ['page', 'detail', 'create', 'update', 'delete', 'enable', 'disable']) {
      const answer = await as('user', `plugin-config/${path}`, { id: 1 });
      expect(answer.body.code, path).toBe(Code.FORBIDDEN);
    }
  });

  it('seals the secret at rest and answers only the mask, in every read', async () => {
    const created = await ok<Plugin>(
      'admin',
      'plugin-config/create',
      plugin('sealed', {
        authType: 'bearer',
        secret: SECRET,
      }),
    );
    expect(created.secret).toBe(SECRET_MASK);
    const row = await stored(created.id);
    expect(row.secret).not.toContain(SECRET);
    expect(row.secret).toMatch(/^v1\./);
    expect(await secretOf(created.id)).toBe(SECRET);

    expect((await ok<Plugin>('admin', 'plugin-config/detail', { id: created.id })).secret).toBe(
      SECRET_MASK,
    );
    const page = await ok<{ list: Plugin[] }>('admin', 'plugin-config/page', { pageSize: 100 });
    expect(page.list.find((p) => p.id === created.id)?.secret).toBe(SECRET_MASK);
    const exported = await t.app.inject({
      method: 'POST',
      url: apiPath('plugin-config', 'export'),
      headers: { authorization: `Bearer ${tokens.admin}` },
      payload: { format: 'csv' },
    });
    expect(exported.statusCode).toBe(200);
    expect(exported.body).toContain('sealed');
    expect(exported.body).not.toContain(SECRET);
    expect(exported.body).not.toContain(row.secret!);

    const bare = await ok<Plugin>('admin', 'plugin-config/create', plugin('no-secret'));
    expect(bare.secret).toBeNull();
    expect((await stored(bare.id)).secret).toBeNull();
  });

  it('on update: absent or the mask keeps the secret, a string replaces it, null clears it', async () => {
    const p = await ok<Plugin>(
      'admin',
      'plugin-config/create',
      plugin('rotate', {
        secret: SECRET,
      }),
    );
    const renamed = await ok<Plugin>('admin', 'plugin-config/update', {
      id: p.id,
      version: p.version,
      pluginName: 'Renamed',
    });
    expect(renamed.secret).toBe(SECRET_MASK);
    expect(await secretOf(p.id)).toBe(SECRET);
    // A detail answer sent back as it came (mask included) changes nothing of the secret.
    const detail = await ok<Plugin>('admin', 'plugin-config/detail', { id: p.id });
    const roundTrip = await ok<Plugin>('admin', 'plugin-config/update', detail);
    expect(roundTrip.secret).toBe(SECRET_MASK);
    expect(await secretOf(p.id)).toBe(SECRET);

    const replaced = await ok<Plugin>('admin', 'plugin-config/update', {
      id: p.id,
      version: roundTrip.version,
      secret: 'another-token',
    });
    expect(replaced.secret).toBe(SECRET_MASK);
    expect(await secretOf(p.id)).toBe('another-token');
    const cleared = await ok<Plugin>('admin', 'plugin-config/update', {
      id: p.id,
      version: replaced.version,
      secret: null,
    });
    expect(cleared.secret).toBeNull();
    expect((await stored(p.id)).secret).toBeNull();
  });

  it('checks the parameter schema against the JSON Schema meta-schema', async () => {
    const good = await ok<Plugin>(
      'admin',
      'plugin-config/create',
      plugin('schema-ok', {
        parameterSchema: {
          type: 'object',
          properties: { q: { type: 'string', minLength: 1 } },
          required: ['q'],
        },
      }),
    );
    expect(good.parameterSchema).toMatchObject({ required: ['q'] });
    expectInvalid(
      await as(
        'admin',
        'plugin-config/create',
        plugin('schema-bad', {
          parameterSchema: { type: 'nope' },
        }),
      ),
      'parameterSchema',
      /not a valid JSON Schema: \/type/,
    );
    expectInvalid(
      await as('admin', 'plugin-config/update', {
        id: good.id,
        version: good.version,
        parameterSchema: { properties: { q: { minLength: -1 } } },
      }),
      'parameterSchema',
      /JSON Schema/,
    );
    expectInvalid(
      await as('admin', 'plugin-config/create', plugin('schema-array', { parameterSchema: [1] })),
      'parameterSchema',
    );
  });

  it('enables and disables by ids, answering the count; option lists offer enabled plugins', async () => {
    const a = await ok<Plugin>('admin', 'plugin-config/create', plugin('opt-a'));
    const b = await ok<Plugin>('admin', 'plugin-config/create', plugin('opt-b'));
    expect(await ok('admin', 'plugin-config/disable', { ids: [a.id, b.id, 999_999] })).toEqual({
      count: 2,
    });
    const options = async () =>
      (
        await ok<{ list: { pluginCode: string; pluginName: string }[] }>(
          'user',
          'plugin/option/list',
          {},
        )
      ).list;
    expect((await options()).map((o) => o.pluginCode)).not.toContain('opt-a');
    expect(await ok('admin', 'plugin-config/enable', { ids: [a.id] })).toEqual({ count: 1 });
    const list = await options();
    expect(list.map((o) => o.pluginCode)).toContain('opt-a');
    expect(list.map((o) => o.pluginCode)).not.toContain('opt-b');
    expect(list.find((o) => o.pluginCode === 'opt-a')).toEqual({
      pluginCode: 'opt-a',
      pluginName: 'Plugin opt-a',
    });
    const names = list.map((o) => o.pluginName);
    expect([...names].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0))).toEqual(names);
    const filtered = await ok<{ list: unknown[] }>('user', 'plugin/option/list', {
      keyword: 'opt-a',
    });
    expect(filtered.list).toHaveLength(1);
  });

  it('offers enabled directives and the scenes the caller sees, to any role', async () => {
    for (const who of ['user', 'admin']) {
      const directives = await ok<{ list: { command: string; directiveName: string }[] }>(
        who,
        'directive/option/list',
        {},
      );
      expect(directives.list.every((d) => d.command.startsWith('/'))).toBe(true);
      const scenes = await ok<{ list: { sceneCode: string; sceneName: string }[] }>(
        who,
        'scene/option/list',
        {},
      );
      expect(scenes.list.length).toBeGreaterThan(0);
      expect(scenes.list.length).toBeLessThanOrEqual(1000);
    }
    expect((await t.post(apiPath('scene', 'option', 'list'), {})).body.code).toBe(
      Code.TOKEN_INVALID,
    );
  });
});

describeBackends('plugin secrets in logs', (backend) => {
  const t = useTestApp(backend, { seed: true });
  const logs = captureLogs();
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await buildApp({ db: t.db, logger: { level: 'trace', stream: logs.stream } });
    // A careless route or plugin that logs whole bodies: redaction must still hold.
    app.addHook('preHandler', async (request) => {
      request.log.info({ body: request.body }, 'request body');
    });
    await app.ready();
  });
  afterAll(() => app?.close());

  it('a secret or password sent in a body appears in no answer and no log line', async () => {
    const post = async (url: string, payload: object, token?: string) => {
      const res = await app.inject({
        method: 'POST',
        url,
        payload,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      expect(res.body).not.toContain(SECRET);
      expect(res.body).not.toContain('Admin-Pass-77');
      return res.json<{ code: number; data: { token: string; id: number } }>();
    };
    const login = await post(apiPath('user', 'login'), { userName: 'admin', password: 'admin' });
    const token = login.data.token;
    const body = {
      pluginName: 'Logged',
      pluginCode: 'logged',
      endpoint: 'https://plugins.example.com/logged',
      secret: SECRET,
    };
    expect((await post(apiPath('plugin-config', 'create'), body, token)).code).toBe(Code.OK);
    // Refused bodies too: a 40000 answer names the field, never echoes the value.
    const bad = await post(
      apiPath('plugin-config', 'create'),
      { ...body, endpoint: 'nope' },
      token,
    );
    expect(bad.code).toBe(Code.INVALID);
    await post(
      apiPath('user', 'password'),
      { oldPassword: 'Admin-Pass-77', newPassword: 'Admin-Pass-77' },
      token,
    );
    const all = logs.lines.join('');
    expect(logs.lines.length).toBeGreaterThan(3);
    expect(all).toContain('request body');
    expect(all).toContain('[redacted]');
    expect(all).not.toContain(SECRET);
    expect(all).not.toContain('Admin-Pass-77');
    expect(all).not.toContain(token);
  });
});
