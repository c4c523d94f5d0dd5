// The bare route that runs the console's own statements: a Fastify app with node-postgres and
// nothing else (no auth, no validation, no query building, no record mapping), so a console case
// and its bare twin differ only by what the console adds around the same statements. A list
// case's requests are precomputed by the bench into a JSON file (ReplayFile) the bare process
// loads before the case; each request then names its index. Details run the console's prepared
// detail statement by name with the id sent.
import { readFileSync } from 'node:fs';
import Fastify from 'fastify';
import pg from 'pg';
import { COUNT_LIMIT } from '../../server/resources/engine/paging';
import { SESSION_OPTIONS } from '../../server/db/client';

/** One statement as drizzle's PgDialect.sqlToQuery gives it. */
export interface Statement {
  sql: string;
  params: unknown[];
}

/** A list request's statements (ResourceStore.listStatements): see ListStatements. */
export interface ListStatements {
  estimate: Statement;
  rows: Statement;
  counted: Statement;
  count: Statement;
}

/** A text by its index in ReplayFile.texts, and its parameters. */
type Packed = [number, unknown[]];

/** One list case's requests: statement texts once, each request's four statements by index. */
export interface ReplayFile {
  texts: string[];
  requests: [Packed, Packed, Packed, Packed][];
}

/** Packs requests' statements for a ReplayFile, each text stored once. */
export function packRequests(requests: readonly ListStatements[]): ReplayFile {
  const texts: string[] = [];
  const index = new Map<string, number>();
  const pack = (s: Statement): Packed => {
    let at = index.get(s.sql);
    if (at === undefined) {
      at = texts.length;
      texts.push(s.sql);
      index.set(s.sql, at);
    }
    return [at, s.params];
  };
  return {
    texts,
    requests: requests.map((r) => [pack(r.estimate), pack(r.rows), pack(r.counted), pack(r.count)]),
  };
}

/** A detail statement: its text and its placeholders' names in order (`id`, `caller`). */
export interface DetailStatementText {
  text: string;
  placeholders: string[];
}

/** The bare process's list route: POST { i } runs request i of the case loaded last. */
export const REPLAY_LIST_PATH = '/replay/list';
/** POST { file }: loads a ReplayFile for the next list case. */
export const REPLAY_LOAD_PATH = '/replay/load';
/** POST { id } to REPLAY_DETAIL_PATH/<name>: the detail statement of that name. */
export const REPLAY_DETAIL_PATH = '/replay/detail';
/** The constant envelope: the HTTP floor of this stack and this load generator. */
export const REPLAY_CONSTANT_PATH = '/bare';

export interface ReplayEnv {
  BARE_DATABASE_URL: string;
  /** Connections for lists and for details: as many as the console gives each. */
  BARE_LIST_POOL: string;
  BARE_DETAIL_POOL: string;
  /** The lists' statement timeout, as the console's lists pool sets it. */
  BARE_LIST_TIMEOUT_MS: string;
  /** JSON: Record<name, DetailStatementText>. */
  BARE_DETAILS: string;
  /** The caller's id bound to a detail statement's `caller` placeholder. */
  BARE_CALLER_ID: string;
}

/** The planner's row estimate from an `explain (format json)` answer, as paging.ts reads it. */
function planRows(rows: Record<string, unknown>[]): number {
  const cell = Object.values(rows[0] ?? {})[0];
  const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as [
    { Plan: { 'Plan Rows': number } },
  ];
  return Math.round(plan[0]?.Plan['Plan Rows'] ?? 0);
}

/**
 * Serves the bare routes (env: ReplayEnv) on a free port and prints it as one JSON line on
 * stdout (spawnBare in ./server.ts reads it).
 */
export async function serveReplay(): Promise<void> {
  const env = process.env as unknown as ReplayEnv;
  const app = Fastify({ logger: false });
  const envelope = { code: 0, msg: 'ok', data: { list: [], total: 0, totalExact: true } };
  app.post(REPLAY_CONSTANT_PATH, async () => envelope);

  const timeout = Number(env.BARE_LIST_TIMEOUT_MS);
  const lists = new pg.Pool({
    connectionString: env.BARE_DATABASE_URL,
    max: Number(env.BARE_LIST_POOL),
    statement_timeout: timeout,
    options: SESSION_OPTIONS,
  });
  const details = new pg.Pool({
    connectionString: env.BARE_DATABASE_URL,
    max: Number(env.BARE_DETAIL_POOL),
    options: SESSION_OPTIONS,
  });
  lists.on('error', () => {});
  details.on('error', () => {});

  let loaded: ReplayFile = { texts: [], requests: [] };
  app.post<{ Body: { file: string } }>(REPLAY_LOAD_PATH, async (request) => {
    loaded = JSON.parse(readFileSync(request.body.file, 'utf8')) as ReplayFile;
    return { code: 0, msg: 'ok', data: { requests: loaded.requests.length } };
  });

  // What readPage does for a list (server/resources/engine/paging.ts fetchPage): the rows with
  // the capped count beside them when the table is small; else (or for a page past the end)
  // the estimate, and the capped count alone when that is small. Then the rows as the driver
  // gave them.
  app.post<{ Body: { i: number } }>(REPLAY_LIST_PATH, async (request, reply) => {
    const packed = loaded.requests[request.body.i];
    if (!packed) return reply.code(400).send({ code: 40000, msg: 'no such request' });
    const [estimate, , counted, count] = packed.map(([t, params]) => ({
      text: loaded.texts[t]!,
      values: params,
    }));
    // Each statement on a connection of its own, as the console's drizzle pool runs them.
    const page = (await lists.query(counted!)).rows as { __total?: unknown }[];
    const carried = page[0]?.__total;
    const answer = (total: number, totalExact: boolean) => ({
      code: 0,
      msg: 'ok',
      data: { list: page, total, totalExact },
    });
    if (carried !== null && carried !== undefined && Number(carried) <= COUNT_LIMIT) {
      return answer(Number(carried), true);
    }
    const guess = planRows((await lists.query(estimate!)).rows);
    if (guess > COUNT_LIMIT || (carried !== null && carried !== undefined)) {
      return answer(Math.max(guess, COUNT_LIMIT + 1), false);
    }
    const n = Number((await lists.query<{ n: unknown }>(count!)).rows[0]?.n ?? 0);
    return n <= COUNT_LIMIT ? answer(n, true) : answer(Math.max(guess, COUNT_LIMIT + 1), false);
  });

  const statements = JSON.parse(env.BARE_DETAILS || '{}') as Record<string, DetailStatementText>;
  for (const [name, { text, placeholders }] of Object.entries(statements)) {
    app.post<{ Body: { id: number } }>(`${REPLAY_DETAIL_PATH}/${name}`, async (request) => {
      const values = placeholders.map((p) => (p === 'id' ? request.body.id : env.BARE_CALLER_ID));
      const { rows } = await details.query({ name: `bare_${name}`, text, values });
      return rows[0]
        ? { code: 0, msg: 'ok', data: rows[0] }
        : { code: 40400, msg: 'not found', data: null };
    });
  }

  app.addHook('onClose', async () => {
    await Promise.all([lists.end(), details.end()]);
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  process.stdout.write(
    `${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`,
  );
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
}
