import { readFileSync } from 'node:fs';
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import type { Database } from './db/client';
import { describeBackends } from './test/backends';
import { useTestApp } from './test/harness';

describeBackends('app', (backend) => {
  const dist = mkdtempSync(join(tmpdir(), 'console-dist-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<!doctype html><div id="app"></div>');
  writeFileSync(join(dist, 'assets', 'main-abc123.js'), 'console.log(1)');
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  const t = useTestApp(backend, { staticDir: dist, bodyLimit: 4096 });

  it('answers health with an envelope', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ code: 0, msg: '成功', data: { status: 'ok' } });
    expect(['ok', 'unknown']).toContain(
      (res.json() as { data: { database: string } }).data.database,
    );
  });

  it('answers an unknown API route with JSON 40400, in the caller’s language', async () => {
    const zh = await t.post('/api/manage/v1/nothing/here', {});
    expect(zh.status).toBe(404);
    expect(zh.body).toEqual({ code: 40400, msg: '接口不存在', data: null });
    const en = await t.app.inject({
      method: 'GET',
      url: '/api/nope',
      headers: { 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(en.statusCode).toBe(404);
    expect(en.json()).toEqual({ code: 40400, msg: 'No such endpoint', data: null });
  });

  it('answers bad JSON and oversized bodies with 40000, never 500', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/manage/v1/user/login',
      headers: { 'content-type': 'application/json', 'accept-language': 'en' },
      payload: '{"userName": ',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 40000, msg: 'The request body is not valid JSON' });

    const poisoned = await t.app.inject({
      method: 'POST',
      url: '/api/manage/v1/user/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"__proto__": {"x": 1}, "userName": "a", "password": "b"}',
    });
    expect(poisoned.json().code).toBe(40000);

    const big = await t.post('/api/manage/v1/user/login', {
      userName: 'admin',
      password: 'x'.repeat(10_000),
    });
    expect(big.status).toBe(413);
    expect(big.body).toMatchObject({ code: 40000, msg: '请求体过大', data: null });

    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/manage/v1/user/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<x/>',
    });
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().code).toBe(40000);
  });

  it('serves the console with SPA fallback and cache headers', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/scene/list?id=3' });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('<div id="app">');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['content-security-policy']).toContain("style-src 'self' 'unsafe-inline'");
    // An agent's avatar from a CDN shows; scripts and connections stay on this origin.
    expect(page.headers['content-security-policy']).toContain("img-src 'self' data: blob: https:");
    expect(page.headers['content-security-policy']).toContain("script-src 'self';");
    expect(page.headers['content-security-policy']).toContain("connect-src 'self';");
    expect(page.headers['referrer-policy']).toBe('no-referrer');

    const asset = await t.app.inject({ method: 'GET', url: '/assets/main-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['cache-control']).toContain('immutable');

    const missingAsset = await t.app.inject({ method: 'GET', url: '/assets/gone.js' });
    expect(missingAsset.statusCode).toBe(404);

    const api = await t.app.inject({ method: 'GET', url: '/api/manage/v1/scene/page' });
    expect(api.statusCode).toBe(404);
    expect(api.json().code).toBe(40400);
  });

  it('publishes OpenAPI docs for every route', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths as object);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/manage/v1/user/login',
        '/api/manage/v1/scene/page',
        '/api/manage/v1/scene/template/unbind',
        '/api/user/menu',
      ]),
    );
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs/' });
    expect(ui.statusCode).toBe(200);
  });

  it('matches the committed docs/api/openapi.json (run `npm run docs:api` after API changes)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    const committed = JSON.parse(
      readFileSync(new URL('../docs/api/openapi.json', import.meta.url), 'utf8'),
    ) as unknown;
    expect(res.json()).toEqual(committed);
  });

  it('applies the optional per-address API budget with 42900', async () => {
    const limited = await buildApp({ db: t.db, apiRateLimit: { max: 2 }, docs: false });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 3; i++) {
        const res = await limited.inject({ method: 'GET', url: '/api/health' });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([200, 200, 200]); // health is exempt, for load balancers
      const answers = [];
      for (let i = 0; i < 3; i++) {
        answers.push(await limited.inject({ method: 'POST', url: '/api/user/menu' }));
      }
      expect(answers.map((a) => a.statusCode)).toEqual([401, 401, 429]);
      expect(answers[2]!.json()).toMatchObject({ code: 42900, data: null });
    } finally {
      await limited.close();
    }
  });
});

describe('buildApp', () => {
  it('refuses a resource without a table', async () => {
    await expect(
      buildApp({
        // The check runs before any query, so a stand-in without a connection is enough.
        db: {} as Database,
        resources: [{ name: 'ghost', prefix: 'ghost', permissions: {}, fields: [] }],
        tables: {},
      }),
    ).rejects.toThrow(/ghost has no table/);
  });
});
