// Lists and details at platform scale, read from the database on every request: the console
// (`node --import tsx server/main.ts`, as `npm start` runs it) in a child process, on a database
// `npm run bench:data` filled, while a writer process adds template calls and chat messages. Each
// list case sends a stream of requests no one asked before (other cursors, filter values,
// keywords taken from the data, numbered pages); a bare Fastify route in another process runs
// the same statements the console runs for requests of the same stream (node-postgres, pools of
// the console's sizes), so the console's share of the bare rate is its own overhead. CLIENTS
// keep-alive clients send requests back to back, a warm-up then SECONDS per case and target.
//
// Run: npm run bench:api -- [--url postgres://…/bench] [--clients 32] [--seconds 5] [--warmup 1]
//      [--pool 10] [--page-size 10] [--requests 20000] (most requests per case and target)
//      [--write-calls 1000] [--write-messages 200] (the writer's rows per second)
//      [--only "calls,detail"] (cases whose name contains one of these) [--skip-export]
//      [--write] (replaces the section "## Lists and details at platform scale (plain read
//      path)" of docs/PERFORMANCE.md)
//      (DATABASE_URL is used when --url is not given; default postgres://postgres@127.0.0.1/bench)
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { and, eq, Placeholder, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { apiPath } from '../contract/api';
import { encodeCursor, MAX_OFFSET_ROWS } from '../contract/page-cursor';
import { pageSchema, type PageQuery } from '../contract/resource-schema';
import { PROMPT_MODEL_TYPES, REVIEW_STATES } from '../contract/resources/prompt';
import { openDatabase } from '../server/db/client';
import { RECORD_TAGS } from '../server/db/demo/texts';
import {
  COUNT_LIMIT,
  DEFAULT_LIST_TIMEOUT_MS,
  listConnectionsFor,
} from '../server/resources/engine/paging';
import { constantLimit } from '../server/resources/engine/query';
import type { DetailExtra, ResourceStore } from '../server/resources/engine/store';
import { ANY_CALLER } from '../server/resources/engine/visibility';
import { TRANSCRIPT } from '../server/resources/record/record';
import { builtInStores } from '../server/test/stores';
import { positiveArgs, splitList } from './lib/cli';
import {
  answerKey,
  errorKey,
  keepAliveAgent,
  login,
  postCounting,
  postJson,
  type Target,
} from './lib/http';
import { closedLoop, tally } from './lib/load';
import { migrationKeys } from './lib/migrations';
import { cpuMs, postgresCpu, procStatus, watchRss } from './lib/proc';
import {
  packRequests,
  REPLAY_CONSTANT_PATH,
  REPLAY_DETAIL_PATH,
  REPLAY_LIST_PATH,
  REPLAY_LOAD_PATH,
  serveReplay,
  type DetailStatementText,
  type ListStatements,
  type ReplayEnv,
} from './lib/replay';
import { commitLabel, writeSection } from './lib/report';
import {
  freePort,
  ROOT,
  spawnBare,
  spawnServer,
  stop,
  UNTHROTTLED_ENV,
  waitUntilReady,
} from './lib/server';
import { codesText, fmt, loadAverage as load, ms, percentiles } from './lib/stats';
import { spawnWriter, writerMain, type WriterReport } from './lib/writer';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string' },
    clients: { type: 'string', default: '32' },
    seconds: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '1' },
    pool: { type: 'string', default: '10' },
    'page-size': { type: 'string', default: '10' },
    'timeout-ms': { type: 'string', default: '30000' },
    requests: { type: 'string', default: '20000' },
    'write-calls': { type: 'string', default: '1000' },
    'write-messages': { type: 'string', default: '200' },
    only: { type: 'string' },
    'skip-export': { type: 'boolean', default: false },
    write: { type: 'boolean', default: false },
    // Internal: this file run as the bare route's server, or as the writer.
    'serve-bare': { type: 'boolean', default: false },
    writer: { type: 'boolean', default: false },
  },
});

const positive = positiveArgs(args);
const SECTION = '## Lists and details at platform scale (plain read path)';
const SCRIPT = join(ROOT, 'bench/api-load.ts');
const agent = keepAliveAgent();

/** The targets each case is held to. */
const TARGET = { listP99: 50, keywordP99: 100, detailP99: 10, share: 0.8 } as const;

type Kind = 'list' | 'keyword' | 'detail' | 'constant';
type Body = Record<string, unknown>;

interface Case {
  name: string;
  kind: Kind;
  /** The console's path; a constant case has none. */
  path?: string;
  /** The store whose statements a list case runs. */
  resource?: string;
  /** The detail statement a detail case runs on the bare route. */
  detail?: string;
  /** The i-th request of the case's stream (i < size). */
  body(i: number): Body;
  /** How many distinct requests the stream holds. */
  size: number;
  /** False when requests repeat: the first page as opened, scene details by ids in turn. */
  distinct: boolean;
}

interface Result {
  count: number;
  seconds: number;
  p50: number;
  p95: number;
  p99: number;
  rate: number;
  /** Answers by envelope code (or transport error). */
  codes: Map<string, number>;
  /** What one answer said about its list (total, exact, rows, cursors). */
  sample?: string;
  /** CPU per answer, ms: the serving process's, and every local PostgreSQL process's. */
  serverCpu: number;
  dbCpu: number;
  /** The stream ran out before the time did. */
  ranOut: boolean;
}

interface Measured {
  c: Case;
  console?: Result;
  bare?: Result;
}

// ---- deterministic draws -----------------------------------------------------------------------

/** mulberry32: the same draws every run. */
function random(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled<T>(items: readonly T[], seed: number): T[] {
  const out = [...items];
  const r = random(seed);
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(r() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** A number in [0, n) from i, the same for the same i. */
const hashOf = (i: number, n: number) => Math.floor(random(i * 2654435761)() * n);

/**
 * Words a user could type, cut from texts of the data: runs of 3 to 4 Han characters (a trigram
 * index needs three), digit runs of 4 to 6 and Latin words of 3 or more letters.
 */
function wordsOf(texts: readonly string[], seed: number): string[] {
  const words = new Set<string>();
  for (const text of texts) {
    for (const [run] of text.matchAll(/\p{Script=Han}{3,}/gu)) {
      const chars = [...run];
      for (let n = 3; n <= 4; n++) {
        for (let i = 0; i + n <= chars.length; i++) words.add(chars.slice(i, i + n).join(''));
      }
    }
    for (const [run] of text.matchAll(/\d{4,}/g)) {
      for (let n = 4; n <= 6; n++) {
        for (let i = 0; i + n <= run.length; i++) words.add(run.slice(i, i + n));
      }
    }
    for (const [run] of text.matchAll(/[A-Za-z]{3,}/g)) words.add(run.toLowerCase());
  }
  return shuffled([...words].sort(), seed);
}

/** Every distinct substring of 2 to 6 characters of `texts` (a "contains" filter's values). */
function partsOf(texts: readonly string[], seed: number): string[] {
  const parts = new Set<string>();
  for (const text of texts) {
    const chars = [...text];
    for (let n = 2; n <= 6; n++) {
      for (let i = 0; i + n <= chars.length; i++) parts.add(chars.slice(i, i + n).join(''));
    }
  }
  // A value the console trims would be another request's.
  return shuffled([...parts].filter((p) => p.trim() === p).sort(), seed);
}

/**
 * The substrings of 2 to 6 characters found in at least a twentieth of `texts`: a "contains"
 * filter that still leaves pages to turn.
 */
function commonPartsOf(texts: readonly string[], seed: number): string[] {
  const counts = new Map<string, number>();
  for (const text of texts) {
    for (const part of new Set(partsOf([text], 0))) counts.set(part, (counts.get(part) ?? 0) + 1);
  }
  const common = [...counts].filter(([, n]) => n >= texts.length / 20).map(([part]) => part);
  return shuffled(common.sort(), seed);
}

/**
 * The key at i of sampled row keys (the row's sort values, its id last); past the sample, the
 * same values with another id: a place in the list no one asked for either.
 */
function keyAt(keys: readonly unknown[][], i: number, maxId: number): unknown[] {
  const key = keys[i % Math.max(1, keys.length)] ?? [new Date().toISOString(), maxId];
  return i < keys.length ? key : [...key.slice(0, -1), 1 + hashOf(i, maxId)];
}

/** The variant at j of the product of `dims` (the first varying fastest), merged. */
function variantAt(dims: readonly (readonly Body[])[], j: number): Body {
  const out: Body = {};
  for (const dim of dims) {
    const part = dim[j % dim.length]!;
    j = Math.floor(j / dim.length);
    for (const [k, v] of Object.entries(part)) {
      out[k] = Array.isArray(v) ? [...((out[k] as unknown[]) ?? []), ...v] : v;
    }
  }
  return out;
}

const sizeOf = (dims: readonly (readonly Body[])[]) => dims.reduce((n, d) => n * d.length, 1);

// ---- the bench ---------------------------------------------------------------------------------

async function bench(): Promise<number> {
  const CLIENTS = Math.round(positive('clients'));
  const SECONDS = positive('seconds');
  const WARMUP = Number(args.warmup);
  const POOL = Math.round(positive('pool'));
  const PAGE = Math.round(positive('page-size'));
  const TIMEOUT = positive('timeout-ms');
  const REQUESTS = Math.round(positive('requests'));
  const WRITE_CALLS = Number(args['write-calls']);
  const WRITE_MESSAGES = Number(args['write-messages']);
  const only = splitList(args.only);
  const urlText =
    args.url ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench';
  const LIST_POOL = listConnectionsFor(POOL);
  const MAX_PAGE = Math.floor(MAX_OFFSET_ROWS / PAGE);

  // ---- the database. A migration regenerated after the load (a new time) would be run again
  // over its earlier version and fail: bench:data --sync-schema brings the indexes up to date.
  const client = new pg.Client({ connectionString: urlText, application_name: 'bench:api' });
  await client.connect();
  const q = async <T extends object>(text: string, values: unknown[] = []) =>
    (await client.query(text, values)).rows as T[];
  const current = migrationKeys();
  const stale = (
    await q<{ m: string }>(
      `select created_at::text || ' ' || hash as m from drizzle.__drizzle_migrations`,
    ).catch(() => [])
  ).filter((r) => !current.has(r.m));
  if (stale.length) {
    await client.end();
    console.error(
      `${stale.length} migration(s) recorded in the database were edited since it was loaded: ` +
        'run `npm run bench:data -- --sync-schema` (or --reset) first.',
    );
    return 1;
  }
  // Pending migrations run here: index builds over millions of rows take far longer than the
  // server's statement bound. The handle stays open to build the statements lists run.
  const migrated = performance.now();
  const database = await openDatabase({ databaseUrl: urlText, statementTimeoutMs: 6 * 3_600_000 });
  const migrateSeconds = (performance.now() - migrated) / 1000;
  const stores = builtInStores(() => database.db);
  const dialect = new PgDialect();

  // ---- what the requests are made of, sampled from the data
  const sampled = performance.now();
  const info = await (async () => {
    try {
      const [{ comment, version } = { comment: null, version: '?' }] = await q<{
        comment: string | null;
        version: string;
      }>(
        `select shobj_description(oid, 'pg_database') as comment,
           current_setting('server_version') as version
         from pg_database where datname = current_database()`,
      );
      const marker = comment?.startsWith('{')
        ? (JSON.parse(comment) as { seconds?: number })
        : undefined;
      const sizes = new Map(
        (
          await q<{ name: string; rows: number }>(
            `select relname as name, greatest(reltuples, 0)::float8 as rows from pg_class
             where relnamespace = 'public'::regnamespace and relname = any($1::text[])`,
            [['scenes', 'prompts', 'records', 'record_messages', 'prompt_calls', 'corpus_items']],
          )
        ).map((r) => [r.name, Number(r.rows)]),
      );
      const userId =
        (await q<{ id: string }>(`select id::text as id from users where user_name = 'user'`))[0]
          ?.id ?? '';
      const maxIds = new Map<string, number>();
      for (const table of ['scenes', 'prompts', 'records', 'prompt_calls']) {
        maxIds.set(
          table,
          (await q<{ n: number }>(`select coalesce(max(id), 0)::int as n from ${table}`))[0]!.n,
        );
      }
      const maxId = (table: string) => Math.max(1, maxIds.get(table) ?? 1);
      /** `select` of up to `n` random rows of `table` (by random ids) where `where`. */
      const rowsOf = async <T extends object>(
        table: string,
        select: string,
        n: number,
        seed: number,
        where = 'true',
      ) => {
        const r = random(seed);
        const ids = Array.from({ length: n }, () => 1 + Math.floor(r() * maxId(table)));
        const rows = await q<T & { id: number }>(
          `select id, ${select} from ${table} where id = any($1::int[]) and ${where}`,
          [ids],
        );
        return shuffled(rows, seed);
      };
      /** Sort keys of random rows, as keyOf (query.ts) selects them: the id last. */
      const keysOf = async (table: string, columns: string, seed: number, where = 'true') =>
        (
          await rowsOf<{ k: unknown[] }>(
            table,
            `json_build_array(${columns}, id) as k`,
            2 * REQUESTS + 100,
            seed,
            where,
          )
        ).map((row) => row.k);
      const texts = async (table: string, columns: string[], seed: number, where = 'true') =>
        (
          await rowsOf<Record<string, string | null>>(table, columns.join(', '), 400, seed, where)
        ).flatMap((row) => columns.map((c) => row[c] ?? '').filter(Boolean));
      const liveScenes = await q<{ id: number; code: string; name: string }>(
        `select id, scene_code as code, scene_name as name from scenes where is_del = 0
         order by id`,
      );
      const visibleCall = `(template_id is null or exists (select 1 from prompts p
        where p.id = template_id and (p.is_public = 1 or p.owner_id = '${userId}')))`;
      return {
        version,
        marker,
        sizes,
        userId,
        maxId,
        scenes: liveScenes,
        templates: (
          await q<{ id: number }>(`select id from prompts where is_public = 1 order by id`)
        ).map((r) => r.id),
        models: await q<{ type: string; version: string }>(
          `select model_type as type, version from model_versions order by id`,
        ),
        callUsers: [
          ...new Set(
            (await rowsOf<{ u: string | null }>('prompt_calls', 'user_id as u', 4000, 11)).map(
              (r) => r.u,
            ),
          ),
        ].filter((u): u is string => !!u),
        recordUsers: [
          ...new Set(
            (await rowsOf<{ u: string | null }>('records', 'user_id as u', 4000, 12)).map(
              (r) => r.u,
            ),
          ),
        ].filter((u): u is string => !!u),
        keys: {
          calls: await keysOf('prompt_calls', 'call_time', 21),
          callTokens: await keysOf('prompt_calls', 'total_tokens', 22),
          records: await keysOf('records', 'modified_at', 23),
          recordsCreated: await keysOf('records', 'created_at', 24),
          recordMessages: await keysOf('records', 'message_count', 29),
          scenes: await keysOf('scenes', 'created_at', 25, 'is_del = 0'),
          sceneNames: await keysOf('scenes', 'scene_name', 26, 'is_del = 0'),
          sceneCodes: await keysOf('scenes', 'scene_code', 30, 'is_del = 0'),
          prompts: await keysOf('prompts', 'created_at', 27, 'is_public = 1'),
          promptTitles: await keysOf('prompts', 'title', 28, 'is_public = 1'),
        },
        words: {
          calls: wordsOf(await texts('prompt_calls', ['title', 'question', 'answer'], 31), 41),
          records: wordsOf(await texts('records', ['title'], 32), 42),
          scenes: wordsOf(
            await texts('scenes', ['scene_name', 'scene_code', 'description'], 33, 'is_del = 0'),
            43,
          ),
          prompts: wordsOf(await texts('prompts', ['title', 'content'], 34, 'is_public = 1'), 44),
        },
        titleParts: partsOf(await texts('prompts', ['title'], 35, 'is_public = 1'), 45),
        commonTitleParts: commonPartsOf(await texts('prompts', ['title'], 36, 'is_public = 1'), 46),
        ids: {
          records: (await rowsOf<{ id: number }>('records', '1 as one', 2 * REQUESTS, 51)).map(
            (r) => r.id,
          ),
          calls: (
            await rowsOf<{ id: number }>('prompt_calls', '1 as one', 2 * REQUESTS, 52, visibleCall)
          ).map((r) => r.id),
        },
      };
    } finally {
      await client.end();
    }
  })();
  const sampleSeconds = (performance.now() - sampled) / 1000;

  // ---- the cases
  const list = (prefix: string) => apiPath(...prefix.split('/'), 'page');
  const detailPath = (prefix: string) => apiPath(...prefix.split('/'), 'detail');
  const after = (key: unknown[]) => ({ cursor: encodeCursor({ after: true, key }) });
  const now = Date.now();
  const HOUR = 3_600_000;
  /** A range filter over `days` days, starting `hours` hours before the newest `days` days. */
  const window = (field: string, days: number, hours: number) => {
    const end = now - hours * HOUR;
    return {
      filters: [
        { field, operator: 'gte', value: new Date(end - days * 24 * HOUR).toISOString() },
        { field, operator: 'lte', value: new Date(end).toISOString() },
      ],
    };
  };
  const windows = (field: string, days: number) =>
    Array.from({ length: 365 * 24 }, (_, h) => window(field, days, h));
  const values = (field: string, operator: string, xs: readonly unknown[]): Body[] =>
    xs.map((value) => ({ filters: [{ field, operator, value }] }));
  /** A sort of a list and sampled keys of its rows in that sort (for cursors). */
  const sort = (spec: string, keys: unknown[][]): Sort => {
    const [field, order] = spec.split(' ');
    return { name: spec, body: field === 'default' ? {} : { sorters: [{ field, order }] }, keys };
  };
  const K = info.keys;

  interface Sort {
    name: string;
    body: Body;
    keys: unknown[][];
  }
  interface ListSpec {
    /** The list's name in the table. */
    label: string;
    resource: string;
    prefix: string;
    table: string;
    /** Fixed in every request (a scope). */
    fixed?: Body;
    /** The default sort first, then the one its own case pages through, then others. */
    sorts: Sort[];
    filters: { name: string; values: Body[] }[];
    words: string[];
    /** Filters of the views a user pages through by number (each view: a sort × these). */
    views: Body[][];
  }
  const codes = (seed: number) => shuffled(info.scenes, seed).map((s) => s.code);
  const specs: ListSpec[] = [
    {
      label: 'calls',
      resource: 'prompt-call',
      prefix: 'prompt/call',
      table: 'prompt_calls',
      sorts: [
        sort('default', K.calls),
        sort('totalTokens desc', K.callTokens),
        sort('callTime asc', K.calls),
        sort('totalTokens asc', K.callTokens),
      ],
      filters: [
        { name: 'userId', values: values('userId', 'eq', info.callUsers) },
        { name: 'sceneCode', values: values('sceneCode', 'eq', codes(61)) },
        { name: 'templateId', values: values('templateId', 'eq', shuffled(info.templates, 62)) },
        { name: 'assessment', values: values('assessment', 'eq', [0, 1, 2]) },
        { name: 'modelType', values: values('modelType', 'eq', PROMPT_MODEL_TYPES) },
        {
          name: 'modelVersion',
          values: values(
            'modelVersion',
            'eq',
            info.models.map((m) => m.version),
          ),
        },
        { name: 'callTime, one day', values: shuffled(windows('callTime', 1), 63) },
      ],
      words: info.words.calls,
      views: [windows('callTime', 7)],
    },
    {
      label: 'sessions',
      resource: 'record',
      prefix: 'record',
      table: 'records',
      sorts: [
        sort('default', K.records),
        sort('createdAt desc', K.recordsCreated),
        sort('modifiedAt asc', K.records),
        sort('messageCount desc', K.recordMessages),
      ],
      filters: [
        { name: 'sceneCode', values: values('sceneCode', 'eq', codes(64)) },
        { name: 'userId', values: values('userId', 'eq', info.recordUsers) },
        { name: 'type', values: values('type', 'eq', [1, 0]) },
        { name: 'tag', values: values('tag', 'eq', RECORD_TAGS) },
        { name: 'modifiedAt, one day', values: shuffled(windows('modifiedAt', 1), 65) },
      ],
      words: info.words.records,
      views: [windows('modifiedAt', 7)],
    },
    {
      label: 'scenes',
      resource: 'scene',
      prefix: 'scene',
      table: 'scenes',
      sorts: [
        sort('default', K.scenes),
        sort('sceneName asc', K.sceneNames),
        sort('createdAt asc', K.scenes),
        sort('sceneName desc', K.sceneNames),
        sort('sceneCode asc', K.sceneCodes),
        sort('sceneCode desc', K.sceneCodes),
      ],
      filters: [
        { name: 'type', values: values('type', 'eq', [1, 0]) },
        {
          name: 'sceneCode contains',
          values: values(
            'sceneCode',
            'contains',
            partsOf(
              info.scenes.map((s) => s.code),
              66,
            ),
          ),
        },
        {
          name: 'sceneName contains',
          values: values(
            'sceneName',
            'contains',
            partsOf(
              info.scenes.map((s) => s.name),
              67,
            ),
          ),
        },
      ],
      words: info.words.scenes,
      views: [
        [{}, ...values('type', 'eq', [1, 0])],
        [
          {},
          ...values(
            'sceneCode',
            'contains',
            commonPartsOf(
              info.scenes.map((s) => s.code),
              68,
            ),
          ),
        ],
        [
          {},
          ...values(
            'sceneName',
            'contains',
            commonPartsOf(
              info.scenes.map((s) => s.name),
              70,
            ),
          ),
        ],
        // Last, so the first views are the broad ones: any part of a name.
        [
          {},
          ...values(
            'sceneName',
            'contains',
            partsOf(
              info.scenes.map((s) => s.name),
              72,
            ),
          ),
        ],
      ],
    },
    {
      label: 'templates',
      resource: 'prompt',
      prefix: 'prompt',
      table: 'prompts',
      fixed: { scope: 'public' },
      sorts: [
        sort('default', K.prompts),
        sort('title asc', K.promptTitles),
        sort('createdAt asc', K.prompts),
        sort('title desc', K.promptTitles),
      ],
      filters: [
        { name: 'type', values: values('type', 'eq', PROMPT_MODEL_TYPES) },
        { name: 'status', values: values('status', 'eq', [1, 0]) },
        { name: 'reviewState', values: values('reviewState', 'eq', REVIEW_STATES) },
        { name: 'sceneCode', values: values('sceneCode', 'eq', codes(69)) },
        { name: 'title contains', values: values('title', 'contains', info.titleParts) },
      ],
      words: info.words.prompts,
      views: [
        [{}, ...values('type', 'eq', PROMPT_MODEL_TYPES)],
        [{}, ...values('status', 'eq', [1, 0])],
        [{}, ...values('title', 'contains', info.commonTitleParts)],
        // Last, so the first views are the broad ones: one scene's templates.
        [{}, ...values('sceneCode', 'eq', codes(73))],
      ],
    },
  ];

  const cases: Case[] = [
    {
      name: 'bare route, constant envelope',
      kind: 'constant',
      body: () => ({}),
      size: Infinity,
      distinct: false,
    },
  ];
  for (const s of specs) {
    const listCase = (name: string, kind: Kind, size: number, body: (i: number) => Body): Case => ({
      name: `${s.label}, ${name}`,
      kind,
      path: list(s.prefix),
      resource: s.resource,
      body: (i) => ({ ...s.fixed, pageSize: PAGE, ...body(i) }),
      size,
      distinct: true,
    });
    const [byDefault, own] = [s.sorts[0]!, s.sorts[1]!];
    const cursor = (by: Sort, i: number) => after(keyAt(by.keys, i, info.maxId(s.table)));
    /** View j: a sort (varying fastest) and its filters. */
    const view = (j: number) => {
      const by = s.sorts[j % s.sorts.length]!;
      return { by, body: { ...by.body, ...variantAt(s.views, Math.floor(j / s.sorts.length)) } };
    };
    const views = s.sorts.length * sizeOf(s.views);
    /**
     * Page p (from 1) of view j as the console's pager asks it: by number up to the last
     * numbered page, then Next by cursor (here after a sampled row of the view's sort).
     */
    const numbered = (j: number, p: number, i: number) => {
      const { by, body } = view(j);
      return p <= MAX_PAGE ? { ...body, current: p } : { ...body, ...cursor(by, i) };
    };
    cases.push(
      {
        ...listCase('first page (one request, repeated)', 'list', Infinity, () => ({})),
        distinct: false,
      },
      listCase(`sorted by ${own.name}, pages by cursor`, 'list', Infinity, (i) => ({
        ...own.body,
        ...cursor(own, i),
      })),
      ...s.filters.map((f) =>
        // Each value's first page, then pages by cursor under the values in turn.
        listCase(`filter by ${f.name}`, 'list', Infinity, (i) => ({
          ...f.values[i % f.values.length],
          ...(i < f.values.length ? {} : cursor(byDefault, i)),
        })),
      ),
      listCase('page N by cursor', 'list', Infinity, (i) => cursor(byDefault, i)),
      listCase('keyword', 'keyword', s.words.length * MAX_PAGE, (i) => ({
        keyword: s.words[i % s.words.length],
        current: 1 + Math.floor(i / s.words.length),
      })),
      ...[1, 10, 50].map((pages) =>
        listCase(
          pages === 1
            ? 'page 1 of views'
            : `pages 1–${pages} of views` +
                (pages > MAX_PAGE ? ` (after ${MAX_PAGE} by cursor)` : ''),
          'list',
          views * pages,
          (i) => numbered(Math.floor(i / pages), 1 + (i % pages), i),
        ),
      ),
    );
  }
  const sceneIds = shuffled(
    info.scenes.map((s) => s.id),
    71,
  );
  cases.push(
    {
      name: 'scene detail (ids in turn)',
      kind: 'detail',
      path: detailPath('scene'),
      detail: 'scene',
      body: (i) => ({ id: sceneIds[i % sceneIds.length] }),
      size: Infinity,
      distinct: false,
    },
    {
      name: 'session detail with its transcript',
      kind: 'detail',
      path: detailPath('record'),
      detail: 'record',
      body: (i) => ({ id: info.ids.records[i] }),
      size: info.ids.records.length,
      distinct: true,
    },
    {
      name: 'call detail',
      kind: 'detail',
      path: detailPath('prompt/call'),
      detail: 'call',
      body: (i) => ({ id: info.ids.calls[i] }),
      size: info.ids.calls.length,
      distinct: true,
    },
  );
  const selected = cases.filter(
    (c) => c.kind === 'constant' || !only || only.some((o) => c.name.includes(o)),
  );

  // ---- the statements of the bare route
  const caller = { id: info.userId, role: 'user' as const };
  const details: Record<string, DetailStatementText> = {
    scene: detailStatement(stores('scene')),
    record: detailStatement(stores('record'), TRANSCRIPT),
    call: detailStatement(stores('prompt-call')),
  };
  // The console's own text for a plain detail: the copy above must not have drifted from it.
  for (const [name, store] of [
    ['scene', 'scene'],
    ['call', 'prompt-call'],
  ] as const) {
    if (details[name]!.text !== stores(store).detailText().text) {
      throw new Error(`the ${name} detail statement differs from ResourceStore.detailText()`);
    }
  }
  /** Requests [from, from + n) of a list case, as the bare route runs them. */
  const replayFile = (c: Case, from: number, n: number, file: string) => {
    const store = stores(c.resource!);
    const schema = pageSchema(store.def);
    const requests: ListStatements[] = [];
    // A request asked again (the first page as opened) is built once.
    const built = new Map<string, ListStatements>();
    for (let i = from; i < from + n; i++) {
      const body = c.body(i);
      const key = JSON.stringify(body);
      let statements = built.get(key);
      if (!statements) {
        const s = store.listStatements(schema.parse(body) as PageQuery, caller);
        statements = {
          estimate: dialect.sqlToQuery(s.estimate),
          rows: dialect.sqlToQuery(s.rows),
          counted: dialect.sqlToQuery(s.counted),
          count: dialect.sqlToQuery(s.count),
        };
        built.set(key, statements);
      }
      requests.push(statements);
    }
    writeFileSync(file, JSON.stringify(packRequests(requests)));
  };

  // ---- the servers and the writer
  const dataDir = mkdtempSync(join(tmpdir(), 'console-api-bench-'));
  let api: ChildProcess | undefined;
  let bare: ChildProcess | undefined;
  let writer: ChildProcess | undefined;
  let writes: Promise<WriterReport | undefined> = Promise.resolve(undefined);
  try {
    const port = await freePort();
    api = spawnServer({
      ...process.env,
      ...UNTHROTTLED_ENV,
      DATABASE_URL: urlText,
      PORT: String(port),
      DATA_DIR: dataDir,
      DB_POOL_SIZE: String(POOL),
    });
    const replayEnv: ReplayEnv = {
      BARE_DATABASE_URL: urlText,
      BARE_LIST_POOL: String(LIST_POOL),
      BARE_DETAIL_POOL: String(Math.max(1, POOL - LIST_POOL)),
      BARE_LIST_TIMEOUT_MS: String(DEFAULT_LIST_TIMEOUT_MS),
      BARE_DETAILS: JSON.stringify(details),
      BARE_CALLER_ID: info.userId,
    };
    const spawned = spawnBare(SCRIPT, { ...replayEnv });
    bare = spawned.child;
    const apiTarget: Target = { host: '127.0.0.1', port };
    const bareTarget: Target = { host: '127.0.0.1', port: await spawned.port };
    await waitUntilReady(api, port, { agent });
    const token = await login(apiTarget, 'user', 'user', { agent, timeoutMs: TIMEOUT });

    /**
     * Requests [from, from + limit) of a stream, CLIENTS at a time for `seconds` at most; `body(i)`
     * is the i-th request's text.
     */
    const drive = async (
      target: Target,
      path: string,
      pid: number | undefined,
      body: (i: number) => string,
      from: number,
      limit: number,
      seconds: number,
      withSample: boolean,
    ): Promise<{ result: Result; next: number }> => {
      const latencies: number[] = [];
      const codes = new Map<string, number>();
      let sample: string | undefined = withSample ? undefined : '';
      let next = from;
      const cpuBefore = cpuMs(pid);
      const dbCpu0 = postgresCpu();
      const elapsed = await closedLoop(
        CLIENTS,
        { until: performance.now() + seconds * 1000, requests: limit },
        async () => {
          const text = body(next++);
          const t = performance.now();
          let key: string;
          try {
            const answer = await postJson(target, path, text, {
              agent,
              token,
              timeoutMs: TIMEOUT,
              keepText: sample === undefined,
              parseCode: true,
            });
            latencies.push(performance.now() - t);
            key = answerKey(answer);
            if (sample === undefined && key === '0') sample = summary(answer.text);
          } catch (error) {
            latencies.push(performance.now() - t);
            key = errorKey(error);
          }
          tally(codes, key);
        },
      );
      const answered = Math.max(1, latencies.length);
      return {
        next,
        result: {
          serverCpu: (cpuMs(pid) - cpuBefore) / answered,
          dbCpu: dbCpu0.stop() / answered,
          count: latencies.length,
          seconds: elapsed,
          ...percentiles(latencies),
          rate: (codes.get('0') ?? 0) / elapsed,
          codes,
          sample,
          ranOut: elapsed < seconds * 0.95,
        },
      };
    };
    /** A warm-up, then the measured run, each continuing the stream where the last stopped. */
    const measure = async (
      target: Target,
      path: string,
      pid: number | undefined,
      body: (i: number) => string,
      from: number,
      limit: number,
      withSample: boolean,
    ) => {
      let next = from;
      if (WARMUP > 0) {
        next = (await drive(target, path, pid, body, next, limit, WARMUP, false)).next;
      }
      const run = await drive(
        target,
        path,
        pid,
        body,
        next,
        from + limit - next,
        SECONDS,
        withSample,
      );
      return { result: run.result, next: run.next };
    };

    console.log(
      `bench:api: ${CLIENTS} clients, ${SECONDS} s per case and target after ${WARMUP} s ` +
        `warm-up, DB_POOL_SIZE ${POOL} (lists ${LIST_POOL}), page size ${PAGE}, at most ` +
        `${fmt(REQUESTS)} requests per case and target; PostgreSQL ${info.version}; ` +
        `${cpus().length} cores; load average ${load()}; ` +
        `data sampled in ${sampleSeconds.toFixed(1)} s`,
    );
    // The writer runs while the cases do; it stops by itself after a bound well past their time.
    const bound = selected.length * 2 * (WARMUP + SECONDS) * 3 + 600;
    const spawnedWriter = spawnWriter(SCRIPT, {
      url: urlText,
      callsPerSecond: WRITE_CALLS,
      messagesPerSecond: WRITE_MESSAGES,
      seconds: bound,
    });
    writer = spawnedWriter.child;
    writes = spawnedWriter.report;

    const loadBefore = load();
    const results: Measured[] = [];
    let building = 0;
    for (const c of selected) {
      const m: Measured = { c };
      if (c.kind === 'constant') {
        m.bare = (
          await measure(bareTarget, REPLAY_CONSTANT_PATH, bare.pid, () => '{}', 0, Infinity, false)
        ).result;
      } else {
        const text = (i: number) => JSON.stringify(c.body(i));
        const firstRun = await measure(
          apiTarget,
          c.path!,
          api.pid,
          text,
          0,
          // A stream that repeats (c.distinct false) is not bounded.
          c.distinct ? Math.min(REQUESTS, c.size) : Infinity,
          true,
        );
        m.console = firstRun.result;
        // The bare route continues the same stream: requests the console was not sent.
        const from = firstRun.next;
        const room = c.distinct ? Math.min(REQUESTS, c.size - from) : Infinity;
        if (room > 0 && c.kind === 'detail') {
          m.bare = (
            await measure(
              bareTarget,
              `${REPLAY_DETAIL_PATH}/${c.detail}`,
              bare.pid,
              text,
              from,
              room,
              false,
            )
          ).result;
        } else if (room > 0) {
          // Three times the console's requests (ten for one repeated): enough for a faster route.
          const n = Math.min(room, Math.max(2_000, (c.distinct ? 3 : 10) * from));
          const file = join(dataDir, 'replay.json');
          const t = performance.now();
          replayFile(c, from, n, file);
          await postJson(bareTarget, REPLAY_LOAD_PATH, JSON.stringify({ file }), { agent });
          building += (performance.now() - t) / 1000;
          m.bare = (
            await measure(
              bareTarget,
              REPLAY_LIST_PATH,
              bare.pid,
              (i) => `{"i":${i - from}}`,
              from,
              n,
              false,
            )
          ).result;
        }
      }
      results.push(m);
      console.log(`  ${line(m)}`);
    }
    const loadAfter = load();

    // ---- the export
    let exportLine: string | undefined;
    if (!args['skip-export']) {
      const rss = watchRss(api.pid);
      const rssBefore = rss.before;
      const reset = resetPeak(api.pid);
      const t = performance.now();
      const { bytes, lines, status } = await postCounting(
        apiTarget,
        apiPath('record', 'export'),
        JSON.stringify({ format: 'csv' }),
        { agent, token },
      );
      const seconds = (performance.now() - t) / 1000;
      const sampledRss = rss.stop();
      const peak = reset ? procStatus(api.pid, 'VmHWM') : sampledRss;
      // Record titles hold no line break: lines - 1 is the row count.
      exportLine =
        `CSV export of every session record (\`record/export\`, HTTP ${status}): ` +
        `${fmt(Math.max(0, lines - 1))} rows, ${(bytes / 1048576).toFixed(1)} MiB in ` +
        `${seconds.toFixed(1)} s (${fmt(Math.max(0, lines - 1) / seconds)} rows/s); server RSS ` +
        `${rssBefore.toFixed(0)} MiB before, peak ${peak.toFixed(0)} MiB during it ` +
        `(${reset ? 'VmHWM, reset before the export' : 'VmRSS sampled every 100 ms'})`;
      console.log(`  ${exportLine}`);
    }

    await stop(writer);
    const written = await writes;
    const writerLine = written
      ? `The writer added ${fmt(written.calls)} template calls ` +
        `(${fmt(written.calls / written.seconds)}/s ` +
        `of ${fmt(WRITE_CALLS)}/s asked) and ${fmt(written.messages)} chat messages ` +
        `(${fmt(written.messages / written.seconds)}/s of ${fmt(WRITE_MESSAGES)}/s) in ` +
        `${fmt(written.seconds)} s, ${fmt(written.statements)} statements ` +
        `(p50 ${ms(written.p50)} ms, ` +
        `p99 ${ms(written.p99)} ms)` +
        (written.errors ? `, ${fmt(written.errors)} failed: ${written.firstError}` : '')
      : 'The writer reported nothing (it did not start or was killed)';
    console.log(`  ${writerLine}`);

    // ---- the report
    const sizes = info.sizes;
    const data =
      `${fmt(sizes.get('scenes') ?? 0)} scenes, ${fmt(sizes.get('prompts') ?? 0)} templates, ` +
      `${fmt(sizes.get('records') ?? 0)} sessions with ${fmt(sizes.get('record_messages') ?? 0)} ` +
      `messages, ${fmt(sizes.get('prompt_calls') ?? 0)} template calls (planner estimates)`;
    const table = [
      '| case | p50 ms | p95 ms | p99 ms | p99 target | req/s | bare p99 ms | bare req/s | ' +
        'share of bare (≥ 80 %) | server CPU ms | PostgreSQL CPU ms | answers |',
      '| --- | --: | --: | --: | --- | --: | --: | --: | --- | --: | --: | --- |',
      ...results.map(row),
    ];
    const command = `npm run bench:api -- ${process.argv
      .slice(2)
      .filter((a) => a !== '--write')
      .map((a) => a.replace(/\/\/[^@/]*@/, '//…@'))
      .map((a) => (/[\s"]/.test(a) ? JSON.stringify(a) : a))
      .join(' ')}`.trim();
    const section = [
      SECTION,
      '',
      '```bash',
      command,
      '```',
      '',
      `${new Date().toISOString().slice(0, 10)}, commit ${commitLabel()}; ` +
        `${cpus().length} cores, ` +
        `PostgreSQL ${info.version} with its default configuration, on the same machine. Data by ` +
        `\`npm run bench:data\`: ${data}` +
        (info.marker?.seconds ? `, loaded in ${fmt(info.marker.seconds)} s` : '') +
        '. The console runs as `npm start` would (`node --import tsx server/main.ts`, ' +
        `\`DB_POOL_SIZE=${POOL}\`, of which ${LIST_POOL} for lists, \`LOG_LEVEL=error\`, ` +
        '`MOCK_DELAY=0`) as the demo user `user`; every list and detail reads the database. ' +
        `${CLIENTS} keep-alive clients (node:http) send requests back to back for ${SECONDS} s ` +
        `per case and target after a ${WARMUP} s warm-up. Each list case is a stream of requests ` +
        'no one asked before: pages after cursors at sampled rows, filter values and keywords ' +
        'taken from the data, numbered pages (`current`) of views (sorts × filters) each paged ' +
        "once; only a list's first page as opened is one request asked again, and scene " +
        'details take the scenes in turn. The bare route (Fastify and node-postgres in another ' +
        "process, pools of the console's sizes) runs, for requests of the same stream the " +
        'console was not sent, the statements the console runs for them: the rows with ' +
        `their capped count on a table of at most ${fmt(COUNT_LIMIT)} rows; on a larger one ` +
        "the rows, then the planner's estimate, and the capped count alone when the estimate " +
        'is small, ' +
        'or the same prepared detail statement. "share of bare" is the console\'s answers per ' +
        "second over the bare route's; CPU columns are per answer, of the console process and " +
        "of every local PostgreSQL process (the writer's statements included). " +
        `${writerLine}. Load average ${loadBefore} before the cases, ${loadAfter} after ` +
        '(1 / 5 / 15 min).',
      '',
      ...table,
      '',
      ...(exportLine ? [`${exportLine}.`, ''] : []),
    ].join('\n');
    console.log(`\n${section}`);
    console.log(
      `(statements for the bare route built in ${building.toFixed(0)} s` +
        (migrateSeconds > 5 ? `; pending migrations took ${migrateSeconds.toFixed(0)} s` : '') +
        ')',
    );
    if (args.write) await writeSection(SECTION, section);
    return 0;
  } finally {
    await Promise.all([stop(api), stop(bare), stop(writer)]);
    await database.close();
    agent.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/**
 * A detail's statement as ResourceStore prepares it (store.ts detailQuery, not exported): the
 * row, `extra`'s columns, the id and caller as placeholders. Plain details are checked against
 * ResourceStore.detailText().
 */
function detailStatement(store: ResourceStore, extra?: DetailExtra): DetailStatementText {
  const query = store.db
    .select({ ...store.selection(ANY_CALLER), ...(extra?.select(store) ?? {}) })
    .from(store.table)
    .where(and(eq(store.col('id'), sql.placeholder('id')), store.visibleWhere(ANY_CALLER)))
    .limit(constantLimit(1));
  const { sql: text, params } = query.toSQL();
  return {
    text,
    placeholders: params.map((p) => (p instanceof Placeholder ? p.name : String(p))),
  };
}

/** Restarts the peak-RSS counter of a process (Linux: writing 5 to clear_refs). */
function resetPeak(pid: number | undefined): boolean {
  if (!pid) return false;
  try {
    writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

/** What a list answer said: its total (exact or not), rows and cursors. */
function summary(text: string): string | undefined {
  try {
    const body = JSON.parse(text) as {
      code: number;
      data?: { list?: unknown[]; total?: number; totalExact?: boolean; nextCursor?: unknown };
    };
    const d = body.data;
    if (!d || !Array.isArray(d.list)) return undefined;
    const total =
      d.total === undefined ? '' : `total ${d.totalExact === false ? '≈ ' : ''}${fmt(d.total)}`;
    return [total, `${d.list.length} rows`].filter(Boolean).join(', ');
  } catch {
    return undefined;
  }
}

function targetOf(kind: Kind): number | undefined {
  if (kind === 'list') return TARGET.listP99;
  if (kind === 'keyword') return TARGET.keywordP99;
  if (kind === 'detail') return TARGET.detailP99;
  return undefined;
}

const mark = (ok: boolean) => (ok ? '✓' : '✗');

function p99Target(m: Measured): string {
  const target = targetOf(m.c.kind);
  if (target === undefined || !m.console) return '';
  return `≤ ${target} ${mark(m.console.p99 <= target)}`;
}

function share(m: Measured): string {
  if (!m.console || !m.bare || !m.bare.rate) return '';
  const s = m.console.rate / m.bare.rate;
  return `${(s * 100).toFixed(1)} % ${mark(s >= TARGET.share)}`;
}

function answers(m: Measured): string {
  const r = m.console ?? m.bare;
  if (!r) return '';
  const parts = codesText(r.codes, (code) => (code === '0' ? code : `**${code}**`));
  const bareCodes =
    m.console && m.bare && [...m.bare.codes.keys()].some((k) => k !== '0')
      ? `bare: ${codesText(m.bare.codes)}`
      : '';
  const ranOut = [
    m.console?.ranOut ? 'the stream ran out' : '',
    m.console && m.bare?.ranOut ? "the bare route's stream ran out" : '',
  ];
  return [parts, r.sample, bareCodes, ...ranOut].filter(Boolean).join('; ').replace(/\|/g, '\\|');
}

const cpu = (value: number | undefined) =>
  value !== undefined && Number.isFinite(value) ? value.toFixed(2) : '';
const num = (value: number | undefined, f: (n: number) => string) =>
  value === undefined || Number.isNaN(value) ? '' : f(value);

function row(m: Measured): string {
  const r = m.console ?? m.bare!;
  const bareOnly = !m.console;
  return (
    `| ${m.c.name} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${p99Target(m)} | ` +
    `${bareOnly ? '' : fmt(r.rate)} | ${num(m.bare?.p99, ms)} | ${num(m.bare?.rate, fmt)} | ` +
    `${share(m)} | ${cpu(r.serverCpu)} | ${cpu(r.dbCpu)} | ${answers(m)} |`
  );
}

function line(m: Measured): string {
  const r = m.console ?? m.bare!;
  const bare =
    m.console && m.bare ? `  bare p99 ${ms(m.bare.p99)} ms ${fmt(m.bare.rate)} req/s` : '';
  return (
    `${m.c.name.padEnd(52)} p50 ${ms(r.p50).padStart(5)}  p99 ${ms(r.p99).padStart(5)} ms ` +
    `${p99Target(m).padEnd(6)} ${fmt(r.rate).padStart(6)} req/s${bare} ${share(m)}  ` +
    `CPU ${cpu(r.serverCpu)} + ${cpu(r.dbCpu)} ms  ${answers(m)}`
  );
}

if (args['serve-bare']) await serveReplay();
else if (args.writer) await writerMain();
else process.exit(await bench());
