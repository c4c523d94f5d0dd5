// Statistics at scale (docs/PERFORMANCE.md): a throwaway PostgreSQL database created
// through the app's own migrations, 30 scenes (some with a monthly budget), 8 priced model
// versions (two with a price change during the year), a few thousand chats and CALLS template
// calls over the last 365 days, loaded in batches of BATCH rows by `insert … select … from
// generate_series` so the statement-level triggers of migration 0004 aggregate one batch at a
// time. Then the six statistic calls through app.inject (no network: the time is routing,
// validation, the queries and serialisation) over 30 and 365 days, the UTC (hourly rollup)
// path and a scene filter: p50/p95/max per call and case. Last, the 30-day scene list against a
// recount of the raw rows. Deterministic data (hashes of the row number), bounded in count.
// Run: npm run bench:statistics -- [--calls 10000000] [--batch 500000] [--runs 20] [--keep]
//      [--only "365 d, day;30 d, day"] (just these cases) [--past-cache off] (no cached past)
//      [--load-only] (load and keep the database, measure nothing) [--reuse NAME] (measure a
//      database kept earlier, migrated to the current schema on open; its data is as loaded)
//      (env DATABASE_URL: the server to create the database on; default postgres@127.0.0.1)
import { randomBytes } from 'node:crypto';
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import { eq, sql, type SQL } from 'drizzle-orm';
import { apiPath } from '../contract/api';
import {
  addDays,
  DEFAULT_TIME_ZONE,
  STATISTIC_CALLS,
  type SceneListAnswer,
  type StatisticQueryInput,
  todayIn,
} from '../contract/statistics';
import { buildApp } from '../server/app';
import { adminQuery } from '../server/db/admin-query';
import { openDatabase } from '../server/db/client';
import { DEMO_MODEL_VERSIONS } from '../server/db/demo/model-versions';
import { hashPassword } from '../server/auth/password';
import { modelVersions, scenes, users } from '../server/db/schema';
import { seed } from '../server/db/seed';
import { setPastCache } from '../server/statistics/past-cache';
import { fmt, loadAverage, ms, quantile } from './lib/stats';

const { values: args } = parseArgs({
  options: {
    calls: { type: 'string', default: '10000000' },
    batch: { type: 'string', default: '500000' },
    runs: { type: 'string', default: '20' },
    keep: { type: 'boolean', default: false },
    'load-only': { type: 'boolean', default: false },
    reuse: { type: 'string' },
    only: { type: 'string' },
    // off: every answer reads its whole range from the rollups (server/statistics/past-cache.ts).
    'past-cache': { type: 'string', default: 'on' },
  },
});
const CALLS = Number(args.calls);
const BATCH = Number(args.batch);
const RUNS = Number(args.runs);
for (const [name, n] of Object.entries({ calls: CALLS, batch: BATCH, runs: RUNS })) {
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`--${name} takes a positive integer`);
}
const SCENES = 30;
const USERS = 2_000;
const CHATS = 5_000;
const DAYS = 365;
const TARGET_MS = 50;
/** A slow case stops after this long (at least 3 runs), so the bench stays bounded in time. */
const CELL_BUDGET_MS = 30_000;
const ADMIN_PASSWORD = randomBytes(12).toString('base64url');
const BASE_URL = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

const load = () => `load average ${loadAverage()} (1 / 5 / 15 min)`;
const seconds = (since: number) => (performance.now() - since) / 1000;

// ---- data shape -----------------------------------------------------------------------------

/**
 * The demo's six versions plus two recent releases; calls of a version outside its window go
 * to the busiest full-year version of the same type.
 */
const MODELS = [
  ...DEMO_MODEL_VERSIONS,
  {
    modelType: 'WINGPT',
    name: 'WinGPT 70B',
    version: 'wingpt-70b-v1.0',
    enabled: true,
    promptPrice: 0.02,
    completionPrice: 0.04,
    usedFromDaysAgo: 90,
    usedUntilDaysAgo: 0,
    weight: 1,
  },
  {
    modelType: 'CHATGPT',
    name: 'GPT-4.1',
    version: 'gpt-4.1-2025-04-14',
    enabled: true,
    promptPrice: 0.014,
    completionPrice: 0.056,
    usedFromDaysAgo: 60,
    usedUntilDaysAgo: 0,
    weight: 1,
  },
] as const;
const fallbackOf = (m: (typeof MODELS)[number]) =>
  MODELS.filter(
    (o) => o.modelType === m.modelType && o.usedFromDaysAgo >= DAYS && o.usedUntilDaysAgo === 0,
  ).sort((a, b) => b.weight - a.weight)[0]!;
/** 100 slots filled in proportion to the weights: a uniform draw picks a version's index. */
const SLOTS = (() => {
  const total = MODELS.reduce((s, m) => s + m.weight, 0);
  const slots: number[] = [];
  MODELS.forEach((m, i) => {
    const n = Math.round((m.weight / total) * 100);
    for (let k = 0; k < n; k++) slots.push(i + 1);
  });
  while (slots.length < 100) slots.push(1);
  return slots.slice(0, 100);
})();
/** Scenes with a monthly budget (CNY): the hot ones and a few others. */
const BUDGETS = new Map([
  [0, 5_000],
  [1, 3_000],
  [3, 2_000],
  [7, 800],
  [12, 300],
]);
/** The rollup tables of migrations 0004 and 0005: compacted, sized and counted. */
const ROLLUPS = [
  'stat_hourly',
  'stat_daily',
  'stat_daily_users',
  'stat_daily_scene',
  'stat_monthly',
  'stat_user_days',
];
const sceneCode = (i: number) => `bench-scene-${String(i).padStart(2, '0')}`;

/** Uniform in [0, 1) from the row number g and a stream k: the same rows on every run. */
const r = (k: number) => `((hashint8extended(g, ${k}) & 2147483647)::float8 / 2147483648)`;

/**
 * FROM-clause pieces after `generate_series(…) g` giving, per row, t (call time), d (days
 * ago), u (user number) and sc (scene number, -1 for none). Skew: half the rows uniform over
 * the year and half leaning to recent days (growth); 60 % of Saturday and Sunday rows moved to
 * a neighbouring weekday; 75 % of rows between 9:00 and 21:00 in the platform zone; users
 * quadratic (a few heavy ones); 80 % of a user's calls in the user's home scene, scenes cubic
 * (a few hot ones); 1 % of rows without a scene.
 */
function spread(k: number, anchor: Date): SQL {
  const today = todayIn(DEFAULT_TIME_ZONE, anchor);
  return sql`
    lateral (select (${today}::date - floor(case when ${sql.raw(r(k))} < 0.5
        then ${DAYS} * ${sql.raw(r(k + 1))}
        else ${DAYS} * (1 - sqrt(${sql.raw(r(k + 1))})) end)::int) as day0) a,
    lateral (select a.day0 + case when ${sql.raw(r(k + 2))} >= 0.6 then 0
        else case extract(isodow from a.day0)
          when 6 then -1
          when 7 then case when a.day0 = ${today}::date then -2 else 1 end
          else 0 end end as day) b,
    lateral (select ((b.day + make_interval(
          hours => case when ${sql.raw(r(k + 3))} < 0.75 then 9 + floor(12 * ${sql.raw(r(k + 4))})
            else floor(24 * ${sql.raw(r(k + 4))}) end::int,
          secs => floor(3600 * ${sql.raw(r(k + 5))}))) at time zone ${DEFAULT_TIME_ZONE}) as t0,
        (${today}::date - b.day) as d,
        floor(${USERS} * ${sql.raw(r(k + 6))} ^ 2)::int as u) c,
    lateral (select case when c.t0 > ${anchor.toISOString()}::timestamptz
          then c.t0 - interval '1 day' else c.t0 end as t,
        case when ${sql.raw(r(k + 7))} < 0.01 then -1
          when ${sql.raw(r(k + 7))} < 0.81
            then floor(${SCENES} * ((hashint4(c.u) & 2147483647)::float8 / 2147483648) ^ 3)::int
          else floor(${SCENES} * ${sql.raw(r(k + 8))} ^ 3)::int end as sc) e`;
}

async function loadCalls(db: Awaited<ReturnType<typeof openDatabase>>['db'], anchor: Date) {
  const types = MODELS.map((m) => m.modelType);
  const versions = MODELS.map((m) => m.version);
  const froms = MODELS.map((m) => m.usedFromDaysAgo);
  const untils = MODELS.map((m) => m.usedUntilDaysAgo);
  const fallbacks = MODELS.map((m) => MODELS.indexOf(fallbackOf(m)) + 1);
  const started = performance.now();
  for (let from = 1; from <= CALLS; from += BATCH) {
    const to = Math.min(CALLS, from + BATCH - 1);
    const t = performance.now();
    await db.execute(sql`
      insert into prompt_calls (created_at, updated_at, title, question, answer, assessment,
        call_time, user_id, prompt_tokens, completion_tokens, total_tokens, scene_code,
        model_type, model_version)
      select e.t, e.t, 'bench call', 'bench question ' || g, 'bench answer', (g % 3)::smallint,
        e.t, 'bench-user-' || lpad(c.u::text, 4, '0'), p.pt, p.ct, p.pt + p.ct,
        case when e.sc < 0 then null else 'bench-scene-' || lpad(e.sc::text, 2, '0') end,
        (${sql.param(types)}::text[])[m.i], (${sql.param(versions)}::text[])[m.i]
      from generate_series(${from}::int, ${to}::int) g,
        ${spread(1, anchor)},
        lateral (select (${sql.param(SLOTS)}::int[])[1 + floor(100 * ${sql.raw(r(20))})::int]
          as pick) s,
        lateral (select case
            when c.d <= (${sql.param(froms)}::int[])[s.pick]
              and c.d >= (${sql.param(untils)}::int[])[s.pick] then s.pick
            else (${sql.param(fallbacks)}::int[])[s.pick] end as i) m,
        lateral (select 50 + floor(1500 * ${sql.raw(r(21))} ^ 2)::int as pt,
          20 + floor(800 * ${sql.raw(r(22))} ^ 1.5)::int as ct) p`);
    console.log(
      `  calls ${fmt(to).padStart(11)} / ${fmt(CALLS)}   batch ${seconds(t).toFixed(1)} s` +
        `   overall ${fmt(to / seconds(started))} rows/s`,
    );
  }
  return seconds(started);
}

// ---- measurement ----------------------------------------------------------------------------

const CALL_NAMES = Object.keys(STATISTIC_CALLS) as (keyof typeof STATISTIC_CALLS)[];

interface Case {
  name: string;
  query: StatisticQueryInput;
}

function casesAt(now: Date): Case[] {
  const today = todayIn(DEFAULT_TIME_ZONE, now);
  const utcToday = todayIn('UTC', now);
  const last = (days: number, end = today) => ({ startDate: addDays(end, 1 - days), endDate: end });
  return [
    { name: '30 d, day', query: { ...last(30), granularity: 'day' } },
    { name: '365 d, day', query: { ...last(365), granularity: 'day' } },
    { name: '365 d, month', query: { ...last(365), granularity: 'month' } },
    {
      name: '30 d, day, UTC',
      query: { ...last(30, utcToday), granularity: 'day', timeZone: 'UTC' },
    },
    {
      name: '365 d, month, UTC',
      query: { ...last(365, utcToday), granularity: 'month', timeZone: 'UTC' },
    },
    {
      name: '30 d, day, hot scene',
      query: { ...last(30), granularity: 'day', sceneCode: sceneCode(0) },
    },
    {
      name: '365 d, week, one model',
      query: { ...last(365), granularity: 'week', modelVersion: MODELS[0].version },
    },
  ];
}

/** Ends a --load-only run after the load, through the same cleanup as a finished one. */
class LoadOnly extends Error {}

// ---- run ------------------------------------------------------------------------------------

const REUSE = args.reuse;
if (REUSE !== undefined && !/^console_bench_stats_\w+$/.test(REUSE)) {
  throw new Error('--reuse takes the name of a database this bench kept (console_bench_stats_…)');
}
const KEEP = args.keep || args['load-only'] || REUSE !== undefined;
const dbName = REUSE ?? `console_bench_stats_${process.pid}_${randomBytes(3).toString('hex')}`;
const url = new URL(BASE_URL);
url.pathname = `/${dbName}`;
if (REUSE === undefined) await adminQuery(BASE_URL, `create database "${dbName}"`);
let failed = false;
try {
  // Batches of half a million rows with their triggers run for minutes on a busy machine: far
  // longer than the app's 15 s statement bound, which is meant for requests.
  const database = await openDatabase({
    databaseUrl: url.toString(),
    statementTimeoutMs: 3_600_000,
  });
  const { db } = database;
  try {
    console.log(
      REUSE === undefined
        ? `statistics bench: database ${dbName}, ${fmt(CALLS)} calls, batches of ${fmt(BATCH)}`
        : // A reused database holds what it was loaded with, not this run's --calls.
          `statistics bench: database ${dbName} (reused: the table below shows what it holds)`,
    );
    const { rows: version } = (await db.execute(sql`show server_version`)) as unknown as {
      rows: { server_version: string }[];
    };
    console.log(
      `machine: ${cpus().length} cores, PostgreSQL ${version[0]!.server_version}, ${load()}`,
    );
    let loadSeconds: number | null = null;
    if (REUSE === undefined) {
      const anchor = new Date();
      const t0 = performance.now();
      await seed(db, { kind: database.kind, adminPassword: ADMIN_PASSWORD });
      await db.insert(scenes).values(
        Array.from({ length: SCENES }, (_, i) => ({
          sceneName: `统计基准场景 ${String(i).padStart(2, '0')}`,
          sceneCode: sceneCode(i),
          type: i % 2,
          description: `Statistics bench scene ${i}`,
          monthlyBudget: BUDGETS.get(i) ?? null,
        })),
      );
      await db.insert(modelVersions).values(
        MODELS.map((m) => ({
          modelType: m.modelType,
          name: m.name,
          version: m.version,
          enabled: m.enabled,
          promptPrice: m.promptPrice,
          completionPrice: m.completionPrice,
        })),
      );
      // Price history: GPT-4o cost twice as much until 120 days ago; WinGPT 7B went up 60 days
      // ago (the trigger gave each version one row from -infinity at today's price).
      for (const [version, daysAgo, factorBefore] of [
        ['gpt-4o-2024-08-06', 120, 2],
        ['wingpt-7b-v1.2', 60, 0.5],
      ] as const) {
        await db.execute(sql`
          insert into model_version_prices (model_version_id, effective_from, prompt_price,
            completion_price)
          select id, ${anchor.toISOString()}::timestamptz - make_interval(days => ${daysAgo}),
            prompt_price, completion_price
          from model_versions where version = ${version}`);
        await db.execute(sql`
          update model_version_prices p
          set prompt_price = p.prompt_price * ${factorBefore},
            completion_price = p.completion_price * ${factorBefore}
          from model_versions v
          where v.id = p.model_version_id and v.version = ${version}
            and p.effective_from = '-infinity'`);
      }
      await db.execute(sql`
        insert into records (created_at, updated_at, modified_at, chat_id, title, scene_code,
          user_id, message_count, total_tokens)
        select e.t, e.t, e.t, 'bench-chat-' || g, '统计基准会话 ' || g,
          case when e.sc < 0 then null else 'bench-scene-' || lpad(e.sc::text, 2, '0') end,
          'bench-user-' || lpad(c.u::text, 4, '0'), 2 + g % 20, 200 + g % 3000
        from generate_series(1, ${CHATS}::int) g, ${spread(101, anchor)}`);
      console.log(
        `setup (admin, ${SCENES} scenes, ${MODELS.length} model versions, ${fmt(CHATS)} chats): ` +
          `${seconds(t0).toFixed(1)} s`,
      );

      loadSeconds = await loadCalls(db, anchor);
    } else {
      // The run that loaded it chose another random password.
      await db
        .update(users)
        .set({ passwordHash: await hashPassword(ADMIN_PASSWORD) })
        .where(eq(users.userName, 'admin'));
    }
    if (args['load-only']) throw new LoadOnly();
    const tAnalyze = performance.now();
    // Each batch spans the whole year, so it rewrites nearly every rollup row (10 batches left
    // stat_daily 7× its size). Live traffic writes a day's rows during that day only and
    // autovacuum reuses the space: compact the rollups to that steady state before measuring.
    await db.execute(
      sql`vacuum full analyze ${sql.join(
        ROLLUPS.map((t) => sql.identifier(t)),
        sql`, `,
      )}`,
    );
    await db.execute(sql`analyze prompt_calls, records`);
    console.log(
      loadSeconds === null
        ? `\nreused ${dbName} (vacuum full analyze ${seconds(tAnalyze).toFixed(1)} s)`
        : `\nloaded ${fmt(CALLS)} calls in ${loadSeconds.toFixed(1)} s: ` +
            `${fmt(CALLS / loadSeconds)} rows/s ` +
            `(vacuum full analyze ${seconds(tAnalyze).toFixed(1)} s)`,
    );
    console.log(`after the load: ${load()}`);
    const { rows: sizes } = (await db.execute(sql`
      select t as "table",
        (select reltuples from pg_class where oid = t::regclass)::bigint as "rows",
        pg_size_pretty(pg_table_size(t::regclass)) as "data",
        pg_size_pretty(pg_indexes_size(t::regclass)) as "indexes"
      from unnest(${sql.param(['prompt_calls', 'records', ...ROLLUPS])}::text[]) t`)) as unknown as {
      rows: { table: string; rows: string; data: string; indexes: string }[];
    };
    const exact = new Map<string, number>();
    for (const t of ROLLUPS) {
      const { rows } = (await db.execute(
        sql`select count(*)::int as n from ${sql.identifier(t)}`,
      )) as unknown as { rows: { n: number }[] };
      exact.set(t, rows[0]!.n);
    }
    console.log('\n| table | rows | data | indexes |\n| --- | --: | --: | --: |');
    for (const s of sizes) {
      const n = exact.get(s.table) ?? Number(s.rows);
      console.log(
        `| ${s.table} | ${exact.has(s.table) ? '' : '≈ '}${fmt(n)} | ${s.data} | ${s.indexes} |`,
      );
    }

    // ---- the calls through the app ----
    if (!['on', 'off'].includes(args['past-cache']))
      throw new Error('--past-cache takes on or off');
    setPastCache(db, args['past-cache'] === 'on');
    console.log(`past cache ${args['past-cache']}`);
    const app = await buildApp({
      db,
      logger: false,
      loginLimits: { attemptsPerIpPerMinute: 1000 },
    });
    try {
      const login = await app.inject({
        method: 'POST',
        url: apiPath('user', 'login'),
        payload: { userName: 'admin', password: ADMIN_PASSWORD },
      });
      const token = (login.json() as { data: { token: string } }).data.token;
      const post = async (path: readonly string[], query: StatisticQueryInput) => {
        const start = performance.now();
        const res = await app.inject({
          method: 'POST',
          url: apiPath(...path),
          headers: { authorization: `Bearer ${token}` },
          payload: query,
        });
        const ms = performance.now() - start;
        const body = res.json() as { code: number; msg: string; data: unknown };
        if (res.statusCode !== 200 || body.code !== 0) {
          throw new Error(`${path.join('/')} answered ${res.statusCode} ${body.code} ${body.msg}`);
        }
        return { ms, data: body.data };
      };

      const now = new Date();
      // --only "365 d, day;30 d, day": measure just these cases (while tuning).
      const only = args.only?.split(';').map((x) => x.trim());
      const cases = casesAt(now).filter((c) => !only || only.includes(c.name));
      const cells = new Map<string, { p50: number; p95: number; max: number; runs: number }>();
      for (const c of cases) {
        for (const call of CALL_NAMES) {
          const first = await post(STATISTIC_CALLS[call], c.query);
          // Two more warm-ups where they are cheap; a case of seconds is warm after one.
          if (first.ms < 1_000) {
            for (let w = 0; w < 2; w++) await post(STATISTIC_CALLS[call], c.query);
          }
          const times: number[] = [];
          const until = performance.now() + CELL_BUDGET_MS;
          while (times.length < RUNS && (times.length < 3 || performance.now() < until)) {
            times.push((await post(STATISTIC_CALLS[call], c.query)).ms);
          }
          times.sort((a, b) => a - b);
          cells.set(`${call} ${c.name}`, {
            p50: quantile(times, 0.5),
            p95: quantile(times, 0.95),
            max: times[times.length - 1]!,
            runs: times.length,
          });
        }
        console.log(`  measured ${c.name}`);
      }
      console.log(`after measuring: ${load()}`);
      console.log(
        `\nstatistic calls through app.inject, p50 / p95 / max ms (${RUNS} runs after warm-up, ` +
          `fewer where a case passed ${CELL_BUDGET_MS / 1000} s), ` +
          `default zone ${DEFAULT_TIME_ZONE}:\n`,
      );
      console.log(`| call | ${cases.map((c) => c.name).join(' | ')} |`);
      console.log(`| --- | ${cases.map(() => '--:').join(' | ')} |`);
      const misses = new Map(cases.map((c) => [c.name, [] as string[]]));
      for (const call of CALL_NAMES) {
        const cols = cases.map((c) => {
          const cell = cells.get(`${call} ${c.name}`)!;
          if (cell.p95 >= TARGET_MS) misses.get(c.name)!.push(STATISTIC_CALLS[call].join('/'));
          const text = `${ms(cell.p50)} / ${ms(cell.p95)} / ${ms(cell.max)}`;
          return cell.runs < RUNS ? `${text} (${cell.runs} runs)` : text;
        });
        console.log(`| ${STATISTIC_CALLS[call].join('/')} | ${cols.join(' | ')} |`);
      }
      console.log(`\np95 at or over ${TARGET_MS} ms:`);
      for (const [name, calls] of misses) {
        console.log(`  ${name.padEnd(22)} ${calls.length ? calls.join(', ') : 'none'}`);
      }

      // ---- the rollup against a recount of the raw rows ----
      // The platform zone's 30 days, whichever cases --only kept: the recount below is in
      // that zone and over every scene.
      const month = casesAt(now)[0]!.query;
      const answer = (await post(STATISTIC_CALLS.sceneList, month)).data as SceneListAnswer;
      const from = sql`(${month.startDate}::date::timestamp at time zone ${DEFAULT_TIME_ZONE})`;
      const to = sql`((${month.endDate}::date + 1)::timestamp at time zone ${DEFAULT_TIME_ZONE})`;
      const tRecount = performance.now();
      const { rows: recount } = (await db.execute(sql`
        select coalesce(scene_code, '') as "sceneCode", count(*)::float8 as "calls",
          sum(prompt_tokens + completion_tokens)::float8 as "tokens", sum(cost)::float8 as "cost",
          count(distinct user_id)::float8 as "users", grouping(scene_code) as "all"
        from prompt_calls where call_time >= ${from} and call_time < ${to}
        group by grouping sets ((scene_code), ())`)) as unknown as {
        rows: {
          sceneCode: string;
          calls: number;
          tokens: number;
          cost: number;
          users: number;
          all: number;
        }[];
      };
      const { rows: chatRows } = (await db.execute(sql`
        select count(*)::float8 as "chats" from records
        where created_at >= ${from} and created_at < ${to}`)) as unknown as {
        rows: { chats: number }[];
      };
      const recountSeconds = seconds(tRecount);
      const all = recount.find((x) => Number(x.all) === 1)!;
      const problems: string[] = [];
      const same = (what: string, a: number, b: number, tolerance = 0) => {
        if (Math.abs(a - b) > tolerance) problems.push(`${what}: rollup ${a}, recount ${b}`);
      };
      same('calls', answer.totals.calls, Number(all.calls));
      same('tokens', answer.totals.totalTokens, Number(all.tokens));
      same('users', answer.totals.users, Number(all.users));
      same('cost', answer.totals.cost, Number(all.cost), 0.01);
      same('chats', answer.totals.chats, Number(chatRows[0]!.chats));
      for (const row of recount.filter((x) => Number(x.all) === 0)) {
        const listed = answer.list.find((l) => l.sceneCode === row.sceneCode);
        same(`${row.sceneCode || '(no scene)'} calls`, listed?.calls ?? 0, Number(row.calls));
        same(
          `${row.sceneCode || '(no scene)'} tokens`,
          listed?.totalTokens ?? 0,
          Number(row.tokens),
        );
        same(`${row.sceneCode || '(no scene)'} users`, listed?.users ?? 0, Number(row.users));
      }
      console.log(
        `\n30-day scene list ${month.startDate}..${month.endDate}: ` +
          `${fmt(answer.totals.calls)} calls, ` +
          `${fmt(answer.totals.totalTokens)} tokens, ${fmt(answer.totals.users)} users, ` +
          `${answer.totals.cost.toFixed(2)} CNY, ${fmt(answer.totals.chats)} chats; ` +
          `recount of the raw rows took ${recountSeconds.toFixed(1)} s`,
      );
      console.log(`rollup = recount: ${problems.length ? 'no' : 'yes'}`);
      for (const p of problems.slice(0, 10)) console.log(`  ${p}`);
      failed = problems.length > 0;
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
  }
} catch (error) {
  if (!(error instanceof LoadOnly)) {
    failed = true;
    console.error(error);
  }
} finally {
  if (KEEP) console.log(`\nkept: ${url.toString()}`);
  else await adminQuery(BASE_URL, `drop database if exists "${dbName}" with (force)`);
}
process.exit(failed ? 1 : 0);
