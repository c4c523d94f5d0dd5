import Fastify, { type FastifyInstance } from 'fastify';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { OpenedDatabase } from '../db/client';
import { DatabaseHealth } from '../db/health';
import { describeBackends } from '../test/backends';
import { installErrorHandler } from './error-handler';

/** A driver error as Drizzle hands it on: wrapped, the SQLSTATE on the cause. */
function drizzleError(code: string, message: string): Error {
  const cause = Object.assign(new Error(message), { code });
  return Object.assign(new Error('Failed query: select 1\nparams: '), {
    query: 'select 1',
    cause,
  });
}

function appThrowing(health: DatabaseHealth): FastifyInstance {
  const app = Fastify();
  installErrorHandler(app, health);
  app.get('/timeout', async () => {
    throw drizzleError('57014', 'canceling statement due to statement timeout');
  });
  app.get('/shutdown', async () => {
    throw drizzleError('57P01', 'terminating connection due to administrator command');
  });
  app.get('/refused', async () => {
    throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), {
      code: 'ECONNREFUSED',
    });
  });
  return app;
}

describe('a statement timeout (57014)', () => {
  it('answers 50300 queryTimeout, translated, without Retry-After or marking the database down', async () => {
    const health = new DatabaseHealth();
    health.set('ok');
    const app = appThrowing(health);
    const zh = await app.inject({ method: 'GET', url: '/timeout' });
    expect(zh.statusCode).toBe(503);
    expect(zh.json()).toEqual({
      code: 50300,
      msg: '查询耗时过长，请缩小筛选范围后重试',
      data: null,
    });
    expect(zh.headers['retry-after']).toBeUndefined();
    const en = await app.inject({
      method: 'GET',
      url: '/timeout',
      headers: { 'accept-language': 'en-US' },
    });
    expect(en.json()).toEqual({
      code: 50300,
      msg: 'The query took too long; narrow the filter and try again',
      data: null,
    });
    expect(health.state).toBe('ok');
    await app.close();
  });

  it('leaves shutdown (57P01) and refused connections an outage: unavailable, Retry-After, unreachable', async () => {
    for (const url of ['/shutdown', '/refused']) {
      const health = new DatabaseHealth();
      health.set('ok');
      const app = appThrowing(health);
      const res = await app.inject({ method: 'GET', url, headers: { 'accept-language': 'en' } });
      expect(res.statusCode).toBe(503);
      expect(res.json()).toEqual({
        code: 50300,
        msg: 'The database cannot be reached right now; try again shortly',
        data: null,
      });
      expect(res.headers['retry-after']).toBe('5');
      expect(health.state).toBe('unreachable');
      await app.close();
    }
  });
});

describeBackends('a statement over its timeout on the database', (backend) => {
  let opened: OpenedDatabase | undefined;
  let app: FastifyInstance;
  const health = new DatabaseHealth();

  beforeAll(async () => {
    opened = await backend.open();
    const db = opened.db;
    app = Fastify();
    installErrorHandler(app, health);
    app.get('/slow', async () => {
      if (backend.name === 'pglite') {
        // PGlite runs no timer inside a statement; it would sleep the whole second.
        throw drizzleError('57014', 'canceling statement due to statement timeout');
      }
      await db.transaction(async (tx) => {
        await tx.execute(sql`set local statement_timeout = 50`);
        await tx.execute(sql`select pg_sleep(1)`);
      });
      return { ok: true };
    });
    app.get('/fast', async () => {
      await db.execute(sql`select 1`);
      return { ok: true };
    });
  });

  afterAll(async () => {
    await app?.close();
    await opened?.close();
  });

  it('answers 50300 queryTimeout; the database stays reachable and the next query runs', async () => {
    health.set('ok');
    const started = Date.now();
    const res = await app.inject({
      method: 'GET',
      url: '/slow',
      headers: { 'accept-language': 'en' },
    });
    expect(Date.now() - started).toBeLessThan(900);
    expect(res.statusCode).toBe(503);
    expect(res.json()).toMatchObject({ code: 50300, msg: expect.stringContaining('too long') });
    expect(res.headers['retry-after']).toBeUndefined();
    expect(health.state).toBe('ok');
    expect((await app.inject({ method: 'GET', url: '/fast' })).json()).toEqual({ ok: true });
  });
});
