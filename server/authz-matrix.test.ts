import { and, eq, getTableColumns, isNotNull, ne } from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import { beforeAll, expect, it } from 'vitest';
import { apiPath, endpointPath } from '../contract/api';
import { Code } from '../contract/envelope';
import { writableFields, type Action, type ResourceDef, type Role } from '../contract/resource';
import { RESOURCES } from '../contract/resources';
import { freeTagFields } from '../contract/tags';
import { ADMIN_CALL_BODIES, ENDPOINT_BODIES } from './db/demo/call-samples';
import { sampleBody } from './db/demo/sample';
import { RESOURCE_TABLES } from './db/resource-tables';
import { promptCalls, prompts, scenes } from './db/schema';
import { OPTION_LIST_PATHS } from './routes/options';
import { MOCK_CODE } from '../mock/constants';
import { RESOURCE_CONFIG_PATHS } from '../contract/resource-config-api';
import { describeBackends } from './test/backends';
import { addUser, useTestApp } from './test/harness';
import {
  ADMIN_ROUTES,
  ALL_ROUTES,
  CONFIGURED_ROUTES,
  CHANGE_PASSWORD,
  HEALTH,
  LOGIN,
  LOGOUT,
  MENU,
  MODEL_VERSIONS,
  PUBLIC_ROUTES,
  SAMPLE_ROUTES,
  STATISTIC_ROUTES,
  USER_DETAIL,
  servedRoutes,
  type RouteEntry,
} from './test/routes';

/**
 * Every endpoint × anonymous / user / another user / admin, with rows that belong to one account.
 * The expectation comes from the contract alone: no token → 50008; a role the policy refuses →
 * 40300; someone else's personal row → 40400 (it does not exist for them); otherwise the call
 * goes through. Any other answer is a leak or a wrong refusal.
 */
type Caller = 'anonymous' | 'user' | 'other' | 'admin';
const CALLERS: readonly Caller[] = ['anonymous', 'user', 'other', 'admin'];
const ROLE: Record<Exclude<Caller, 'anonymous'>, Role> = {
  user: 'user',
  other: 'user',
  admin: 'admin',
};
const ID: Record<Exclude<Caller, 'anonymous'>, string> = { admin: '0', user: '1', other: '2' };
/** Text only the personal rows hold: seen in any answer to another account, it leaked. */
const SECRET = 'SECRET-7f3a';

/** Sentinel: any answer but a refusal (see expectCode). */
const PASSES = -1;
const REFUSALS: readonly number[] = [Code.TOKEN_INVALID, Code.FORBIDDEN, Code.NOT_FOUND];

interface Outcome {
  route: string;
  caller: Caller;
  what: string;
  expected: number;
  actual: number;
}

describeBackends('authorization matrix', (backend) => {
  const t = useTestApp(backend, {
    anonymousLimit: false,
    // A second ordinary user; the demo seed adds admin ('0') and user ('1').
    prepare: (db) => addUser(db, '2', 'other'),
  });
  const tokens = {} as Record<Exclude<Caller, 'anonymous'>, string>;
  const outcomes: Outcome[] = [];
  const leaks: string[] = [];
  /** The demo user's personal rows, by resource. */
  const personal: Record<string, number> = {};
  /** A row every account may see, by resource. */
  const shared: Record<string, { id: number }[]> = {};
  /** A model version the demo seed has. */
  let modelVersion = '';

  beforeAll(async () => {
    for (const who of ['user', 'other', 'admin'] as const) tokens[who] = await t.login(who);
    const created = await call('user', apiPath('prompt', 'create'), {
      title: `${SECRET} template`,
      content: `${SECRET} {{x}}`,
      // Stored in the tags' one spelling: lower case (the leak check reads any case).
      tags: [SECRET],
      variables: [{ name: 'x', type: 'text', fieldName: 'x' }],
      scope: 'personal',
    });
    expect(created.body.code, JSON.stringify(created.body)).toBe(0);
    personal.prompt = (created.body.data as { id: number }).id;
    const [row] = await t.db
      .insert(promptCalls)
      .values({
        title: `${SECRET} call`,
        templateId: personal.prompt,
        question: SECRET,
        userId: '1',
      })
      .returning({ id: promptCalls.id });
    personal['prompt-call'] = row!.id as number;
    const versions = await call('user', apiPath('model', 'version', 'list'), {});
    modelVersion = (versions.body.data as { list: { version: string }[] }).list[0]!.version;
    // Rows of everyone: what an account owning nothing lists (the admin for admin-only ones).
    for (const def of RESOURCES) {
      const reader = def.permissions.user?.includes('list') ? 'other' : 'admin';
      const page = await call(reader, apiPath(def.prefix, 'page'), { pageSize: 100 });
      expect(page.body.code, `${def.name}: ${JSON.stringify(page.body)}`).toBe(0);
      shared[def.name] = (page.body.data as { list: { id: number }[] }).list;
      expect(shared[def.name]!.length, `${def.name} has shared demo rows`).toBeGreaterThanOrEqual(
        3,
      );
    }
  });

  /**
   * A create body from the declaration, with what it alone cannot give: references to rows that
   * exist (by id) and a model version the seed has.
   */
  function createBody(def: ResourceDef, seed: string): Record<string, unknown> {
    const body = sampleBody(def, 'create', seed);
    for (const f of writableFields(def, 'create')) {
      const target =
        f.required && f.reference?.key === 'id' ? shared[f.reference.resource]?.[0] : undefined;
      if (target) body[f.name] = target.id;
      if (f.optionsFrom?.path === 'model/version/list') {
        body[f.name] = f.type === 'tags' ? [modelVersion] : modelVersion;
      }
    }
    // Checked against other rows and fields: a saved version of the template (left out), a
    // rubric that shows the judge the answer.
    if (def.name === 'model-evaluate') {
      delete body.templateVersion;
      body.judgeRubric = `Rate {{answer}} ${seed}`;
    }
    return body;
  }

  async function call(caller: Caller, url: string, body?: unknown) {
    const res = await t.post(url, body, caller === 'anonymous' ? {} : { token: tokens[caller] });
    const text = JSON.stringify(res.body).toLowerCase();
    if (caller !== 'user' && text.includes(SECRET.toLowerCase())) {
      leaks.push(`${caller} ${url} ${JSON.stringify(body)} → ${JSON.stringify(res.body)}`);
    }
    return res;
  }

  async function expectCode(
    caller: Caller,
    route: string,
    what: string,
    body: unknown,
    expected: number,
  ) {
    const res = await call(caller, route, body);
    // PASSES: the call got past every access check; what it then answers is the workflow's
    // business (a review in the wrong state answers 40000, a stale version 40900).
    const actual =
      expected === PASSES && !REFUSALS.includes(res.body.code) ? PASSES : res.body.code;
    outcomes.push({ route, caller, what, expected, actual });
    return res;
  }

  const allowed = (def: ResourceDef, action: Action, caller: Caller, only?: readonly Role[]) =>
    caller !== 'anonymous' &&
    !!def.permissions[ROLE[caller]]?.includes(action) &&
    (!only || only.includes(ROLE[caller]));

  /** What the contract says `caller` gets for `action`, when the call itself is sound. */
  const expectedFor = (
    def: ResourceDef,
    action: Action,
    caller: Caller,
    ok: number,
    only?: readonly Role[],
  ) =>
    caller === 'anonymous'
      ? Code.TOKEN_INVALID
      : allowed(def, action, caller, only)
        ? ok
        : Code.FORBIDDEN;

  const policyRoutes = ALL_ROUTES.filter(
    (r): r is RouteEntry & { access: { kind: 'policy'; resource: ResourceDef; action: Action } } =>
      r.access.kind === 'policy',
  );

  it('lists: the policy decides, and no list shows another account’s personal rows', async () => {
    for (const route of policyRoutes.filter((r) => r.access.action === 'list')) {
      if (route.url.endsWith('/export')) continue; // below: it answers CSV
      if (route.url.endsWith('/tags')) continue; // below: it takes a field, not a page
      const def = route.access.resource;
      for (const caller of CALLERS) {
        const expected = expectedFor(def, 'list', caller, Code.OK);
        const scopes = [undefined, ...Object.keys(def.scopes ?? {})];
        for (const scope of scopes) {
          const body = { pageSize: 100, ...(scope ? { scope } : {}) };
          const res = await expectCode(caller, route.url, `scope ${scope ?? '-'}`, body, expected);
          if (res.body.code !== Code.OK || caller === 'anonymous') continue;
          const ids = (res.body.data as { list: { id: number }[] }).list.map((r) => r.id);
          const mine = personal[def.name];
          if (mine !== undefined && caller !== 'user' && ids.includes(mine)) {
            leaks.push(`${caller} lists ${def.name} ${mine}`);
          }
        }
      }
    }
  });

  it('reads, changes and declared calls: policy first, then someone else’s row is 40400', async () => {
    for (const route of policyRoutes.filter((r) => r.access.action !== 'list')) {
      const { resource: def, action, roles: only } = route.access;
      if (action === 'create' || action === 'delete') continue; // below: they change rows
      const isUpdate = route.url.endsWith('/update');
      const endpoint = Object.entries(def.endpoints ?? {}).find(
        ([name]) => route.url === endpointPath(def, name),
      )?.[0];
      const sample = endpoint ? ENDPOINT_BODIES[`${def.name}.${endpoint}`] : undefined;
      const bulk = endpoint === 'enable' || endpoint === 'disable';
      const target = shared[def.name]![0]!.id;
      // A stale version proves the call got past every access check and changes nothing.
      const body = (id: number) =>
        sample ? sample(id) : isUpdate ? { id, version: 999_999 } : { id };
      const ok = sample ? PASSES : isUpdate ? Code.CONFLICT : Code.OK;
      for (const caller of CALLERS) {
        await expectCode(
          caller,
          route.url,
          'shared row',
          body(target),
          expectedFor(def, action, caller, ok, only),
        );
        const mine = personal[def.name];
        if (mine === undefined || route.url.endsWith('/unbind')) continue;
        // The owner would change its own row for real: the owner's reach is tested elsewhere.
        if (bulk && caller === 'user') continue;
        // The owner reaches it; anyone else is told it does not exist (a bulk call: 0 rows).
        const theirs = caller === 'user' || bulk ? ok : Code.NOT_FOUND;
        const res = await expectCode(
          caller,
          route.url,
          'personal row',
          body(mine),
          expectedFor(def, action, caller, theirs, only),
        );
        if (bulk && res.body.code === Code.OK) {
          expect(res.body.data, `${caller} ${route.url} changed a stranger's row`).toEqual({
            count: 0,
          });
        }
      }
    }
  });

  it('tags in use: the policy decides, and no tag of another account’s personal row shows', async () => {
    for (const route of policyRoutes.filter((r) => r.url.endsWith('/tags'))) {
      const def = route.access.resource;
      for (const field of freeTagFields(def)) {
        for (const caller of CALLERS) {
          const expected = expectedFor(def, 'list', caller, Code.OK);
          for (const scope of [undefined, ...Object.keys(def.scopes ?? {})]) {
            const body = { field: field.name, limit: 100, ...(scope ? { scope } : {}) };
            // The leak check of call() reads the answer for the personal row's tag.
            await expectCode(caller, route.url, `${field.name} ${scope ?? '-'}`, body, expected);
          }
        }
      }
    }
  });

  it('exports: the policy decides, and no file holds another account’s personal rows', async () => {
    for (const route of policyRoutes.filter((r) => r.url.endsWith('/export'))) {
      const def = route.access.resource;
      for (const caller of CALLERS) {
        const headers = caller === 'anonymous' ? {} : { authorization: `Bearer ${tokens[caller]}` };
        const res = await t.app.inject({ method: 'POST', url: route.url, headers, payload: {} });
        const csv = res.headers['content-type']?.toString().startsWith('text/csv');
        const actual = csv ? Code.OK : (res.json() as { code: number }).code;
        outcomes.push({
          route: route.url,
          caller,
          what: 'export',
          expected: expectedFor(def, 'list', caller, Code.OK),
          actual,
        });
        if (csv && caller !== 'user' && res.body.includes(SECRET)) {
          leaks.push(`${caller} exports ${def.name} with a personal row`);
        }
      }
    }
  });

  it('creates: the policy decides, and the creator owns what it creates', async () => {
    for (const route of policyRoutes.filter((r) => r.access.action === 'create')) {
      const def = route.access.resource;
      const endpoint = Object.entries(def.endpoints ?? {}).find(
        ([name]) => route.url === endpointPath(def, name),
      )?.[0];
      const sample = endpoint ? ENDPOINT_BODIES[`${def.name}.${endpoint}`] : undefined;
      for (const [i, caller] of CALLERS.entries()) {
        const body = sample ? sample(shared.corpus![0]!.id) : createBody(def, `matrix-${i}`);
        const res = await expectCode(
          caller,
          route.url,
          'sample',
          body,
          expectedFor(def, 'create', caller, sample ? PASSES : Code.OK),
        );
        const owner = def.ownership && 'field' in def.ownership ? def.ownership.field : undefined;
        if (res.body.code === Code.OK && owner && caller !== 'anonymous') {
          expect((res.body.data as Record<string, unknown>)[owner]).toBe(ID[caller]);
        }
      }
    }
  });

  it('deletes: the policy decides; someone else’s personal row stays', async () => {
    for (const route of policyRoutes.filter((r) => r.access.action === 'delete')) {
      const def = route.access.resource;
      const mine = personal[def.name];
      for (const [i, caller] of CALLERS.entries()) {
        if (mine !== undefined && caller !== 'user') {
          await expectCode(
            caller,
            route.url,
            'personal row',
            { id: mine },
            expectedFor(def, 'delete', caller, Code.NOT_FOUND),
          );
        }
        // Each account deletes a different shared row, so every success is a real one (the
        // anonymous caller, first, tries the user's and is refused).
        const target = shared[def.name]![Math.max(0, i - 1)]!.id;
        const res = await expectCode(
          caller,
          route.url,
          'shared row',
          { id: target },
          expectedFor(def, 'delete', caller, Code.OK),
        );
        if (res.body.code !== Code.OK) {
          // Read from the table itself: visibility may hide it for other reasons (a call whose
          // template was deleted above).
          const table = RESOURCE_TABLES[def.name]!;
          const [row] = await t.db
            .select()
            .from(table)
            .where(eq(getTableColumns(table).id as PgColumn, target));
          const alive =
            !!row && (!def.softDelete || (row as Record<string, unknown>)[def.softDelete] === 0);
          expect(alive, `${def.name} ${target} survives a refused delete`).toBe(true);
        }
      }
    }
    // What strangers could not see, they could not change either.
    const [template] = await t.db.select().from(prompts).where(eq(prompts.id, personal.prompt!));
    expect(template).toMatchObject({ title: `${SECRET} template`, version: 1, ownerId: '1' });
    const [call0] = await t.db
      .select()
      .from(promptCalls)
      .where(eq(promptCalls.id, personal['prompt-call']!));
    expect(call0).toMatchObject({ version: 1, templateId: personal.prompt });
  });

  it('account and model-version admin is the admin’s; option lists and own password anyone’s', async () => {
    const signedIn = (caller: Caller, ok: number) =>
      caller === 'anonymous' ? Code.TOKEN_INVALID : ok;
    for (const caller of CALLERS) {
      for (const url of OPTION_LIST_PATHS) {
        await expectCode(caller, url, 'options', {}, signedIn(caller, Code.OK));
      }
      // A wrong current password proves the call got past the access check and changed nothing.
      await expectCode(
        caller,
        CHANGE_PASSWORD,
        'wrong old password',
        { oldPassword: 'not-it', newPassword: 'Another1' },
        signedIn(caller, Code.INVALID),
      );
    }
    for (const route of ADMIN_ROUTES) {
      const [body, ok] = ADMIN_CALL_BODIES[route.url]!;
      for (const caller of CALLERS) {
        const expected =
          caller === 'anonymous' ? Code.TOKEN_INVALID : caller === 'admin' ? ok : Code.FORBIDDEN;
        await expectCode(caller, route.url, 'admin call', body, expected);
      }
    }
  });

  it('playground runs and debug records: any signed-in role, scoped inside', async () => {
    for (const caller of CALLERS) {
      const signedIn = (ok: number) => (caller === 'anonymous' ? Code.TOKEN_INVALID : ok);
      await expectCode(caller, apiPath('debug-record', 'page'), 'records', {}, signedIn(Code.OK));
      await expectCode(
        caller,
        apiPath('debug-record', 'detail'),
        'a missing record',
        { id: 999_999 },
        signedIn(Code.NOT_FOUND),
      );
      await expectCode(
        caller,
        apiPath('prompt', 'run'),
        'a missing template',
        { templateId: 999_999, variables: {}, modelVersions: ['none'] },
        signedIn(Code.NOT_FOUND),
      );
      await expectCode(
        caller,
        apiPath('prompt', 'interface-value'),
        'a missing template',
        { templateId: 999_999, fieldName: 'x' },
        signedIn(Code.NOT_FOUND),
      );
    }
  });

  it('statistics and sample calls: any signed-in role; a stranger is refused', async () => {
    const q = { startDate: '2020-01-01', endDate: '2020-01-31' };
    for (const route of STATISTIC_ROUTES) {
      for (const caller of CALLERS) {
        const expected = caller === 'anonymous' ? Code.TOKEN_INVALID : Code.OK;
        await expectCode(caller, route.url, 'statistics', q, expected);
      }
    }
    // Sample calls answer 50008 to a stranger (spec §8 mock codes); a signed-in caller gets past
    // the token check whatever the body then answers.
    for (const route of SAMPLE_ROUTES) {
      for (const caller of CALLERS) {
        const res = await t.app.inject({
          method: route.method,
          url: route.url,
          headers: caller === 'anonymous' ? {} : { authorization: `Bearer ${tokens[caller]}` },
          ...(route.method === 'POST' ? { payload: {} } : {}),
        });
        const code = (res.json() as { code: number }).code;
        const expected = caller === 'anonymous' ? MOCK_CODE.NOT_LOGGED_IN : PASSES;
        const actual = expected === PASSES && code !== MOCK_CODE.NOT_LOGGED_IN ? PASSES : code;
        outcomes.push({ route: route.url, caller, what: 'sample', expected, actual });
      }
    }
  });

  it('user calls: detail of oneself or (admin) anyone, menu, logout, login and health', async () => {
    for (const caller of CALLERS) {
      await expectCode(
        caller,
        MENU,
        'menu',
        undefined,
        caller === 'anonymous' ? Code.TOKEN_INVALID : Code.OK,
      );
      await expectCode(
        caller,
        RESOURCE_CONFIG_PATHS.resources,
        'configured resources',
        {},
        caller === 'anonymous' ? Code.TOKEN_INVALID : Code.OK,
      );
      await expectCode(
        caller,
        MODEL_VERSIONS,
        'model versions',
        {},
        caller === 'anonymous' ? Code.TOKEN_INVALID : Code.OK,
      );
      for (const [whom, id] of Object.entries(ID)) {
        const expected =
          caller === 'anonymous'
            ? Code.TOKEN_INVALID
            : caller === 'admin' || caller === whom
              ? Code.OK
              : Code.FORBIDDEN;
        await expectCode(caller, USER_DETAIL, `detail of ${whom}`, { id }, expected);
      }
    }
    await expectCode('admin', USER_DETAIL, 'detail of nobody', { id: '999' }, Code.NOT_FOUND);
    await expectCode(
      'anonymous',
      LOGIN,
      'right password',
      { userName: 'other', password: 'other' },
      Code.OK,
    );
    await expectCode(
      'anonymous',
      LOGIN,
      'wrong password',
      { userName: 'other', password: 'x' },
      Code.INVALID,
    );
    const health = await t.app.inject({ method: 'GET', url: HEALTH });
    expect(health.json().code).toBe(Code.OK);
    await expectCode('anonymous', LOGOUT, 'logout', undefined, Code.TOKEN_INVALID);
    for (const caller of ['user', 'other', 'admin'] as const) {
      await expectCode(caller, LOGOUT, 'logout', undefined, Code.OK);
      // The token it ended opens nothing any more.
      await expectCode(caller, MENU, 'after logout', undefined, Code.SESSION_ENDED);
    }
  });

  it('public API: no console login opens it; a key reads only within its scope and scenes', async () => {
    const [template] = await t.db
      .select({ id: prompts.id, sceneCode: prompts.sceneCode })
      .from(prompts)
      .where(and(eq(prompts.isPublic, 1), eq(prompts.status, 1), isNotNull(prompts.sceneCode)))
      .limit(1);
    const sceneCode = template!.sceneCode as string;
    await t.db
      .update(scenes)
      .set({ templateId: template!.id })
      .where(eq(scenes.sceneCode, sceneCode));
    const [elsewhere] = await t.db
      .select({ code: scenes.sceneCode })
      .from(scenes)
      .where(and(eq(scenes.isDel, 0), ne(scenes.sceneCode, sceneCode)))
      .limit(1);
    const concrete: Record<string, string> = {
      [PUBLIC_ROUTES[0]!.url]: `/api/public/v1/prompts/${template!.id}`,
      [PUBLIC_ROUTES[1]!.url]: `/api/public/v1/scenes/${encodeURIComponent(sceneCode)}/prompt`,
      [PUBLIC_ROUTES[2]!.url]: `/api/public/v1/prompts/${template!.id}/render`,
    };
    // Fresh sessions: the tests before may have ended theirs.
    const fresh: Record<string, string> = {};
    for (const caller of CALLERS) if (caller !== 'anonymous') fresh[caller] = await t.login(caller);
    const newKey = async (body: object) => {
      const res = await t.post(apiPath('api-key', 'create'), body, { token: fresh.admin });
      return (res.body.data as { secret: string }).secret;
    };
    const other = elsewhere!.code as string;
    /** Each key with what it gets from a prompt call and from the ingest call. */
    const keys: Record<string, { secret: string; prompts: number; ingest: number }> = {
      'key of the scene': {
        secret: await newKey({ name: 'm1', scopes: ['prompts:read'], sceneCodes: [sceneCode] }),
        prompts: Code.OK,
        ingest: Code.FORBIDDEN,
      },
      'ingest-only key': {
        secret: await newKey({ name: 'm2', scopes: ['ingest'] }),
        prompts: Code.FORBIDDEN,
        ingest: PASSES,
      },
      'key of another scene': {
        secret: await newKey({ name: 'm3', scopes: ['prompts:read'], sceneCodes: [other] }),
        prompts: Code.NOT_FOUND,
        ingest: Code.FORBIDDEN,
      },
      'ingest key of another scene': {
        secret: await newKey({ name: 'm4', scopes: ['ingest'], sceneCodes: [other] }),
        prompts: Code.FORBIDDEN,
        ingest: PASSES,
      },
    };
    const ingestUrl = `/api/public/v1/ingest`;
    // A call to the template's scene: only a key for that scene (or every scene) may write it.
    const question = `matrix ingest ${Date.now()}`;
    const batch = {
      batch: [
        {
          id: `matrix-${Date.now()}`,
          type: 'call',
          timestamp: new Date().toISOString(),
          body: { templateId: template!.id, question },
        },
      ],
    };
    for (const route of PUBLIC_ROUTES) {
      const otlp = route.url.endsWith('/traces');
      const url = route.url.endsWith('/ingest') || otlp ? route.url : concrete[route.url]!;
      const ingesting = url === ingestUrl || otlp;
      const get = async (token?: string) => {
        const res = await t.app.inject({
          method: route.method,
          url,
          headers: token ? { authorization: `Bearer ${token}` } : {},
          // Rendering: the seed's values are not this template's, a sound caller gets 40000.
          ...(route.method === 'POST'
            ? {
                payload: otlp
                  ? { resourceSpans: [] }
                  : url === ingestUrl
                    ? batch
                    : { variables: {} },
              }
            : {}),
        });
        return { code: (res.json() as { code: number }).code, text: res.body };
      };
      // A console login, the admin's included, is no key.
      for (const caller of CALLERS) {
        const { code } = await get(caller === 'anonymous' ? undefined : fresh[caller]);
        outcomes.push({
          route: route.url,
          caller,
          what: 'public API',
          expected: Code.TOKEN_INVALID,
          actual: code,
        });
      }
      for (const [what, key] of Object.entries(keys)) {
        const { code, text } = await get(key.secret);
        const expected = ingesting ? key.ingest : key.prompts;
        // Rendering with no values may answer 40000: past every access check all the same.
        const want = route.method === 'POST' && expected === Code.OK ? PASSES : expected;
        const actual = want === PASSES && !REFUSALS.includes(code) ? PASSES : code;
        outcomes.push({ route: route.url, caller: 'admin', what, expected: want, actual });
        if (expected !== Code.OK && text.includes('"content"')) leaks.push(`${what} read ${url}`);
      }
    }
    // Written once, by the unrestricted key; the key of another scene's call was refused.
    const written = await t.db
      .select({ id: promptCalls.id })
      .from(promptCalls)
      .where(eq(promptCalls.question, question));
    if (written.length !== 1) leaks.push(`the matrix call was stored ${written.length} times`);
    // No personal template is served, whoever holds the key.
    const mine = personal.prompt;
    if (mine !== undefined) {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/public/v1/prompts/${mine}`,
        headers: { authorization: `Bearer ${keys['key of the scene']!.secret}` },
      });
      if (res.body.toLowerCase().includes(SECRET.toLowerCase()))
        leaks.push(`a key read personal prompt ${mine}`);
      outcomes.push({
        route: PUBLIC_ROUTES[0]!.url,
        caller: 'admin',
        what: 'personal template',
        expected: Code.NOT_FOUND,
        actual: (res.json() as { code: number }).code,
      });
    }
  });

  it('knows every API call the app serves (health aside, which is public by design)', () => {
    const served = servedRoutes(t.app).filter(
      (r) => r.url.startsWith('/api/') && !r.url.startsWith('/api/docs') && r.method !== 'HEAD',
    );
    const known = new Set(ALL_ROUTES.map((r) => `${r.method} ${r.url}`));
    const unknown = served.filter(
      (r) =>
        !known.has(`${r.method} ${r.url}`) &&
        !r.url.startsWith(HEALTH) &&
        !CONFIGURED_ROUTES.includes(r.url),
    );
    expect(unknown).toEqual([]);
    for (const r of ALL_ROUTES) expect(served).toContainEqual({ method: r.method, url: r.url });
  });

  it('covers every endpoint for every caller, with 0 leaks', () => {
    const covered = new Set(outcomes.map((o) => `${o.route} ${o.caller}`));
    const missing = ALL_ROUTES.filter((r) => r.url !== HEALTH).flatMap((r) =>
      CALLERS.filter((c) => !covered.has(`${r.url} ${c}`)).map((c) => `${r.url} ${c}`),
    );
    // Login is public: the matrix's other rows for it are the fuzz suite's business.
    expect(missing.filter((m) => !m.startsWith(LOGIN))).toEqual([]);
    const wrong = outcomes.filter((o) => o.expected !== o.actual);
    console.info(
      `authz matrix [${backend.name}]: ${outcomes.length} calls over ${covered.size} endpoint × caller pairs, ` +
        `${wrong.length} unexpected answers, ${leaks.length} leaks`,
    );
    expect(wrong).toEqual([]);
    expect(leaks).toEqual([]);
  });
});
