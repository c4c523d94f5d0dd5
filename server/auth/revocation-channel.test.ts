import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { apiPath } from '../../contract/api';
import { Code } from '../../contract/envelope';
import { buildApp } from '../app';
import { openDatabase, type OpenedDatabase } from '../db/client';
import { describeBackends } from '../test/backends';
import { useTestApp } from '../test/harness';

/** Long enough that only the change channel can explain a revocation seen within seconds. */
const CACHE_MS = 120_000;

/**
 * Sessions are cached for SESSION_CACHE_MS, and a revocation must still reach every server at
 * once: triggers notify ended sessions and changed accounts on `console_sessions`, and each
 * server drops that user's cached sessions when notified (server/auth/session-channel.ts).
 */
describeBackends('revocations reach every server through the change channel', (backend) => {
  const t = useTestApp(backend, { sessionCacheMs: CACHE_MS });

  /** The code of a scene list asked of `app` with `token`. */
  async function listCode(app: FastifyInstance, token: string): Promise<number> {
    const answer = await app.inject({
      method: 'POST',
      url: apiPath('scene', 'page'),
      headers: { authorization: `Bearer ${token}` },
      payload: {},
    });
    return (answer.json() as { code: number }).code;
  }

  /** Lists with `token` on `app` until it is refused, at most 3 s; answers the code. */
  async function refusedOn(app: FastifyInstance, token: string): Promise<number> {
    const until = Date.now() + 3_000;
    for (;;) {
      const code = await listCode(app, token);
      if (code !== 0 || Date.now() > until) return code;
      await new Promise((r) => setTimeout(r, 25));
    }
  }

  it('an account disabled by SQL is refused at once, however long sessions are cached', async () => {
    const token = await t.login('annotator1');
    expect(await listCode(t.app, token)).toBe(0);
    // Cached now; the change bypasses the console entirely.
    await t.db.execute(sql`update users set status = 0 where user_name = 'annotator1'`);
    try {
      expect(await refusedOn(t.app, token)).toBe(Code.SESSION_ENDED);
    } finally {
      await t.db.execute(sql`update users set status = 1 where user_name = 'annotator1'`);
    }
  });

  // Two servers need two connections to one database: PostgreSQL.
  if (backend.name !== 'postgres') return;
  let other: { app: FastifyInstance; database: OpenedDatabase } | undefined;
  beforeAll(async () => {
    const url = (t.db as unknown as { $client: { options: { connectionString: string } } }).$client
      .options.connectionString;
    const database = await openDatabase({ databaseUrl: url, maxConnections: 2 });
    const app = await buildApp({ db: database.db, sessionCacheMs: CACHE_MS });
    await app.ready();
    other = { app, database };
  });
  afterAll(async () => {
    await other?.app.close();
    await other?.database.close();
  });

  it('a logout on one server ends the session on another at once', async () => {
    const app = other!.app;
    const token = await t.login('annotator2');
    // The other server confirms the session and caches it.
    expect(await listCode(app, token)).toBe(0);
    const out = await t.post(apiPath('user', 'logout'), undefined, { token });
    expect(out.body.code).toBe(0);
    expect(await refusedOn(app, token)).toBe(Code.SESSION_ENDED);
  });
});
