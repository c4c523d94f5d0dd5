// The server's own overhead per list, and a detail while lists are busy (issue 12,
// docs/PERFORMANCE.md "Server overhead per list"). The real server (`node --import tsx
// server/main.ts`, as `npm start` runs it) on PostgreSQL in a child process, and a bare Fastify
// route in a second one, so neither shares a thread with the load generator.
//
// Part 1, overhead: each case sends a fixed number of requests (--requests) from --clients
// keep-alive clients and reports p50 / p95, req/s, and the server's CPU per request: utime +
// stime of the server process (/proc/<pid>/stat) before and after the case, over the requests.
// The bare route's CPU is measured the same way, so the difference is what the server adds.
// Part 2, stall: --heavy-clients clients send a heavy list back to back (default: the calls list
// with an exact total, one full count per request) while one client asks for scene details in
// turn; detail p50 / p95 / max and the heavy list's answers by envelope code.
//
// --cpu-prof: the server runs with `node --cpu-prof`; after it stops, the profile's samples taken
// during the scene list case are summed by function and the top self-time functions printed.
//
// Run: npm run bench:overhead -- [--url postgres://…/overhead_bench] [--requests 3000]
//      [--clients 8] [--pool 10] [--heavy-clients 32] [--stall-seconds 10] [--cpu-prof]
//      [--keep-prof server.cpuprofile]
//      [--only "scene list,bare"] [--skip-stall] [--env KEY=VALUE …] (server environment)
// The database needs the demo accounts (`user`/`user`) and scenes: SEED_DEMO=1 makes them on
// an empty database (the server's first start); `npm run bench:data -- --url …` adds the
// generated calls the stall case lists. Created with `createdb -h 127.0.0.1 -U postgres
// overhead_bench`.
import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import Fastify from 'fastify';
import pg from 'pg';
import { apiPath } from '../contract/api';

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

async function serveBare(): Promise<void> {
  const app = Fastify({ logger: false });
  const envelope = { code: 0, msg: 'ok', data: { list: [], total: 0, totalExact: true } };
  app.post('/bare', async () => envelope);
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  process.stdout.write(
    `${JSON.stringify({ port: typeof address === 'object' && address ? address.port : 0 })}\n`,
  );
  process.on('SIGTERM', () => void app.close().then(() => process.exit(0)));
}

const ROOT = resolve(import.meta.dirname, '..');
const TICKS_PER_SECOND = 100; // USER_HZ on Linux
const agent = new http.Agent({ keepAlive: true, maxSockets: 1024 });
const ms = (n: number) => (n < 10 ? n.toFixed(2) : n.toFixed(0));
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');

function positive(name: 'requests' | 'clients' | 'pool' | 'heavy-clients' | 'stall-seconds') {
  const n = Number(args[name]);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`--${name} takes a positive number`);
  return n;
}

interface Target {
  port: number;
}

interface Answer {
  status: number;
  code: number | undefined;
  text: string;
}

function post(target: Target, path: string, body: string, token?: string): Promise<Answer> {
  return new Promise((ok, fail) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port: target.port,
        path,
        method: 'POST',
        agent,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(body),
          ...(token ? { authorization: `Bearer ${token}` } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          const match = /^\{"code":(-?\d+)/.exec(text);
          ok({ status: res.statusCode ?? 0, code: match ? Number(match[1]) : undefined, text });
        });
        res.on('error', fail);
      },
    );
    req.setTimeout(60_000, () => req.destroy(new Error('timeout')));
    req.on('error', fail);
    req.end(body);
  });
}

/** utime + stime of a process, in ms (/proc/<pid>/stat fields 14 and 15). */
function cpuMs(pid: number | undefined): number {
  if (!pid) return NaN;
  const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  // The command name (field 2) may hold spaces: count fields after its closing parenthesis.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

async function freePort(): Promise<number> {
  return new Promise((ok) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const a = srv.address();
      srv.close(() => ok(typeof a === 'object' && a ? a.port : 0));
    });
  });
}

function stop(child: ChildProcess | undefined): Promise<void> {
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

const quantile = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * p) - 1)]! : NaN;

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
  codes: Map<string, number>;
  /** process.hrtime (CLOCK_MONOTONIC) at the start and end, in µs: the profile's clock. */
  window: [number, number];
}

const nowUs = () => Number(process.hrtime.bigint() / 1000n);

/** `requests` requests of one case from `clients` clients; CPU of the serving process. */
async function drive(c: Case, requests: number, clients: number, token: string): Promise<Result> {
  const latencies: number[] = [];
  const codes = new Map<string, number>();
  let sent = 0;
  const cpuBefore = cpuMs(c.pid);
  const startUs = nowUs();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (sent < requests) {
        sent++;
        const body = JSON.stringify(c.body());
        const t = performance.now();
        let key: string;
        try {
          const answer = await post(c.target, c.path, body, token);
          key = String(answer.code ?? `HTTP ${answer.status}`);
        } catch {
          key = 'error';
        }
        latencies.push(performance.now() - t);
        codes.set(key, (codes.get(key) ?? 0) + 1);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpu = cpuMs(c.pid) - cpuBefore;
  latencies.sort((a, b) => a - b);
  return {
    name: c.name,
    count: latencies.length,
    p50: quantile(latencies, 0.5),
    p95: quantile(latencies, 0.95),
    rate: latencies.length / elapsed,
    cpuPerRequest: cpu / latencies.length,
    codes,
    window: [startUs, nowUs()],
  };
}

const codesText = (codes: Map<string, number>) =>
  [...codes.entries()]
    .sort((a, b) => b[1] - a[1])
    .map(([code, n]) => `${fmt(n)} × ${code}`)
    .join(', ');

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
  const only = args.only
    ?.split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const url =
    args.url ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/overhead_bench';
  const extraEnv = Object.fromEntries(
    args.env.map((kv) => [kv.slice(0, kv.indexOf('=')), kv.slice(kv.indexOf('=') + 1)]),
  );

  const dataDir = mkdtempSync(join(tmpdir(), 'console-overhead-'));
  const profDir = join(dataDir, 'prof');
  let api: ChildProcess | undefined;
  let bare: ChildProcess | undefined;
  let scenePageWindow: [number, number] | undefined;
  try {
    const port = await freePort();
    api = spawn(
      process.execPath,
      [
        ...(args['cpu-prof'] ? ['--cpu-prof', `--cpu-prof-dir=${profDir}`] : []),
        '--import',
        'tsx',
        join(ROOT, 'server/main.ts'),
      ],
      {
        cwd: ROOT,
        env: {
          ...process.env,
          DATABASE_URL: url,
          SEED_DEMO: '1',
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          MOCK_DELAY: '0',
          LOG_LEVEL: 'error',
          DB_POOL_SIZE: String(POOL),
          LOGIN_ATTEMPTS_PER_MINUTE: '1000',
          API_RATE_LIMIT_PER_MINUTE: '0',
          ANONYMOUS_REQUESTS_PER_MINUTE: '0',
          API_DOCS: '0',
          ...extraEnv,
        },
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    );
    bare = spawn(
      process.execPath,
      ['--import', 'tsx', join(ROOT, 'bench/list-overhead.ts'), '--serve-bare'],
      { cwd: ROOT, stdio: ['ignore', 'pipe', 'inherit'] },
    );
    const barePort = await new Promise<number>((ok, fail) => {
      const lines = createInterface({ input: bare!.stdout! });
      lines.once('line', (line) => ok((JSON.parse(line) as { port: number }).port));
      bare!.once('exit', () => fail(new Error('the bare server exited')));
    });
    const apiTarget: Target = { port };
    const startedAt = performance.now();
    for (;;) {
      const ready = await new Promise<boolean>((ok) => {
        http
          .get({ host: '127.0.0.1', port, path: '/api/health/ready', agent }, (res) => {
            res.resume();
            ok(res.statusCode === 200);
          })
          .on('error', () => ok(false));
      });
      if (ready) break;
      if (api.exitCode !== null) throw new Error('the server exited while starting');
      if (performance.now() - startedAt > 180_000) throw new Error('the server did not start');
      await new Promise((r) => setTimeout(r, 250));
    }
    const login = await post(
      apiTarget,
      apiPath('user', 'login'),
      JSON.stringify({ userName: 'user', password: 'user' }),
    );
    const token = (JSON.parse(login.text) as { data?: { token?: string } }).data?.token;
    if (!token) throw new Error(`login as user/user failed: ${login.text.slice(0, 200)}`);

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
    ];
    const selected = cases.filter((c) => !only || only.some((o) => c.name.includes(o)));

    console.log(
      `bench:overhead: ${fmt(REQUESTS)} requests per case from ${CLIENTS} clients after ` +
        `${fmt(REQUESTS / 5)} warm-up; DB_POOL_SIZE ${POOL}; PostgreSQL ${version}, ` +
        `${fmt(scenes)} scenes, ≈ ${fmt(calls)} calls; ${cpus().length} cores; load average ` +
        loadavg()
          .map((x) => x.toFixed(1))
          .join(' / ') +
        (args.env.length ? `; server env ${args.env.join(' ')}` : ''),
    );
    console.log('| case | p50 ms | p95 ms | req/s | server CPU ms / request | answers |');
    console.log('| --- | --: | --: | --: | --: | --- |');
    for (const c of selected) {
      await drive(c, Math.ceil(REQUESTS / 5), CLIENTS, token);
      const r = await drive(c, REQUESTS, CLIENTS, token);
      if (c.name.startsWith('scene list')) scenePageWindow = r.window;
      console.log(
        `| ${r.name} | ${ms(r.p50)} | ${ms(r.p95)} | ${fmt(r.rate)} | ` +
          `${r.cpuPerRequest.toFixed(2)} | ${codesText(r.codes)} |`,
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
      const heavy = Promise.all(
        Array.from({ length: HEAVY }, async () => {
          while (performance.now() < deadline) {
            const t = performance.now();
            let key: string;
            try {
              const answer = await post(apiTarget, heavyPath, heavyBody, token);
              key = String(answer.code ?? `HTTP ${answer.status}`);
            } catch {
              key = 'error';
            }
            heavyLatencies.push(performance.now() - t);
            heavyCodes.set(key, (heavyCodes.get(key) ?? 0) + 1);
          }
        }),
      );
      // Let the heavy clients fill the pool first.
      await new Promise((r) => setTimeout(r, 1_000));
      const details: number[] = [];
      const detailCodes = new Map<string, number>();
      while (performance.now() < deadline - 500) {
        const t = performance.now();
        const answer = await post(apiTarget, detailPath, JSON.stringify(sceneId()), token).catch(
          () => undefined,
        );
        details.push(performance.now() - t);
        const key = String(answer?.code ?? 'error');
        detailCodes.set(key, (detailCodes.get(key) ?? 0) + 1);
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
    if (args['cpu-prof'] && scenePageWindow) {
      const file = readdirSync(profDir).find((f) => f.endsWith('.cpuprofile'));
      if (file) {
        if (args['keep-prof']) copyFileSync(join(profDir, file), args['keep-prof']);
        const profile = JSON.parse(readFileSync(join(profDir, file), 'utf8')) as Profile;
        console.log('\nscene list, top self time (server CPU profile during the case):');
        for (const line of topSelf(profile, scenePageWindow, 30)) console.log(`  ${line}`);
      } else {
        console.log('(no CPU profile was written)');
      }
    }
    rmSync(dataDir, { recursive: true, force: true });
  }
  return 0;
}

if (args['serve-bare']) {
  await serveBare();
} else {
  process.exitCode = await main();
}
