import { apiPath } from '../../contract/api';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type BuildAppOptions } from '../app';
import { hashPassword } from '../auth/password';
import type { Database, DatabaseKind } from '../db/client';
import { users } from '../db/schema';
import { seedDemo } from '../db/seed';
import type { TestBackend } from './backends';

/**
 * The demo at a tenth of its size: every kind of row (pending reviews, rated calls, long and
 * short sessions) in seconds less per test file. bench/ and e2e/ use the full demo.
 */
export const TEST_DEMO_SCALE = { prompts: 60, calls: 1_500, records: 120 };

export interface Answer {
  status: number;
  body: { code: number; msg: string; data: unknown };
  headers: Record<string, string | string[] | number | undefined>;
}

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  kind: DatabaseKind;
  /** POSTs JSON the way the console does. */
  post(url: string, body?: unknown, options?: { token?: string; lang?: string }): Promise<Answer>;
  /** Logs in and returns the token; fails the test if login does not succeed. */
  login(userName: string, password?: string): Promise<string>;
}

/**
 * One database and one app per test file (PGlite takes seconds to create), seeded with the demo
 * accounts and scenes. Fields are filled in beforeAll.
 */
export function useTestApp(
  backend: TestBackend,
  options: Omit<BuildAppOptions, 'db'> & {
    seed?: boolean;
    prepare?: (db: Database) => Promise<void>;
  } = {},
): TestApp {
  const harness = {} as TestApp;
  let close: (() => Promise<void>) | undefined;

  beforeAll(async () => {
    const opened = await backend.open();
    close = opened.close;
    if (options.prepare) await options.prepare(opened.db);
    if (options.seed ?? true) await seedDemo(opened.db, undefined, { scale: TEST_DEMO_SCALE });
    const { seed: _seed, prepare: _prepare, ...appOptions } = options;
    const app = await buildApp({
      db: opened.db,
      loginLimits: { attemptsPerIpPerMinute: 10_000, freeFailures: 10_000 },
      ...appOptions,
    });
    await app.ready();
    Object.assign(harness, {
      app,
      db: opened.db,
      kind: opened.kind,
      post: async (url, body, opts = {}) => {
        const headers: Record<string, string> = {};
        if (opts.token) headers.authorization = `Bearer ${opts.token}`;
        if (opts.lang) headers['accept-language'] = opts.lang;
        const response = await app.inject({
          method: 'POST',
          url,
          headers,
          ...(body === undefined ? {} : { payload: body as object }),
        });
        return {
          status: response.statusCode,
          body: response.json(),
          headers: response.headers,
        };
      },
      login: async (userName, password = userName) => {
        const answer = await harness.post(apiPath('user', 'login'), { userName, password });
        const data = answer.body.data as { token?: string } | null;
        if (answer.body.code !== 0 || !data?.token) {
          throw new Error(`login ${userName} failed: ${JSON.stringify(answer.body)}`);
        }
        return data.token;
      },
    } satisfies TestApp);
  });

  afterAll(async () => {
    await harness.app?.close();
    await close?.();
  });

  return harness;
}

/** Adds an ordinary account whose password is its name (the demo seed has '0' and '1'). */
export async function addUser(db: Database, id: string, userName: string): Promise<void> {
  await db.insert(users).values({
    id,
    userName,
    role: 'user',
    passwordHash: await hashPassword(userName),
  });
}

/** A public API key the admin creates through the API; answers its secret. */
export async function newApiKey(
  t: TestApp,
  body: { name?: string; scopes: string[]; sceneCodes?: string[]; expiresAt?: string },
): Promise<string> {
  const admin = await t.login('admin');
  const created = await t.post(
    apiPath('api-key', 'create'),
    { name: 'test key', ...body },
    { token: admin },
  );
  const secret = (created.body.data as { secret?: string } | null)?.secret;
  if (!secret) throw new Error(`api-key/create: ${JSON.stringify(created.body)}`);
  return secret;
}

/** Opens the test app on a free local port, for clients that speak HTTP; answers its origin. */
export async function listenLocally(t: TestApp): Promise<string> {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address = t.app.server.address();
  if (!address || typeof address === 'string') throw new Error('the app has no port');
  return `http://127.0.0.1:${address.port}`;
}
