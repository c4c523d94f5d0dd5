// Configured resources at 100 000 rows (docs/PERFORMANCE.md): the list of a resource declared as
// configuration (rows as JSON documents in resource_rows, expression indexes) next to a built-in
// resource of the same size (scenes, a table of its own), in the same run on the same database.
// Both get ROWS rows through generate_series; each case runs through app.inject as the demo user
// (the whole request: authentication, policy, validation, query, answer) and prints p50 / p99.
//
// Run: npm run bench:configured                      embedded PGlite in a temporary directory
//      npm run bench:configured -- --pg <url>        a throwaway database on that PostgreSQL
// Env: ROWS (default 100 000), RUNS per case (default 200).
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { apiPath } from '../contract/api';
import { RESOURCE_CONFIG_PATHS } from '../contract/resource-config-api';
import { buildApp } from '../server/app';
import { adminQuery } from '../server/db/admin-query';
import { openDatabase } from '../server/db/client';
import { seed } from '../server/db/seed';
import { quantile } from './lib/stats';

const ROWS = Number(process.env.ROWS ?? 100_000);
const RUNS = Number(process.env.RUNS ?? 200);
const pgAt = process.argv.indexOf('--pg');
const BASE_URL = pgAt > 0 ? process.argv[pgAt + 1] : undefined;

/** The declared twin of scenes: a sortable name, a unique code, a type to filter on. */
const DECLARATION = {
  name: 'knowledge',
  labels: { 'zh-CN': '知识库', 'en-US': 'Knowledge base' },
  permissions: { user: ['list', 'show', 'create', 'edit', 'delete'] },
  fields: [
    {
      name: 'title',
      type: 'string',
      required: true,
      list: true,
      sortable: true,
      search: true,
      filter: 'contains',
      labels: { 'zh-CN': '标题', 'en-US': 'Title' },
    },
    {
      name: 'code',
      type: 'string',
      required: true,
      unique: true,
      labels: { 'zh-CN': '编码', 'en-US': 'Code' },
    },
    {
      name: 'kind',
      type: 'integer',
      filter: 'eq',
      labels: { 'zh-CN': '类型', 'en-US': 'Kind' },
    },
  ],
};

const dataDir = BASE_URL ? undefined : mkdtempSync(join(tmpdir(), 'console-configured-bench-'));
const dbName = `console_bench_configured_${process.pid}_${randomBytes(3).toString('hex')}`;
let databaseUrl: string | undefined;
if (BASE_URL) {
  await adminQuery(BASE_URL, `create database "${dbName}"`);
  const url = new URL(BASE_URL);
  url.pathname = `/${dbName}`;
  databaseUrl = url.toString();
}

try {
  const database = await openDatabase(
    databaseUrl ? { databaseUrl, statementTimeoutMs: 600_000 } : { dataDir },
  );
  const { db } = database;
  await seed(db, { kind: database.kind, seedDemo: '1' });
  const app = await buildApp({ db, loginLimits: { attemptsPerIpPerMinute: 10_000 } });
  await app.ready();
  const post = async (url: string, body: unknown, token: string) => {
    const res = await app.inject({
      method: 'POST',
      url,
      headers: { authorization: `Bearer ${token}` },
      payload: body as object,
    });
    const answer = res.json() as { code: number; data: { total?: number } };
    if (answer.code !== 0) throw new Error(`${url}: ${res.body.slice(0, 300)}`);
    return answer.data;
  };
  const login = async (userName: string) =>
    (
      (await post(apiPath('user', 'login'), { userName, password: userName }, '')) as {
        token: string;
      }
    ).token;
  const admin = await login('admin');
  const user = await login('user');
  await post(RESOURCE_CONFIG_PATHS.create, { declaration: DECLARATION }, admin);

  const t0 = performance.now();
  await db.execute(sql`
    insert into resource_rows (resource, doc)
    select 'knowledge', jsonb_build_object(
      'title', '知识条目 ' || lpad(((g * 7919) % ${ROWS})::text, 6, '0'),
      'code', 'k-' || g, 'kind', g % 3)
    from generate_series(1, ${ROWS}) g`);
  const loadedConfigured = performance.now();
  await db.execute(sql`
    insert into scenes (scene_name, scene_code, type)
    select '场景 ' || lpad(((g * 7919) % ${ROWS})::text, 6, '0'), 'bench-' || g, g % 3
    from generate_series(1, ${ROWS}) g`);
  const loadedBuiltIn = performance.now();
  await db.execute(sql`analyze resource_rows`);
  await db.execute(sql`analyze scenes`);
  console.log(
    `configured-resource bench: ${database.kind}, ${ROWS} rows each; load ` +
      `${((loadedConfigured - t0) / 1000).toFixed(1)} s configured, ` +
      `${((loadedBuiltIn - loadedConfigured) / 1000).toFixed(1)} s built-in; ${RUNS} runs per case`,
  );

  const cases: [string, (sortField: string, filterField: string) => unknown][] = [
    [
      'page 1 of 20, sorted by name',
      (s) => ({ current: 1, pageSize: 20, sorters: [{ field: s, order: 'asc' }] }),
    ],
    [
      'page 50 of 20, sorted by name',
      (s) => ({ current: 50, pageSize: 20, sorters: [{ field: s, order: 'asc' }] }),
    ],
    [
      'page 1, sorted by name desc',
      (s) => ({ current: 1, pageSize: 20, sorters: [{ field: s, order: 'desc' }] }),
    ],
    ['page 1, default sort (newest)', () => ({ current: 1, pageSize: 20 })],
    [
      'page 1, name contains "0042"',
      (s, f) => ({
        current: 1,
        pageSize: 20,
        filters: [{ field: f, operator: 'contains', value: '0042' }],
      }),
    ],
  ];
  const subjects = [
    { label: 'built-in (scene)', prefix: 'scene', sort: 'sceneName', filter: 'sceneName' },
    { label: 'configured (knowledge)', prefix: 'knowledge', sort: 'title', filter: 'title' },
  ];
  console.log('');
  console.log(`| case | ${subjects.map((s) => `${s.label} p50 / p99 ms`).join(' | ')} |`);
  console.log(`| --- | ${subjects.map(() => '---').join(' | ')} |`);
  for (const [name, body] of cases) {
    const cells: string[] = [];
    for (const subject of subjects) {
      const url = apiPath(subject.prefix, 'page');
      const request = body(subject.sort, subject.filter);
      for (let i = 0; i < 10; i++) await post(url, request, user);
      const times: number[] = [];
      let total = 0;
      for (let i = 0; i < RUNS; i++) {
        const start = performance.now();
        total = (await post(url, request, user)).total ?? 0;
        times.push(performance.now() - start);
      }
      times.sort((a, b) => a - b);
      cells.push(
        `${quantile(times, 0.5).toFixed(1)} / ${quantile(times, 0.99).toFixed(1)} (${total})`,
      );
    }
    console.log(`| ${name} | ${cells.join(' | ')} |`);
  }
  // Whether the planner uses the declared field's expression index.
  const plan = (await db.execute(sql`
    explain select id from resource_rows
    where resource = 'knowledge' and is_del = 0
    order by (doc ->> 'title') asc nulls last, id asc limit 20`)) as unknown as {
    rows: Record<string, string>[];
  };
  console.log('');
  console.log('plan of the configured list sorted by title:');
  for (const row of plan.rows) console.log(`  ${Object.values(row)[0]}`);
  await app.close();
  await database.close();
} finally {
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  if (BASE_URL) await adminQuery(BASE_URL, `drop database if exists "${dbName}" with (force)`);
}
