// The real server and the bare baseline route as child processes, shared by the benches that
// load the API over HTTP: a server in its own process does not share a thread (or an event loop)
// with the load generator, and every bench starts, awaits and stops it the same way.
import { spawn, type ChildProcess } from 'node:child_process';
import http from 'node:http';
import { createServer } from 'node:net';
import { resolve, join } from 'node:path';
import { createInterface } from 'node:readline';
import { setTimeout as sleep } from 'node:timers/promises';
import Fastify from 'fastify';
import pg from 'pg';
import postgres from 'postgres';

export const ROOT = resolve(import.meta.dirname, '..', '..');

/** No login, rate or documentation limits: they would measure the limiter, not the lists. */
export const UNTHROTTLED_ENV = {
  HOST: '127.0.0.1',
  MOCK_DELAY: '0',
  LOG_LEVEL: 'error',
  LOGIN_ATTEMPTS_PER_MINUTE: '1000',
  API_RATE_LIMIT_PER_MINUTE: '0',
  ANONYMOUS_REQUESTS_PER_MINUTE: '0',
  API_DOCS: '0',
} as const;

export async function freePort(): Promise<number> {
  return new Promise((ok) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const a = srv.address();
      srv.close(() => ok(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

/**
 * `node --import tsx server/main.ts`, as `npm start` runs it; `env` is the whole environment
 * (the caller spreads process.env, so it can also leave a variable out). Its stdout is dropped:
 * request logs would cost the server time the bench would count.
 */
export function spawnServer(
  env: NodeJS.ProcessEnv,
  options: { nodeArgs?: string[]; stderr?: 'inherit' | 'pipe' } = {},
): ChildProcess {
  return spawn(
    process.execPath,
    [...(options.nodeArgs ?? []), '--import', 'tsx', join(ROOT, 'server/main.ts')],
    { cwd: ROOT, env, stdio: ['ignore', 'ignore', options.stderr ?? 'inherit'] },
  );
}

/**
 * Resolves once the server on `port` answers `path` with 200; throws when the child exits first
 * or after `timeoutMs`. A fresh database is migrated (and maybe seeded) before it answers.
 */
export async function waitUntilReady(
  child: ChildProcess,
  port: number,
  options: { agent?: http.Agent; path?: string; intervalMs?: number; timeoutMs?: number } = {},
): Promise<void> {
  const { agent, path = '/api/health/ready', intervalMs = 250, timeoutMs = 180_000 } = options;
  const startedAt = performance.now();
  for (;;) {
    const ready = await new Promise<boolean>((ok) => {
      http
        .get({ host: '127.0.0.1', port, path, agent }, (res) => {
          res.resume();
          ok(res.statusCode === 200);
        })
        .on('error', () => ok(false));
    });
    if (ready) return;
    if (child.exitCode !== null) throw new Error('the server exited while starting');
    if (performance.now() - startedAt > timeoutMs) throw new Error('the server did not start');
    await sleep(intervalMs);
  }
}

/** SIGTERM (the server closes its pool), then SIGKILL if it is still there after 15 s. */
export function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return Promise.resolve();
  return new Promise((ok) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(timer);
      ok();
    });
    child.kill('SIGTERM');
  });
}

/**
 * The baseline: a bare Fastify route answering a constant list envelope, run by a bench file
 * started with --serve-bare (see spawnBare). What the real server adds is measured against it.
 * Prints its port as one JSON line on stdout.
 */
export async function serveBare(methods: readonly ('GET' | 'POST')[]): Promise<void> {
  const app = Fastify({ logger: false });
  const envelope = { code: 0, msg: 'ok', data: { list: [], total: 0, totalExact: true } };
  if (methods.includes('GET')) app.get('/bare', async () => envelope);
  if (methods.includes('POST')) app.post('/bare', async () => envelope);
  // The floor of any route that reads the database: the bare route plus one statement on a pool
  // of BARE_POOL_SIZE connections, nothing else (no auth, no validation, no query building).
  const url = process.env.BARE_DATABASE_URL;
  if (url && methods.includes('POST')) {
    const pool = new pg.Pool({
      connectionString: url,
      max: Number(process.env.BARE_POOL_SIZE ?? 10),
    });
    for (const [path, text] of Object.entries(BARE_QUERIES)) {
      app.post(path, async () => {
        const { rows } = await pool.query(text);
        return { code: 0, msg: 'ok', data: { list: rows, total: rows.length, totalExact: true } };
      });
    }
    // The console's own statement for a list (BARE_LIST_SQL, text without parameters), named as
    // the console names it: the floor of that list on this driver and this HTTP stack.
    // The same on postgres.js, another driver (its own pool of as many connections, statements
    // prepared), to tell the driver's share of the floor from the round trip's.
    const other = postgres(url, { max: Number(process.env.BARE_POOL_SIZE ?? 10), prepare: true });
    const listText = process.env.BARE_LIST_SQL;
    if (listText) {
      app.post(BARE_LIST_PATH, async () => {
        const { rows } = await pool.query({ name: 'bare_list', text: listText });
        return { code: 0, msg: 'ok', data: { list: rows, total: rows.length, totalExact: true } };
      });
      app.post(`${BARE_LIST_PATH}${OTHER_DRIVER}`, async () => {
        const rows = [...(await other.unsafe(listText, [], { prepare: true }))];
        return { code: 0, msg: 'ok', data: { list: rows, total: rows.length, totalExact: true } };
      });
    }
    // The console's scene detail statement (BARE_DETAIL_SQL, placeholders named in order by
    // BARE_DETAIL_PLACEHOLDERS, the caller being BARE_CALLER_ID), named as the console names it:
    // the floor of a detail by id on this driver and this HTTP stack.
    const detailText = process.env.BARE_DETAIL_SQL;
    if (detailText) {
      const names = JSON.parse(process.env.BARE_DETAIL_PLACEHOLDERS ?? '[]') as string[];
      const caller = process.env.BARE_CALLER_ID ?? '';
      app.post<{ Body: { id?: number } }>(BARE_DETAIL_PATH, async (request) => {
        const values = names.map((name) => (name === 'id' ? request.body.id : caller));
        const { rows } = await pool.query({ name: 'bare_detail', text: detailText, values });
        return { code: 0, msg: 'ok', data: rows[0] ?? null };
      });
      app.post<{ Body: { id?: number } }>(`${BARE_DETAIL_PATH}${OTHER_DRIVER}`, async (request) => {
        const values = names.map((name) => (name === 'id' ? request.body.id : caller));
        const rows = await other.unsafe(detailText, values as never[], { prepare: true });
        return { code: 0, msg: 'ok', data: rows[0] ?? null };
      });
    }
    app.addHook('onClose', async () => {
      await Promise.all([pool.end(), other.end()]);
    });
  }
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  process.stdout.write(
    `${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`,
  );
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
}

/**
 * The bare server's database routes (with BARE_DATABASE_URL): one round trip that reads nothing,
 * and one that reads a page of 10 sessions (and the one after) by the primary key, as a list's rows
 * statement does.
 */
/** The bare server's route running BARE_LIST_SQL, the console's own list statement. */
export const BARE_LIST_PATH = '/bare-list-statement';
/** The bare server's route running BARE_DETAIL_SQL, the console's own scene detail statement. */
export const BARE_DETAIL_PATH = '/bare-detail-statement';
/** Appended to a bare statement route's path: the same statement through postgres.js. */
export const OTHER_DRIVER = '-postgres-js';

export const BARE_QUERIES = {
  '/bare-select-1': 'select 1 as one',
  '/bare-records-page': 'select * from records order by id desc limit 11',
} as const;

/** Runs `script --serve-bare` in a child process; `port` resolves once it listens. */
export function spawnBare(
  script: string,
  env: Record<string, string> = {},
): { child: ChildProcess; port: Promise<number> } {
  const child = spawn(process.execPath, ['--import', 'tsx', script, '--serve-bare'], {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const port = new Promise<number>((ok, fail) => {
    const lines = createInterface({ input: child.stdout! });
    lines.once('line', (line) => ok((JSON.parse(line) as { port: number }).port));
    child.once('exit', () => fail(new Error('the bare server exited')));
  });
  return { child, port };
}
