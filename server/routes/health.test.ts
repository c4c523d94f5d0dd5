import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { apiPath } from '../../contract/api';
import { buildApp } from '../app';
import { openDatabase, type OpenedDatabase } from '../db/client';

/** A database handle whose every query fails as an unreachable server's would. */
function unreachable(db: OpenedDatabase['db']): OpenedDatabase['db'] {
  const refused = () =>
    Promise.reject(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }));
  return new Proxy(db, {
    get(target, key, receiver) {
      if (key === 'execute') return refused;
      if (key === 'select' || key === 'insert' || key === 'update' || key === 'delete') {
        // Drizzle builders are thenables: make the built query reject when awaited.
        return () => {
          const chain: Record<string, unknown> = {};
          const handler: ProxyHandler<Record<string, unknown>> = {
            get: (_, k) =>
              k === 'then'
                ? (ok: unknown, fail: (e: unknown) => unknown) => refused().then(ok as never, fail)
                : () => new Proxy(chain, handler),
          };
          return new Proxy(chain, handler);
        };
      }
      return Reflect.get(target, key, receiver) as unknown;
    },
  });
}

describe('health and database outages', () => {
  let database: OpenedDatabase;
  let healthy: FastifyInstance;
  let down: FastifyInstance;
  beforeAll(async () => {
    database = await openDatabase();
    healthy = await buildApp({ db: database.db, ping: database.ping });
    down = await buildApp({
      db: unreachable(database.db),
      ping: () => Promise.reject(new Error('no answer')),
    });
  });
  afterAll(async () => {
    await healthy.close();
    await down.close();
    await database.close();
  });

  it('readiness asks the database; liveness answers at once with what it last learned', async () => {
    const ready = await healthy.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toMatchObject({ code: 0, data: { status: 'ok', database: 'ok' } });
    const live = await healthy.inject({ method: 'GET', url: '/api/health' });
    expect(live.json()).toMatchObject({ data: { status: 'ok', database: 'ok' } });
  });

  it('an unreachable database answers 503 / 50300 with Retry-After, never 500', async () => {
    const ready = await down.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.headers['retry-after']).toBe('5');
    expect(ready.json()).toMatchObject({ code: 50300, data: { database: 'unreachable' } });

    const started = Date.now();
    const live = await down.inject({ method: 'GET', url: '/api/health' });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(live.json()).toMatchObject({ data: { status: 'ok', database: 'unreachable' } });

    const list = await down.inject({
      method: 'POST',
      url: apiPath('scene', 'page'),
      headers: { authorization: 'Bearer x'.padEnd(50, 'x'), 'accept-language': 'en' },
      payload: {},
    });
    expect(list.statusCode).toBe(503);
    expect(list.headers['retry-after']).toBe('5');
    expect(list.json()).toEqual({
      code: 50300,
      msg: 'The database cannot be reached right now; try again shortly',
      data: null,
    });
  });

  it('API_DOCS=0 turns the OpenAPI pages off', async () => {
    const quiet = await buildApp({ db: database.db, docs: false });
    try {
      expect((await quiet.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(404);
      expect((await healthy.inject({ method: 'GET', url: '/api/docs/json' })).statusCode).toBe(200);
    } finally {
      await quiet.close();
    }
  });

  it('API answers are never cached; HSTS only over HTTPS', async () => {
    const plain = await healthy.inject({ method: 'GET', url: '/api/health' });
    expect(plain.headers['cache-control']).toBe('no-store');
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    const login = await healthy.inject({
      method: 'POST',
      url: apiPath('user', 'login'),
      payload: { userName: 'nobody', password: 'x' },
    });
    expect(login.headers['cache-control']).toBe('no-store');

    const proxied = await buildApp({ db: database.db, trustProxy: true });
    try {
      const https = await proxied.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(https.headers['strict-transport-security']).toMatch(/max-age=\d+/);
    } finally {
      await proxied.close();
    }
  });
});
