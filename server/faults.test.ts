import type { FastifyInstance } from 'fastify';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiPath } from '../contract/api';
import { buildApp } from './app';
import { openDatabase, type OpenedDatabase } from './db/client';
import { directives } from './db/schema';
import { seedDemo } from './db/seed';
import { clusterSkipReason, startCluster, type PgCluster } from './test/pg-cluster';
import { TEST_DEMO_SCALE } from './test/harness';

const SKIP = clusterSkipReason();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const CONNECT_TIMEOUT_MS = 1_000;
const STATEMENT_TIMEOUT_MS = 2_000;

/**
 * The database stops answering (SIGSTOP) or goes away (immediate shutdown) under load, in a
 * PostgreSQL cluster of the test's own. The server must answer health at once, answer 503 with
 * Retry-After in bounded time, recover without a restart, and lose no acknowledged write.
 */
describe.skipIf(SKIP)(SKIP ?? 'database faults [postgres cluster]', () => {
  let cluster: PgCluster;
  let database: OpenedDatabase;
  let app: FastifyInstance;
  let token = '';
  beforeAll(async () => {
    cluster = await startCluster();
    database = await openDatabase({
      databaseUrl: cluster.url,
      maxConnections: 4,
      connectTimeoutMs: CONNECT_TIMEOUT_MS,
      statementTimeoutMs: STATEMENT_TIMEOUT_MS,
    });
    await seedDemo(database.db, undefined, { scale: TEST_DEMO_SCALE });
    app = await buildApp({
      db: database.db,
      ping: database.ping,
      loginLimits: { attemptsPerIpPerMinute: 10_000 },
    });
    const login = await app.inject({
      method: 'POST',
      url: apiPath('user', 'login'),
      payload: { userName: 'user', password: 'user' },
    });
    token = (login.json() as { data: { token: string } }).data.token;
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    await database?.close().catch(() => undefined);
    cluster?.destroy();
  });

  const post = (action: string, body: object) =>
    app.inject({
      method: 'POST',
      url: apiPath('directive', action),
      headers: { authorization: `Bearer ${token}` },
      payload: body,
    });

  /** Creates directives one after another until `until()` holds; the ids acknowledged. */
  async function writeUntil(tag: string, until: () => boolean): Promise<number[]> {
    const acknowledged: number[] = [];
    for (let i = 0; i < 2_000 && !until(); i++) {
      const res = await post('create', {
        directiveName: `故障 ${tag} ${i}`,
        command: `/fault-${tag}-${i}`,
        content: '在故障期间写入',
      });
      const body = res.json() as { code: number; data: { id: number } };
      if (body.code === 0) acknowledged.push(body.data.id);
      else expect([res.statusCode, body.code]).toEqual([503, 50300]);
    }
    return acknowledged;
  }

  async function waitForRecovery(): Promise<number> {
    const started = Date.now();
    while (Date.now() - started < 30_000) {
      if ((await post('page', { pageSize: 1 })).statusCode === 200) return Date.now() - started;
      await sleep(200);
    }
    throw new Error('no recovery within 30 s');
  }

  /** Writes in the background until stopped; `stop` answers the acknowledged ids. */
  function startWriting(tag: string) {
    let done = false;
    const writes = writeUntil(tag, () => done);
    return {
      stop: () => {
        done = true;
        return writes;
      },
    };
  }

  /** The server recovers by itself; every write it acknowledged is in the database. */
  async function recoverAndCheck(writer: ReturnType<typeof startWriting>): Promise<void> {
    expect(await waitForRecovery()).toBeLessThan(30_000);
    await sleep(300);
    const acknowledged = await writer.stop();
    expect(acknowledged.length).toBeGreaterThan(0);
    await expectAllPresent(acknowledged);
  }

  async function expectAllPresent(ids: number[]): Promise<void> {
    const rows = await database.db
      .select({ id: directives.id })
      .from(directives)
      .where(inArray(directives.id, ids));
    expect(rows.length).toBe(ids.length);
  }

  it('frozen (SIGSTOP): health at once, 503 + Retry-After in bounded time, recovery, no lost write', async () => {
    const writer = startWriting('stop');
    await sleep(300);
    cluster.freeze();
    try {
      const t0 = Date.now();
      const live = await app.inject({ method: 'GET', url: '/api/health' });
      expect(Date.now() - t0).toBeLessThan(500);
      expect(live.statusCode).toBe(200);

      const t1 = Date.now();
      const ready = await app.inject({ method: 'GET', url: '/api/health/ready' });
      expect(ready.statusCode).toBe(503);
      expect(Date.now() - t1).toBeLessThan(3_000);

      const t2 = Date.now();
      const list = await post('page', { pageSize: 5 });
      const waited = Date.now() - t2;
      expect(list.statusCode).toBe(503);
      expect(list.headers['retry-after']).toBe('5');
      expect((list.json() as { code: number }).code).toBe(50300);
      expect(waited).toBeLessThan(STATEMENT_TIMEOUT_MS + CONNECT_TIMEOUT_MS + 2_000);
      const afterOutage = await app.inject({ method: 'GET', url: '/api/health' });
      expect(afterOutage.json()).toMatchObject({ data: { database: 'unreachable' } });
    } finally {
      cluster.thaw();
    }
    await recoverAndCheck(writer);
  }, 90_000);

  it('stopped and started (immediate shutdown): recovery without restart, no lost write', async () => {
    const writer = startWriting('restart');
    await sleep(300);
    cluster.stop();
    const refused = await post('page', { pageSize: 5 });
    expect(refused.statusCode).toBe(503);
    cluster.start();
    await recoverAndCheck(writer);
  }, 90_000);
});
