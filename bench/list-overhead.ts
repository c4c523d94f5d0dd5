// The server's own overhead per list, and a detail while lists are busy (docs/PERFORMANCE.md
// "Server overhead per list"). The real server (`node --import tsx
// server/main.ts`, as `npm start` runs it) on PostgreSQL in a child process, and a bare Fastify
// route in a second one, so neither shares a thread with the load generator.
//
// Part 1, overhead: each case sends a fixed number of requests (--requests) from --clients
// keep-alive clients and reports p50 / p95, req/s, and the server's CPU per request: utime +
// stime of the server process (/proc/<pid>/stat) before and after the case, over the requests.
// The bare route's CPU is measured the same way, so the difference is what the server adds.
// Beside it, PostgreSQL's CPU per request: every local `postgres` process's, summed.
// Part 2, stall: --heavy-clients clients send a heavy list back to back (default: the calls list
// with an exact total, one full count per request) while one client asks for scene details in
// turn; detail p50 / p95 / max and the heavy list's answers by envelope code.
//
// --cpu-prof: the server runs with `node --cpu-prof`; after it stops, the profile's samples taken
// during the first case after the bare route (with --only "bare,scene list": the scene list) are
// summed by function and the top self-time functions printed.
//
// Run: npm run bench:overhead -- [--url postgres://…/overhead_bench] [--requests 3000]
//      [--clients 8] [--pool 10] [--heavy-clients 32] [--stall-seconds 10] [--cpu-prof]
//      [--keep-prof server.cpuprofile]
//      [--only "scene list,bare"] [--skip-stall] [--env KEY=VALUE …] (server environment)
// The database needs the demo accounts (`user`/`user`) and scenes: SEED_DEMO=1 makes them on
// an empty database (the server's first start); `npm run bench:data -- --url …` adds the
// generated calls the stall case lists. Created with `createdb -h 127.0.0.1 -U postgres
// overhead_bench`.
import type { ChildProcess } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { apiPath } from '../contract/api';
import { addDays, STATISTIC_CALLS, todayIn } from '../contract/statistics';
import { positiveArgs, splitList } from './lib/cli';
import { answerKey, keepAliveAgent, login, postJson, type Target } from './lib/http';
import { closedLoop, tally } from './lib/load';
import {
  freePort,
  ROOT,
  serveBare,
  spawnBare,
  spawnServer,
  stop,
  UNTHROTTLED_ENV,
  waitUntilReady,
} from './lib/server';
import { cpuMs, postgresCpu } from './lib/proc';
import { codesText, fmt, loadAverage, ms as msOf, percentiles, quantile } from './lib/stats';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string' },
    requests: { type: 'string', default: '3000' },
    clients: { type: 'string', default: '8' },
    pool: { type: 'string', default: '10' },
    'heavy-clients': { type: 'string', default: '32' },
    'stall-seconds': { type: 'string', default: '10' },
    'cpu-prof': { type: 'boolean', default: false },
    /** Where to copy the server's CPU profile (open it in Chrome DevTools). */
    'keep-prof': { type: 'string' },
    only: { type: 'string' },
    'skip-stall': { type: 'boolean', default: false },
    env: { type: 'string', multiple: true, default: [] },
    // Internal: this file run as the bare-route server.
    'serve-bare': { type: 'boolean', default: false },
  },
});

const agent = keepAliveAgent();
const ms = (n: number) => msOf(n, 2);
const positive = positiveArgs(args);

const post = (target: Target, path: string, body: string, token: string) =>
  postJson(target, path, body, { agent, token, timeoutMs: 60_000 });

interface Case {
  name: string;
  target: Target;
  pid: number | undefined;
  path: string;
  body: () => unknown;
}

interface Result {
  name: string;
  count: number;
  p50: number;
  p95: number;
  rate: number;
  cpuPerRequest: number;
  /** PostgreSQL's CPU per request (postgresCpu); NaN without a local server. */
  dbCpuPerRequest: number;
  codes: Map<string, number>;
  /** process.hrtime (CLOCK_MONOTONIC) at the start and end, in µs: the profile's clock. */
  window: [number, number];
}

const nowUs = () => Number(process.hrtime.bigint() / 1000n);

/** `requests` requests of one case from `clients` clients; CPU of the serving process. */
async function drive(c: Case, requests: number, clients: number, token: string): Promise<Result> {
  const latencies: number[] = [];
  const codes = new Map<string, number>();
  const cpuBefore = cpuMs(c.pid);
  const dbCpu0 = postgresCpu();
  const startUs = nowUs();
  const elapsed = await closedLoop(clients, { requests }, async () => {
    const body = JSON.stringify(c.body());
    const t = performance.now();
    let key: string;
    try {
      key = answerKey(await post(c.target, c.path, body, token));
    } catch {
      key = 'error';
    }
    latencies.push(performance.now() - t);
    tally(codes, key);
  });
  const cpu = cpuMs(c.pid) - cpuBefore;
  const dbCpu = dbCpu0.stop();
  const { p50, p95 } = percentiles(latencies);
  return {
    name: c.name,
    count: latencies.length,
    p50,
    p95,
    rate: latencies.length / elapsed,
    cpuPerRequest: cpu / latencies.length,
    dbCpuPerRequest: dbCpu / latencies.length,
    codes,
    window: [startUs, nowUs()],
  };
}

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

/** Self time by function over the samples inside `window` (µs, the profile's own clock). */
function topSelf(profile: Profile, window: [number, number], top: number): string[] {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  const byArea = new Map<string, number>();
  let t = profile.startTime;
  let total = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const delta = profile.timeDeltas[i] ?? 0;
    t += delta;
    if (t < window[0] || t > window[1]) continue;
    const node = byId.get(profile.samples[i]!);
    if (!node) continue;
    const { functionName, url, lineNumber } = node.callFrame;
    if (functionName === '(idle)') continue;
    const file = url.replace(/^file:\/\//, '').replace(`${ROOT}/`, '');
    const key = `${functionName || '(anonymous)'} ${file}:${lineNumber + 1}`;
    self.set(key, (self.get(key) ?? 0) + delta);
    const area =
      /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file)?.[1] ??
      (file.startsWith('server/') || file.startsWith('contract/')
        ? file.split('/').slice(0, 2).join('/')
        : file.startsWith('node:')
          ? 'node internals'
          : functionName.startsWith('(')
            ? functionName
            : 'native (writev, hashing, …)');
    byArea.set(area, (byArea.get(area) ?? 0) + delta);
    total += delta;
  }
  const share = (us: number) => `${((us / total) * 100).toFixed(1).padStart(5)} %`;
  return [
    `busy ${(total / 1000).toFixed(0)} ms in the window; by package or folder:`,
    ...[...byArea.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 15)
      .map(([k, us]) => `${share(us)}  ${(us / 1000).toFixed(0).padStart(6)} ms  ${k}`),
    'by function:',
    ...[...self.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([k, us]) => `${share(us)}  ${(us / 1000).toFixed(0).padStart(6)} ms  ${k}`),
  ];
}

async function main(): Promise<number> {
  const REQUESTS = Math.round(positive('requests'));
  const CLIENTS = Math.round(positive('clients'));
  const POOL = Math.round(positive('pool'));
  const HEAVY = Math.round(positive('heavy-clients'));
  const STALL_SECONDS = positive('stall-seconds');
  const only = splitList(args.only);
  const url =
    args.url ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/overhead_bench';
  const extraEnv = Object.fromEntries(
    args.env.map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
  );

  const dataDir = mkdtempSync(join(tmpdir(), 'console-overhead-'));
  const profDir = join(dataDir, 'prof');
  let api: ChildProcess | undefined;
  let bare: ChildProcess | undefined;
  let profiled: { name: string; window: [number, number] } | undefined;
  try {
    const port = await freePort();
    api = spawnServer(
      {
        ...process.env,
        ...UNTHROTTLED_ENV,
        DATABASE_URL: url,
        SEED_DEMO: '1',
        PORT: String(port),
        DATA_DIR: dataDir,
        DB_POOL_SIZE: String(POOL),
        ...extraEnv,
      },
      { nodeArgs: args['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : [] },
    );
    const spawned = spawnBare(join(ROOT, 'bench/list-overhead.ts'));
    bare = spawned.child;
    const barePort = await spawned.port;
    const apiTarget: Target = { port };
    await waitUntilReady(api, port, { agent });
    const token = await login(apiTarget, 'user', 'user', { agent, timeoutMs: 60_000 });

    const db = new pg.Client({ connectionString: url });
    await db.connect();
    const sceneIds = (
      await db.query<{ id: number }>('select id from scenes where is_del = 0 order by id limit 200')
    ).rows.map((r) => r.id);
    const [{ scenes, calls } = { scenes: 0, calls: 0 }] = (
      await db.query<{ scenes: number; calls: number }>(
        `select (select count(*) from scenes)::int as scenes,
                (select greatest(reltuples, 0)::float8 from pg_class
                  where relname = 'prompt_calls') as calls`,
      )
    ).rows;
    const version =
      (await db.query<{ v: string }>("select current_setting('server_version') as v")).rows[0]?.v ??
      '?';
    await db.end();
    if (!sceneIds.length) throw new Error('no scenes: seed the database first (SEED_DEMO=1)');
    let turn = 0;
    const sceneId = () => ({ id: sceneIds[turn++ % sceneIds.length] });
    const page = { current: 1, pageSize: 10 };

    const apiPid = api.pid;
    const cases: Case[] = [
      {
        name: 'bare route',
        target: { port: barePort },
        pid: bare.pid,
        path: '/bare',
        body: () => page,
      },
      {
        name: 'scene list, first page',
        target: apiTarget,
        pid: api.pid,
        path: apiPath('scene', 'page'),
        body: () => page,
      },
      {
        name: 'scene detail by id',
        target: apiTarget,
        pid: api.pid,
        path: apiPath('scene', 'detail'),
        body: sceneId,
      },
      {
        name: 'calls list, first page',
        target: apiTarget,
        pid: api.pid,
        path: apiPath('prompt', 'call', 'page'),
        body: () => page,
      },
      // Not lists, but the heaviest answer a signed-in user asks for often: every scene's row.
      ...(['Asia/Shanghai', 'UTC'] as const).map((timeZone) => ({
        name: `statistics scene list, 30 days, ${timeZone}`,
        target: apiTarget,
        pid: apiPid,
        path: apiPath(...STATISTIC_CALLS.sceneList),
        body: () => {
          const today = todayIn(timeZone, new Date());
          return { startDate: addDays(today, -29), endDate: today, granularity: 'day', timeZone };
        },
      })),
    ];
    const selected = cases.filter((c) => !only || only.some((o) => c.name.includes(o)));

    console.log(
      `bench:overhead: ${fmt(REQUESTS)} requests per case from ${CLIENTS} clients after ` +
        `${fmt(REQUESTS / 5)} warm-up; DB_POOL_SIZE ${POOL}; PostgreSQL ${version}, ` +
        `${fmt(scenes)} scenes, ≈ ${fmt(calls)} calls; ${cpus().length} cores; load average ` +
        loadAverage() +
        (args.env.length ? `; server env ${args.env.join(' ')}` : ''),
    );
    console.log(
      '| case | p50 ms | p95 ms | req/s | server CPU ms / request | PostgreSQL CPU ms / request | answers |',
    );
    console.log('| --- | --: | --: | --: | --: | --: | --- |');
    for (const c of selected) {
      await drive(c, Math.ceil(REQUESTS / 5), CLIENTS, token);
      const r = await drive(c, REQUESTS, CLIENTS, token);
      if (c.name !== 'bare route') profiled ??= { name: c.name, window: r.window };
      console.log(
        `| ${r.name} | ${ms(r.p50)} | ${ms(r.p95)} | ${fmt(r.rate)} | ` +
          `${r.cpuPerRequest.toFixed(2)} | ` +
          `${Number.isNaN(r.dbCpuPerRequest) ? '—' : r.dbCpuPerRequest.toFixed(2)} | ` +
          `${codesText(r.codes)} |`,
      );
    }

    if (!args['skip-stall']) {
      // A detail alone, then the same detail while HEAVY clients list calls with an exact total.
      const heavyPath = apiPath('prompt', 'call', 'page');
      const heavyBody = JSON.stringify({ ...page, exactTotal: true });
      const detailPath = apiPath('scene', 'detail');
      const alone = await drive(
        { name: 'detail alone', target: apiTarget, pid: api.pid, path: detailPath, body: sceneId },
        200,
        1,
        token,
      );
      const heavyCodes = new Map<string, number>();
      const heavyLatencies: number[] = [];
      const deadline = performance.now() + STALL_SECONDS * 1000;
      const heavy = closedLoop(HEAVY, { until: deadline }, async () => {
        const t = performance.now();
        let key: string;
        try {
          key = answerKey(await post(apiTarget, heavyPath, heavyBody, token));
        } catch {
          key = 'error';
        }
        heavyLatencies.push(performance.now() - t);
        tally(heavyCodes, key);
      });
      // Let the heavy clients fill the pool first.
      await sleep(1_000);
      const details: number[] = [];
      const detailCodes = new Map<string, number>();
      while (performance.now() < deadline - 500) {
        const t = performance.now();
        const answer = await post(apiTarget, detailPath, JSON.stringify(sceneId()), token).catch(
          () => undefined,
        );
        details.push(performance.now() - t);
        tally(detailCodes, String(answer?.code ?? 'error'));
      }
      await heavy;
      details.sort((a, b) => a - b);
      heavyLatencies.sort((a, b) => a - b);
      console.log(
        `\nstall: scene detail alone p50 ${ms(alone.p50)} ms, p95 ${ms(alone.p95)} ms; ` +
          `while ${HEAVY} clients list calls with exactTotal for ${STALL_SECONDS} s: ` +
          `detail p50 ${ms(quantile(details, 0.5))} ms, p95 ${ms(quantile(details, 0.95))} ms, ` +
          `max ${ms(details[details.length - 1] ?? NaN)} ms over ${details.length} details ` +
          `(${codesText(detailCodes)}); the calls list p50 ${ms(quantile(heavyLatencies, 0.5))} ms, ` +
          `p95 ${ms(quantile(heavyLatencies, 0.95))} ms (${codesText(heavyCodes)})`,
      );
    }
  } finally {
    await Promise.all([stop(api), stop(bare)]);
    agent.destroy();
    if (args['cpu-prof'] && profiled) {
      const file = readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'));
      if (file) {
        if (args['keep-prof']) copyFileSync(join(profDir, file), args['keep-prof']);
        const profile = JSON.parse(readFileSync(join(profDir, file), 'utf8')) as Profile;
        console.log(`\n${profiled.name}, top self time (server CPU profile during the case):`);
        for (const line of topSelf(profile, profiled.window, 30)) console.log(`  ${line}`);
      } else {
        console.log('(no CPU profile was written)');
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
  return 0;
}

if (args['serve-bare']) {
  await serveBare(['POST']);
} else {
  process.exitCode = await main();
}
