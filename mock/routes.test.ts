import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiPath } from '../contract/api';
import { Code } from '../contract/envelope';
import { buildApp } from '../server/app';
import { describeBackends } from '../server/test/backends';
import { addUser, useTestApp } from '../server/test/harness';
import { MOCK_CODE } from './constants';
import { MOCK_ROUTES } from './index';
import { useMockClient } from './test-client';

/**
 * The spec §7 sample handlers as the console calls them: behind the token, with the shapes of
 * spec §3 and the constants of §9, bad input answering 50000, state per server instance.
 */
describeBackends('mock handlers', (backend) => {
  const { t, call } = useMockClient(backend);

  it('uses the spec §8 codes: 20000 success, 50000 failure', () => {
    expect(MOCK_CODE).toEqual({ OK: 20000, FAILURE: 50000, NOT_LOGGED_IN: 50008 });
    expect(MOCK_CODE.OK).toBe(Code.LEGACY_OK);
    expect(MOCK_CODE.FAILURE).toBe(Code.INTERNAL);
    expect(MOCK_CODE.NOT_LOGGED_IN).toBe(Code.TOKEN_INVALID);
  });

  it('needs a valid token on every sample call (50008 without)', async () => {
    expect(MOCK_ROUTES.length).toBe(26);
    for (const route of MOCK_ROUTES) {
      for (const token of [null, 'not-a-token']) {
        const body = route.method === 'POST' ? {} : undefined;
        const reply = await call(route.method, route.url, { token, body });
        expect(reply.status, `${route.method} ${route.url}`).toBe(401);
        expect(reply.body.code).toBe(Code.TOKEN_INVALID);
      }
    }
  });

  it('mounts every sample call, documented under the tag mock', async () => {
    const spec = t.app.swagger() as {
      paths: Record<string, Record<string, { tags?: string[]; security?: unknown[] }>>;
    };
    for (const route of MOCK_ROUTES) {
      const operation = spec.paths[route.url]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.url}`).toBeDefined();
      expect(operation!.tags).toEqual(['mock']);
      expect(operation!.security).toEqual([{ bearer: [] }]);
    }
  });

  it('leaves the template-demo calls unmounted and the real menu and scene list alone', async () => {
    for (const path of ['/api/user/info', '/api/user/login', '/api/user/logout']) {
      for (const method of ['GET', 'POST'] as const) {
        const reply = await call(method, path, { lang: 'en-US' });
        expect(reply.status, `${method} ${path}`).toBe(404);
        expect(reply.body).toEqual({ code: Code.NOT_FOUND, msg: 'No such endpoint', data: null });
      }
    }
    const menu = await call('POST', '/api/user/menu');
    expect(menu.body.code).toBe(Code.OK);
    expect(Array.isArray(menu.body.data)).toBe(true);
    // scene/page is never mocked: the real list answers code 0 from the (empty) database.
    const scenes = await call('POST', apiPath('scene', 'page'), {
      body: { current: 1, pageSize: 10 },
    });
    expect(scenes.body).toMatchObject({ code: Code.OK, data: { total: 0, list: [] } });
    expect((await call('GET', apiPath('scene', 'page'))).status).toBe(404);
  });

  it('answers the same data on every call (seeded, not random)', async () => {
    for (const route of MOCK_ROUTES.filter((r) => r.method === 'GET')) {
      const a = await call('GET', route.url);
      const b = await call('GET', route.url);
      expect(a.body, route.url).toEqual(b.body);
    }
  });
});

/** The delay of spec §7, measured with a short setting rather than the real 600–1000 ms. */
describeBackends('mock delay', (backend) => {
  const t = useTestApp(backend, { seed: false, prepare: (db) => addUser(db, '1', 'user') });
  let slow: FastifyInstance;
  let token = '';
  beforeAll(async () => {
    token = await t.login('user');
    slow = await buildApp({ db: t.db, mock: { delay: { min: 150, max: 150 } } });
  });
  afterAll(() => slow?.close());

  const timed = async (app: FastifyInstance, url: string) => {
    const started = performance.now();
    const res = await app.inject({ url, headers: { authorization: `Bearer ${token}` } });
    expect(res.json().code).toBe(MOCK_CODE.OK);
    return performance.now() - started;
  };

  it('waits the configured time before a sample answer, and not at all when off', async () => {
    expect(await timed(slow, '/api/content-data')).toBeGreaterThanOrEqual(145);
    expect(await timed(slow, '/api/list/policy?current=2')).toBeGreaterThanOrEqual(145);
    // buildApp's default (what tests get): no delay.
    const fast = Math.min(
      await timed(t.app, '/api/content-data'),
      await timed(t.app, '/api/content-data'),
    );
    expect(fast).toBeLessThan(145);
  });

  it('delays only the sample calls', async () => {
    const started = performance.now();
    const res = await slow.inject({ url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(performance.now() - started).toBeLessThan(145);
  });
});
