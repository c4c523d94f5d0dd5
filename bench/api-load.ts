// API under load at platform scale (issue 12, docs/PERFORMANCE.md "Platform scale"): the real
// server (`node --import tsx server/main.ts`, as scripts/start.mjs runs it) in a child process
// on the database `npm run bench:data` filled, and a bare Fastify route answering a constant
// envelope in a second child process, so neither shares a thread with the load generator. A
// second console with ANSWERS_KEPT_MB=0 answers each list and detail case again, marked "not
// kept": the cost of a page or record asked for the first time (or since its tables changed),
// where the first console answers a repeated request from memory. For each case, CLIENTS
// keep-alive clients send requests back to back for a 1 s warm-up and then SECONDS seconds;
// p50 / p95 / p99, requests per second and the share of the bare route's rate (measured first,
// in the same run). Then one streaming CSV export of every session record: bytes,
// time and the server's peak resident memory during it (VmHWM, reset before the export).
//
// Run: npm run bench:api -- [--url postgres://…/bench] [--clients 32] [--seconds 5]
//      [--pool 10] [--page-size 10] [--keyword 内存泄漏] [--prompt-keyword 重构建议]
//      [--only "calls,bare"] (cases whose name contains one of these) [--skip-export] [--write]
//      (--write replaces the section "## Platform scale (issue 12)" of docs/PERFORMANCE.md)
//      (DATABASE_URL is used when --url is not given; default postgres://postgres@127.0.0.1/bench)
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { apiPath } from '../contract/api';
import { encodeCursor, MAX_OFFSET_ROWS } from '../contract/page-cursor';
import { addDays, DEFAULT_TIME_ZONE, STATISTIC_CALLS, todayIn } from '../contract/statistics';
import type { PageQuery } from '../contract/resource-schema';
import { openDatabase, type Database } from '../server/db/client';
import { DOMAINS } from '../server/db/demo/domains';
import { PgDialect } from 'drizzle-orm/pg-core';
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
import { commitLabel, writeSection } from './lib/report';
import {
  freePort,
  ROOT,
  BARE_DETAIL_PATH,
  BARE_LIST_PATH,
  BARE_QUERIES,
  OTHER_DRIVER,
  serveBare,
  spawnBare,
  spawnServer,
  stop,
  UNTHROTTLED_ENV,
  waitUntilReady,
} from './lib/server';
import { codesText, fmt, loadAverage as load, ms, percentiles } from './lib/stats';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string' },
    clients: { type: 'string', default: '32' },
    seconds: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '1' },
    pool: { type: 'string', default: '10' },
    'page-size': { type: 'string', default: '10' },
    'timeout-ms': { type: 'string', default: '30000' },
    keyword: { type: 'string', default: DOMAINS[0]?.topics[4] ?? '内存泄漏' },
    'prompt-keyword': { type: 'string', default: DOMAINS[0]?.titles[1] ?? '重构建议' },
    only: { type: 'string' },
    'skip-export': { type: 'boolean', default: false },
    write: { type: 'boolean', default: false },
    // Internal: this file run as the bare-route server.
    'serve-bare': { type: 'boolean', default: false },
  },
});

const positive = positiveArgs(args);
const SECTION = '## Platform scale (issue 12)';
const agent = keepAliveAgent();

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

interface Case {
  name: string;
  /** 'unkept': the console with ANSWERS_KEPT_MB=0, each list read from the database. */
  target: 'api' | 'unkept' | 'bare';
  path: string;
  body: unknown;
  /** The envelope code a correct answer carries (0, or 40000 for a refused deep page). */
  expect: number;
}

interface Result {
  name: string;
  count: number;
  seconds: number;
  p50: number;
  p95: number;
  p99: number;
  rate: number;
  /** Answers by envelope code (or transport error). */
  codes: Map<string, number>;
  expect: number;
  /** What one correct answer said about its list (total, exact, rows, cursors). */
  sample?: string;
  /** CPU per answer, ms: the serving process's, and every local PostgreSQL process's. */
  serverCpu: number;
  dbCpu: number;
}

async function bench(): Promise<number> {
  const CLIENTS = Math.round(positive('clients'));
  const SECONDS = positive('seconds');
  const WARMUP = Number(args.warmup);
  const POOL = Math.round(positive('pool'));
  const PAGE = Math.round(positive('page-size'));
  const TIMEOUT = positive('timeout-ms');
  const only = splitList(args.only);
  const urlText =
    args.url ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench';

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
  // server's statement bound.
  const migrated = performance.now();
  const database = await openDatabase({ databaseUrl: urlText, statementTimeoutMs: 6 * 3_600_000 });
  const recordsListSql = firstPageStatement(database.db, 'record', { current: 1, pageSize: PAGE });
  const sceneDetail = builtInStores(() => database.db)('scene').detailText();
  await database.close();
  const migrateSeconds = (performance.now() - migrated) / 1000;
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
        ? (JSON.parse(comment) as { complete?: boolean; params?: object; seconds?: number })
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
      const ids = async (table: string, where = 'true') =>
        (
          await q<{ id: number }>(
            `select x.id from generate_series(1, 50) k, lateral (
               select id from ${table} where id >= (select max(id) from ${table}) * k / 51 and ${where}
               order by id limit 1) x`,
          )
        ).map((r) => r.id);
      const keyAt = async (table: string, order: string, row: number) =>
        (
          await q<{ k: unknown[] }>(
            `select json_build_array(${order.replace(/ desc/g, '')}) as k from ${table}
             order by ${order} offset ${row - 1} limit 1`,
          )
        )[0]?.k;
      return {
        version,
        marker,
        sizes,
        sceneIds: await ids('scenes', 'is_del = 0'),
        // The demo user the cases log in as: the caller of the bare detail statement.
        userId:
          (await q<{ id: string }>(`select id from users where user_name = 'user'`))[0]?.id ?? '',
        recordIds: await ids('records'),
        // Calls the demo user sees: no template, or a platform template.
        callIds: await ids(
          'prompt_calls',
          `(template_id is null or exists (select 1 from prompts p
             where p.id = template_id and p.is_public = 1))`,
        ),
        callKey: await keyAt('prompt_calls', 'call_time desc, id desc', 100_000),
        recordKey: await keyAt('records', 'modified_at desc, id desc', 100_000),
        hotScene:
          (
            await q<{ code: string }>(
              `select scene_code as code from scenes where scene_code like 'bench-scene-%'
               order by scene_code limit 1`,
            )
          )[0]?.code ?? 'customer-service',
      };
    } finally {
      await client.end();
    }
  })();
  // ---- the servers
  const dataDir = mkdtempSync(join(tmpdir(), 'console-api-bench-'));
  let api: ChildProcess | undefined;
  let unkept: ChildProcess | undefined;
  let bare: ChildProcess | undefined;
  /** The console as `npm start` runs it on the bench's database, with `extra` in its env. */
  const startConsole = (port: number, extra: Record<string, string> = {}) =>
    spawnServer({
      ...process.env,
      ...UNTHROTTLED_ENV,
      DATABASE_URL: urlText,
      PORT: String(port),
      DATA_DIR: dataDir,
      DB_POOL_SIZE: String(POOL),
      ...extra,
    });
  try {
    const port = await freePort();
    api = startConsole(port);
    const spawned = spawnBare(join(ROOT, 'bench/api-load.ts'), {
      BARE_DATABASE_URL: urlText,
      BARE_POOL_SIZE: String(POOL),
      ...(recordsListSql ? { BARE_LIST_SQL: recordsListSql } : {}),
      BARE_DETAIL_SQL: sceneDetail.text,
      BARE_DETAIL_PLACEHOLDERS: JSON.stringify(sceneDetail.placeholders),
      BARE_CALLER_ID: info.userId,
    });
    bare = spawned.child;
    const barePort = await spawned.port;
    const apiTarget: Target = { host: '127.0.0.1', port };
    const bareTarget: Target = { host: '127.0.0.1', port: barePort };
    await waitUntilReady(api, port, { agent });
    // The same console keeping no answers: what a list or detail costs when not asked before
    // (started once the first has made the data folder's key file, which both then read).
    const unkeptPort = await freePort();
    unkept = startConsole(unkeptPort, { ANSWERS_KEPT_MB: '0' });
    const unkeptTarget: Target = { host: '127.0.0.1', port: unkeptPort };
    await waitUntilReady(unkept, unkeptPort, { agent });
    const token = await login(apiTarget, 'user', 'user', { agent, timeoutMs: TIMEOUT });

    // ---- the cases
    const page = (extra: object = {}) => ({ current: 1, pageSize: PAGE, ...extra });
    const eq = (field: string, value: unknown) => ({
      filters: [{ field, operator: 'eq', value }],
    });
    const deep = (table: string) =>
      Math.min(
        1_000_000,
        Math.max(
          Math.ceil((info.sizes.get(table) ?? 0) / PAGE),
          Math.floor(MAX_OFFSET_ROWS / PAGE) + 1,
        ),
      );
    const cursorPage = (key: unknown[] | undefined) =>
      page(key ? { cursor: encodeCursor({ after: true, key }) } : {});
    const today = todayIn(DEFAULT_TIME_ZONE, new Date());
    const utcToday = todayIn('UTC', new Date());
    const list = (prefix: string) => apiPath(...prefix.split('/'), 'page');
    const detail = (prefix: string) => apiPath(...prefix.split('/'), 'detail');
    let turn = 0;
    const rotate = (ids: number[]) => () => ({ id: ids[turn++ % Math.max(1, ids.length)] ?? 1 });
    const listed: Case[] = [
      { name: 'bare route', target: 'bare', path: '/bare', body: page(), expect: 0 },
      // What one statement costs without the console: the ceiling of any route that reads.
      ...Object.keys(BARE_QUERIES).map((path): Case => ({
        name: `bare route + ${path === '/bare-select-1' ? 'select 1' : 'records page SQL'}`,
        target: 'bare',
        path,
        body: page(),
        expect: 0,
      })),
      // The records list's first page as the console sends it, without the console around it,
      // on node-postgres (the console's driver) and on postgres.js.
      ...(recordsListSql
        ? ['', OTHER_DRIVER].map((driver): Case => ({
            name: `bare route + the records list's statement${driver ? ' (postgres.js)' : ''}`,
            target: 'bare',
            path: `${BARE_LIST_PATH}${driver}`,
            body: page(),
            expect: 0,
          }))
        : []),
      // The scene detail as the console sends it (the same ids), without the console around it.
      ...['', OTHER_DRIVER].map((driver): Case => ({
        name: `bare route + the scene detail's statement${driver ? ' (postgres.js)' : ''}`,
        target: 'bare',
        path: `${BARE_DETAIL_PATH}${driver}`,
        body: rotate(info.sceneIds),
        expect: 0,
      })),
      { name: 'scenes, first page', target: 'api', path: list('scene'), body: page(), expect: 0 },
      {
        name: `prompts, keyword "${args['prompt-keyword']}"`,
        target: 'api',
        path: list('prompt'),
        body: page({ scope: 'public', keyword: args['prompt-keyword'] }),
        expect: 0,
      },
      { name: 'records, first page', target: 'api', path: list('record'), body: page(), expect: 0 },
      {
        name: 'records, sorted by createdAt',
        target: 'api',
        path: list('record'),
        body: page({ sorters: [{ field: 'createdAt', order: 'desc' }] }),
        expect: 0,
      },
      {
        name: `records, keyword "${args.keyword}"`,
        target: 'api',
        path: list('record'),
        body: page({ keyword: args.keyword }),
        expect: 0,
      },
      {
        name: 'records, filter by scene',
        target: 'api',
        path: list('record'),
        body: page(eq('sceneCode', info.hotScene)),
        expect: 0,
      },
      {
        name: 'records, page 10,000 by cursor',
        target: 'api',
        path: list('record'),
        body: cursorPage(info.recordKey),
        expect: 0,
      },
      {
        // Every request a page no one asked for before (a cursor at a time of its own within the
        // 30 days before page 10,000): what keeping costs where it never answers.
        name: 'records, a page by cursor never asked before',
        target: 'api',
        path: list('record'),
        body: () => {
          const at = Date.parse(String(info.recordKey?.[0] ?? new Date().toISOString()));
          const key = [new Date(at - Math.random() * 30 * 86_400_000).toISOString(), 2 ** 30];
          return cursorPage(key);
        },
        expect: 0,
      },
      {
        name: 'calls, first page',
        target: 'api',
        path: list('prompt/call'),
        body: page(),
        expect: 0,
      },
      {
        name: 'calls, filter by userId',
        target: 'api',
        path: list('prompt/call'),
        body: page(eq('userId', 'bench-user-01000')),
        expect: 0,
      },
      {
        name: 'calls, filter by sceneCode',
        target: 'api',
        path: list('prompt/call'),
        body: page(eq('sceneCode', info.hotScene)),
        expect: 0,
      },
      {
        name: 'calls, filter by assessment',
        target: 'api',
        path: list('prompt/call'),
        body: page(eq('assessment', 2)),
        expect: 0,
      },
      {
        name: `calls, keyword "${args.keyword}"`,
        target: 'api',
        path: list('prompt/call'),
        body: page({ keyword: args.keyword }),
        expect: 0,
      },
      {
        name: 'calls, page 10,000 by cursor',
        target: 'api',
        path: list('prompt/call'),
        body: cursorPage(info.callKey),
        expect: 0,
      },
      ...(
        [
          ['scenes', 'scene', 'scenes'],
          ['prompts', 'prompt', 'prompts'],
          ['records', 'record', 'records'],
          ['calls', 'prompt/call', 'prompt_calls'],
        ] as const
      ).map(([name, prefix, table]) => ({
        name: `${name}, deep page by current (${fmt(deep(table))})`,
        target: 'api' as const,
        path: list(prefix),
        body: { current: deep(table), pageSize: PAGE },
        expect: 40000,
      })),
      {
        name: 'scene detail by id',
        target: 'api',
        path: detail('scene'),
        body: rotate(info.sceneIds),
        expect: 0,
      },
      {
        name: 'record detail by id (with messages)',
        target: 'api',
        path: detail('record'),
        body: rotate(info.recordIds),
        expect: 0,
      },
      {
        name: 'call detail by id',
        target: 'api',
        path: detail('prompt/call'),
        body: rotate(info.callIds),
        expect: 0,
      },
      {
        name: 'statistics: scene list, 30 days',
        target: 'api',
        path: apiPath(...STATISTIC_CALLS.sceneList),
        body: { startDate: addDays(today, -29), endDate: today, granularity: 'day' },
        expect: 0,
      },
      {
        // Another zone: its edge hours' users are counted apart (server/statistics/rollup-query.ts).
        name: 'statistics: scene list, 30 days, UTC',
        target: 'api',
        path: apiPath(...STATISTIC_CALLS.sceneList),
        body: {
          startDate: addDays(utcToday, -29),
          endDate: utcToday,
          granularity: 'day',
          timeZone: 'UTC',
        },
        expect: 0,
      },
    ];
    // Each list and detail case twice: kept (its answer read once, then answered from memory
    // while its tables stand) and not kept, on the server that reads each from the database.
    const cases = listed.flatMap((c): Case[] =>
      c.target === 'api' && c.expect === 0 && /\/(page|detail)$/.test(c.path)
        ? [c, { ...c, name: `${c.name}, not kept`, target: 'unkept' }]
        : [c],
    );
    const selected = cases.filter(
      (c) => c.name === 'bare route' || !only || only.some((o) => c.name.includes(o)),
    );

    const drive = async (c: Case, seconds: number): Promise<Result> => {
      const target =
        c.target === 'bare' ? bareTarget : c.target === 'unkept' ? unkeptTarget : apiTarget;
      const latencies: number[] = [];
      const codes = new Map<string, number>();
      // The bare route's constant answer says nothing worth a note.
      let sample: string | undefined = c.target === 'bare' ? '' : undefined;
      const pid = c.target === 'bare' ? bare?.pid : c.target === 'unkept' ? unkept?.pid : api?.pid;
      const cpuBefore = cpuMs(pid);
      const dbCpu0 = postgresCpu();
      const until = performance.now() + seconds * 1000;
      const elapsed = await closedLoop(CLIENTS, { until }, async () => {
        const body = JSON.stringify(
          typeof c.body === 'function' ? (c.body as () => unknown)() : c.body,
        );
        const t = performance.now();
        let key: string;
        try {
          const answer = await postJson(target, c.path, body, {
            agent,
            token,
            timeoutMs: TIMEOUT,
            keepText: sample === undefined,
            parseCode: true,
          });
          latencies.push(performance.now() - t);
          key = answerKey(answer);
          if (sample === undefined) sample = summary(answer.text);
        } catch (error) {
          latencies.push(performance.now() - t);
          key = errorKey(error);
        }
        tally(codes, key);
      });
      const answered = Math.max(1, latencies.length);
      return {
        serverCpu: (cpuMs(pid) - cpuBefore) / answered,
        dbCpu: dbCpu0.stop() / answered,
        name: c.name,
        count: latencies.length,
        seconds: elapsed,
        ...percentiles(latencies),
        rate: (codes.get(String(c.expect)) ?? 0) / elapsed,
        codes,
        expect: c.expect,
        sample,
      };
    };

    console.log(
      `bench:api: ${CLIENTS} clients, ${SECONDS} s per case after ${WARMUP} s warm-up, ` +
        `DB_POOL_SIZE ${POOL}, page size ${PAGE}; PostgreSQL ${info.version}; ` +
        `${cpus().length} cores; load average ${load()}`,
    );
    const loadBefore = load();
    const results: Result[] = [];
    for (const c of selected) {
      if (WARMUP > 0) await drive(c, WARMUP);
      const result = await drive(c, SECONDS);
      results.push(result);
      console.log(`  ${line(result, results[0]!)}`);
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
      const sampled = rss.stop();
      const peak = reset ? procStatus(api.pid, 'VmHWM') : sampled;
      // CSV cells may hold line breaks (messages do not go into the record export; titles do not
      // have them), so lines - 1 is the row count here.
      exportLine =
        `CSV export of every session record (\`record/export\`, HTTP ${status}): ` +
        `${fmt(Math.max(0, lines - 1))} rows, ${(bytes / 1048576).toFixed(1)} MiB in ` +
        `${seconds.toFixed(1)} s (${fmt(Math.max(0, lines - 1) / seconds)} rows/s); server RSS ` +
        `${rssBefore.toFixed(0)} MiB before, peak ${peak.toFixed(0)} MiB during it ` +
        `(${reset ? 'VmHWM, reset before the export' : 'VmRSS sampled every 100 ms'})`;
      console.log(`  ${exportLine}`);
    }

    // ---- the report
    const sizes = info.sizes;
    const data =
      `${fmt(sizes.get('scenes') ?? 0)} scenes, ${fmt(sizes.get('prompts') ?? 0)} templates, ` +
      `${fmt(sizes.get('records') ?? 0)} sessions with ${fmt(sizes.get('record_messages') ?? 0)} ` +
      `messages, ${fmt(sizes.get('prompt_calls') ?? 0)} template calls, ` +
      `${fmt(sizes.get('corpus_items') ?? 0)} corpus items (planner estimates)`;
    const table = [
      '| case | p50 ms | p95 ms | p99 ms | req/s | share of bare | server CPU ms | PostgreSQL CPU ms | answers |',
      '| --- | --: | --: | --: | --: | --: | --: | --: | --- |',
      ...results.map((r) => row(r, results[0]!)),
    ];
    const section = [
      SECTION,
      '',
      `\`npm run bench:api\` (${new Date().toISOString().slice(0, 10)}, commit ` +
        `${commitLabel()}; ` +
        `${cpus().length} cores, PostgreSQL ${info.version} with its default configuration). ` +
        `Data by \`npm run bench:data\`: ${data}` +
        (info.marker?.seconds ? `, loaded in ${fmt(info.marker.seconds)} s` : '') +
        '. The server runs as `npm start` would (`node --import tsx server/main.ts`, ' +
        `\`DB_POOL_SIZE=${POOL}\`, \`LOG_LEVEL=error\`, \`MOCK_DELAY=0\`), a second one with ` +
        '`ANSWERS_KEPT_MB=0` answers the cases marked "not kept" (every list and detail read ' +
        'from the database, as one asked for the first time is), and a bare Fastify route answering a ' +
        'constant envelope runs in a third process; the load generator (node:http, ' +
        `keep-alive) runs ${CLIENTS} clients for ${SECONDS} s per case after a ${WARMUP} s ` +
        'warm-up, as the demo user `user`. "share of bare" is the case\'s answers per second ' +
        'over the bare route\'s in the same run; "answers" counts them by envelope code (a deep ' +
        'page by `current` should be refused with 40000); "server CPU ms" and "PostgreSQL CPU ms" ' +
        'are the CPU time per answer of the serving process (the bare one for the bare routes) ' +
        'and of every local PostgreSQL process (/proc). Load average ' +
        `${loadBefore} before the cases, ${loadAfter} after (1 / 5 / 15 min).`,
      '',
      ...table,
      '',
      ...(exportLine ? [`${exportLine}.`, ''] : []),
    ].join('\n');
    console.log(`\n${section}`);
    if (migrateSeconds > 5) console.log(`(pending migrations took ${migrateSeconds.toFixed(0)} s)`);
    if (args.write) await writeSection(SECTION, section);
    return 0;
  } finally {
    await Promise.all([stop(api), stop(unkept), stop(bare)]);
    agent.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** What a list answer said: its total (exact or not), rows and cursors. */
function summary(text: string): string | undefined {
  try {
    const body = JSON.parse(text) as {
      code: number;
      msg?: string;
      data?: { list?: unknown[]; total?: number; totalExact?: boolean; nextCursor?: unknown };
    };
    if (body.code !== 0) return body.msg ? `"${body.msg.slice(0, 60)}"` : undefined;
    const d = body.data;
    if (!d || !Array.isArray(d.list)) return undefined;
    const total =
      d.total === undefined
        ? ''
        : `total ${d.totalExact === false ? '≈ ' : ''}${fmt(d.total)}` +
          (d.totalExact === undefined ? '' : d.totalExact ? ' (exact)' : '');
    return [total, `${d.list.length} rows`, d.nextCursor ? 'next cursor' : '']
      .filter(Boolean)
      .join(', ');
  } catch {
    return undefined;
  }
}

function answers(r: Result): string {
  const parts = codesText(r.codes, (code) => (code === String(r.expect) ? code : `**${code}**`));
  // A refusal that was expected needs no quote of its message.
  const sample = r.expect !== 0 && r.codes.size === 1 ? undefined : r.sample;
  return [parts, sample].filter(Boolean).join('; ').replace(/\|/g, '\\|');
}

function row(r: Result, bare: Result): string {
  const share = r === bare ? '100 %' : `${((r.rate / bare.rate) * 100).toFixed(1)} %`;
  return `| ${r.name} | ${ms(r.p50)} | ${ms(r.p95)} | ${ms(r.p99)} | ${fmt(r.rate)} | ${share} | ${cpu(r.serverCpu)} | ${cpu(r.dbCpu)} | ${answers(r)} |`;
}

function line(r: Result, bare: Result): string {
  const share = r === bare ? '' : ` (${((r.rate / bare.rate) * 100).toFixed(1)} % of bare)`;
  return (
    `${r.name.padEnd(46)} p50 ${ms(r.p50).padStart(6)}  p95 ${ms(r.p95).padStart(6)}  ` +
    `p99 ${ms(r.p99).padStart(6)} ms  ${fmt(r.rate).padStart(6)} req/s${share}  ` +
    `CPU ${cpu(r.serverCpu)} + ${cpu(r.dbCpu)} ms  ${answers(r)}`
  );
}

/** CPU ms per answer, to 0.01 ms (a tick is 10 ms over thousands of answers). */
function cpu(value: number): string {
  return Number.isFinite(value) ? value.toFixed(2) : '–';
}

if (args['serve-bare']) await serveBare(['GET', 'POST']);
else process.exit(await bench());

/**
 * The text of the rows statement the console runs for `query` on resource `name` for an admin
 * (as server/resources/engine/paging.ts builds it), when it takes no parameters; else undefined.
 */
function firstPageStatement(db: Database, name: string, query: PageQuery): string | undefined {
  const { rows } = builtInStores(() => db)(name).listStatements(query, {
    id: 'bench',
    role: 'admin',
  });
  const text = rows ? new PgDialect().sqlToQuery(rows).sql : '';
  return !text || /\$\d/.test(text) ? undefined : text;
}
