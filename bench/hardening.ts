// Hardening benchmark (docs/SECURITY.md): starts the real server process on a fresh
// embedded database (or DATABASE_URL), then
//   1. sends MALFORMED malformed requests over every POST route of the OpenAPI document, as the
//      demo user and anonymously, and counts 5xx answers, oversized answers and leaks (a password
//      hash, another session's token, SQL text or a stack trace in an answer);
//   2. writes WRITES rows and checks every acknowledged one is there;
//   3. holds a list/detail load for SECONDS at CONCURRENCY and samples the server's memory.
// Bounded in count and time; talks to 127.0.0.1 only. Run: npm run bench:hardening
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiPath } from '../contract/api';
import { login as loginAs } from './lib/http';
import { closedLoop } from './lib/load';
import { procStatus } from './lib/proc';
import { freePort, spawnServer, stop, waitUntilReady } from './lib/server';

const MALFORMED = Number(process.env.MALFORMED ?? 20_000);
const WRITES = Number(process.env.WRITES ?? 500);
const SECONDS = Number(process.env.SECONDS ?? 30);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 16);
const MAX_ANSWER_BYTES = 8 * 1024;

const port = await freePort();
const dataDir = mkdtempSync(join(tmpdir(), 'console-hardening-'));
const child = spawnServer({
  ...process.env,
  PORT: String(port),
  DATA_DIR: dataDir,
  LOG_LEVEL: 'error',
  LOGIN_ATTEMPTS_PER_MINUTE: '100000',
  ANONYMOUS_REQUESTS_PER_MINUTE: '1000000',
});
const base = `http://127.0.0.1:${port}`;
const rssMb = () => procStatus(child.pid, 'VmRSS');
await waitUntilReady(child, port, { path: '/api/health', intervalMs: 200, timeoutMs: 60_000 });

async function call(path: string, body: string, token?: string, type = 'application/json') {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: { 'content-type': type, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body,
  });
  return { status: res.status, text: await res.text() };
}
const login = (userName: string) => loginAs({ port }, userName, userName);
let userToken = await login('user');
const adminToken = await login('admin');

// ---- 1. malformed requests ------------------------------------------------------------------
const spec = (await (await fetch(`${base}/api/docs/json`)).json()) as {
  paths: Record<string, Record<string, unknown>>;
};
const routes = Object.entries(spec.paths)
  .filter(([, methods]) => 'post' in methods)
  .map(([path]) => path)
  // Logout would end the session the rest of the run uses.
  .filter((path) => path !== apiPath('user', 'logout'));

let seed = 42;
const rand = () => (seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31;
const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)] as T;
const WEIRD_STRINGS = [
  '',
  ' ',
  '\u200b',
  '\ud800',
  'x'.repeat(100_000),
  "' or 1=1 --",
  '<script>alert(1)</script>',
  '%_%',
  '😀'.repeat(50),
  'null',
];
function value(depth: number): unknown {
  const kinds = depth > 3 ? 6 : 9;
  switch (Math.floor(rand() * kinds)) {
    case 0:
      return null;
    case 1:
      return rand() < 0.5;
    case 2:
      return pick([0, -1, 1.5, 2 ** 31, -(2 ** 53), 1e308, Number.MAX_SAFE_INTEGER]);
    case 3:
    case 4:
      return pick(WEIRD_STRINGS);
    case 5:
      return String(Math.floor(rand() * 1000));
    case 6:
      return Array.from({ length: Math.floor(rand() * 5) }, () => value(depth + 1));
    default: {
      const keys = [
        'id',
        'version',
        'current',
        'pageSize',
        'filters',
        'sorters',
        'keyword',
        'scope',
        'userName',
        'password',
        'sceneName',
        'title',
        'field',
        'operator',
        'value',
        '__proto__',
        'constructor',
      ];
      return Object.fromEntries(
        Array.from({ length: Math.floor(rand() * 6) }, () => [pick(keys), value(depth + 1)]),
      );
    }
  }
}
function malformedBody(): { body: string; type?: string } {
  const r = rand();
  if (r < 0.05) return { body: '{"a":' }; // broken JSON
  if (r < 0.08) return { body: 'a=1', type: 'application/x-www-form-urlencoded' };
  if (r < 0.1) {
    const many = Object.fromEntries(Array.from({ length: 60_000 }, (_, i) => [`k${i}`, i]));
    return { body: JSON.stringify(many) };
  }
  if (r < 0.12) return { body: `${'['.repeat(5_000)}${']'.repeat(5_000)}` };
  return { body: JSON.stringify(value(0)) };
}

// Secrets in any answer; internals (SQL, stack traces) in error answers (demo rows hold SQL text).
const LEAKS: [string, RegExp, 'any' | 'error'][] = [
  ['password hash', /\$scrypt|passwordHash|password_hash/i, 'any'],
  ['admin token', new RegExp(adminToken), 'any'],
  [
    'SQL text',
    /\b(select|insert into|update|delete from)\b.*\b(from|set|values|where)\b/i,
    'error',
  ],
  ['stack trace', /\bat \S+ \(.*:\d+:\d+\)/, 'error'],
];
let sent = 0;
let fiveHundreds = 0;
let oversized = 0;
let maxBytes = 0;
const leaks: string[] = [];
const statuses = new Map<number, number>();
const t1 = performance.now();
for (let i = 0; i < MALFORMED; i++) {
  const route = pick(routes);
  const { body, type } = malformedBody();
  const token = rand() < 0.8 ? userToken : undefined;
  const res = await call(route, body, token, type);
  sent++;
  statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
  if (res.status >= 500) fiveHundreds++;
  maxBytes = Math.max(maxBytes, res.text.length);
  if (res.text.length > MAX_ANSWER_BYTES && res.status >= 400) oversized++;
  for (const [what, re, where] of LEAKS) {
    if ((where === 'any' || res.status >= 400) && re.test(res.text))
      leaks.push(`${what} in ${route}`);
  }
}
const malformedSeconds = (performance.now() - t1) / 1000;

// ---- 2. acknowledged writes ---------------------------------------------------------------
userToken = await login('user');
const acknowledged: number[] = [];
for (let i = 0; i < WRITES; i++) {
  const res = await call(
    apiPath('directive', 'create'),
    JSON.stringify({ directiveName: `加固 ${i}`, command: `/hardening-${i}`, content: 'x' }),
    userToken,
  );
  const parsed = JSON.parse(res.text) as { code: number; data: { id: number } };
  if (parsed.code === 0) acknowledged.push(parsed.data.id);
}
let lost = 0;
for (const id of acknowledged) {
  const res = await call(apiPath('directive', 'detail'), JSON.stringify({ id }), userToken);
  if ((JSON.parse(res.text) as { code: number }).code !== 0) lost++;
}

// ---- 3. load with memory --------------------------------------------------------------------
const rssStart = rssMb();
const latencies: number[] = [];
let loadErrors = 0;
const until = performance.now() + SECONDS * 1000;
await closedLoop(CONCURRENCY, { until, perClient: 100_000 }, async (lane, i) => {
  const started = performance.now();
  const res =
    i % 2 === 0
      ? await call(
          apiPath('scene', 'page'),
          JSON.stringify({
            current: 1 + (i % 3),
            pageSize: 10,
            keyword: lane % 2 ? '助手' : '',
          }),
          userToken,
        )
      : await call(
          apiPath('directive', 'detail'),
          JSON.stringify({ id: acknowledged[i % acknowledged.length] }),
          userToken,
        );
  latencies.push(performance.now() - started);
  if (res.status !== 200) loadErrors++;
});
const rssEnd = rssMb();
latencies.sort((a, b) => a - b);
const pct = (p: number) =>
  latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))]!;

await stop(child);
rmSync(dataDir, { recursive: true, force: true });

console.log(`
hardening bench (${process.env.DATABASE_URL ? 'postgres' : 'pglite'}, ${routes.length} POST routes)
malformed requests   ${sent} in ${malformedSeconds.toFixed(1)} s; statuses ${[...statuses]
  .sort()
  .map(([s, n]) => `${s}×${n}`)
  .join(' ')}
answers >= 500       ${fiveHundreds}
error answers > 8 kB ${oversized} (largest answer ${maxBytes} bytes)
leaks                ${leaks.length}${leaks.length ? `: ${[...new Set(leaks)].slice(0, 5).join('; ')}` : ''}
acknowledged writes  ${acknowledged.length}, lost ${lost}
load                 ${latencies.length} requests in ${SECONDS} s at ${CONCURRENCY} clients: ${(latencies.length / SECONDS).toFixed(0)} req/s, p50 ${pct(0.5).toFixed(1)} ms, p99 ${pct(0.99).toFixed(1)} ms, non-200 ${loadErrors}
server memory (RSS)  ${rssStart.toFixed(0)} MB before the load, ${rssEnd.toFixed(0)} MB after
`);
process.exit(fiveHundreds || leaks.length || lost ? 1 : 0);
