// Ingest throughput and memory (docs/PERFORMANCE.md "Ingest"). Starts the real server
// (`node --import tsx server/main.ts`) on a fresh PostgreSQL database (or on PGlite with
// --pglite), creates a template, a priced model version and an ingest key through the API, then
// SENDERS concurrent senders post batches of BATCH calls to /api/public/v1/ingest for SECONDS.
// Prints the server's RSS and the events stored per second every INTERVAL seconds, then the
// totals, batch latencies, and whether the statistics rollups equal a recount of the calls.
//
// Run: npm run bench:ingest -- [--seconds 60] [--senders 8] [--batch 1000] [--interval 10]
//      [--admin-url postgres://postgres@127.0.0.1:5432/postgres] [--pglite] [--keep]
//      [--profile /tmp/ingest-prof]
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { freePort, spawnServer, stop, UNTHROTTLED_ENV, waitUntilReady } from './lib/server';

const { values: args } = parseArgs({
  options: {
    seconds: { type: 'string', default: '60' },
    senders: { type: 'string', default: '8' },
    batch: { type: 'string', default: '1000' },
    interval: { type: 'string', default: '10' },
    'admin-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    pglite: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    // Writes the server's CPU profile to this folder (node --cpu-prof).
    profile: { type: 'string' },
  },
});
const SECONDS = Number(args.seconds);
const SENDERS = Number(args.senders);
const BATCH = Number(args.batch);
const INTERVAL = Number(args.interval);
const PASSWORD = 'Bench-Admin-1';

const dbName = `ingest_bench_${Date.now()}`;
const adminUrl = args['admin-url']!;
const databaseUrl = adminUrl.replace(/\/[^/]*$/, `/${dbName}`);
const temp = mkdtempSync(join(tmpdir(), 'ingest-bench-'));

async function adminQuery(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

if (!args.pglite) await adminQuery(adminUrl, `create database ${dbName}`);
const port = await freePort();
const child = spawnServer(
  {
    ...process.env,
    ...UNTHROTTLED_ENV,
    PORT: String(port),
    ADMIN_PASSWORD: PASSWORD,
    SEED_DEMO: '0',
    API_KEY_REQUESTS_PER_MINUTE: '1000000',
    ...(args.pglite ? { DATA_DIR: join(temp, 'data') } : { DATABASE_URL: databaseUrl }),
  },
  args.profile ? { nodeArgs: ['--cpu-prof', '--cpu-prof-dir', args.profile] } : {},
);
const base = `http://127.0.0.1:${port}`;

async function call<T>(path: string, body: unknown, token?: string): Promise<T> {
  const res = await fetch(`${base}${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as { code: number; msg: string; data: T };
  if (answer.code !== 0) throw new Error(`${path}: ${answer.msg}`);
  return answer.data;
}

function rssMb(): number {
  const status = readFileSync(`/proc/${child.pid}/status`, 'utf8');
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024;
}

const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};

try {
  await waitUntilReady(child, port, { timeoutMs: 300_000 });
  const { token } = await call<{ token: string }>('/api/manage/v1/user/login', {
    userName: 'admin',
    password: PASSWORD,
  });
  await call(
    '/api/manage/v1/model/version/create',
    {
      modelType: 'CHATGPT',
      name: 'bench',
      version: 'bench-1',
      enabled: true,
      promptPrice: 0.01,
      completionPrice: 0.03,
    },
    token,
  );
  const template = await call<{ id: number }>(
    '/api/manage/v1/prompt/create',
    {
      title: 'bench',
      isPublic: 1,
      type: 'CHATGPT',
      content: 'Answer: {{q}}',
      variables: [{ name: 'Q', type: 'text', fieldName: 'q' }],
    },
    token,
  );
  const { secret } = await call<{ secret: string }>(
    '/api/manage/v1/api-key/create',
    { name: 'bench', scopes: ['ingest'] },
    token,
  );

  let stored = 0;
  let sent = 0;
  const latencies: number[] = [];
  const started = performance.now();
  const deadline = started + SECONDS * 1000;
  let next = 0;
  const batchOf = () =>
    Array.from({ length: BATCH }, () => {
      const n = next++;
      return {
        id: `bench-${n}`,
        type: 'call',
        timestamp: new Date().toISOString(),
        body: {
          templateId: template.id,
          question: `question ${n}`,
          answer: `answer ${n}`,
          modelVersion: 'bench-1',
          promptTokens: 100 + (n % 50),
          completionTokens: 20 + (n % 10),
          userId: `u${n % 500}`,
        },
      };
    });
  async function sender() {
    while (performance.now() < deadline) {
      const body = JSON.stringify({ batch: batchOf() });
      const t0 = performance.now();
      const res = await fetch(`${base}/api/public/v1/ingest`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
        body,
      });
      const answer = (await res.json()) as { data?: { accepted: number }; msg?: string };
      if (res.status !== 200) throw new Error(`ingest answered ${res.status}: ${answer.msg}`);
      latencies.push(performance.now() - t0);
      stored += answer.data!.accepted;
      sent++;
    }
  }
  console.log(`| s | events/s in the window | server RSS (MB) |\n|---|---|---|`);
  console.log(`| 0 | — | ${rssMb().toFixed(0)} |`);
  let lastStored = 0;
  const rss: number[] = [];
  const sampler = setInterval(() => {
    const s = (performance.now() - started) / 1000;
    const mb = rssMb();
    rss.push(mb);
    console.log(
      `| ${s.toFixed(0)} | ${((stored - lastStored) / INTERVAL).toFixed(0)} | ${mb.toFixed(0)} |`,
    );
    lastStored = stored;
  }, INTERVAL * 1000);
  await Promise.all(Array.from({ length: SENDERS }, sender));
  clearInterval(sampler);
  const elapsed = (performance.now() - started) / 1000;

  const recount = args.pglite
    ? null
    : (
        await adminQuery(
          databaseUrl,
          `select (select count(*) from prompt_calls)::bigint as calls,
             (select coalesce(sum(calls), 0) from stat_daily)::bigint as rollup,
             (select round(sum(cost)::numeric, 4) from prompt_calls)::text as cost,
             (select round(sum(cost)::numeric, 4) from stat_daily)::text as rollup_cost`,
        )
      ).rows[0];
  console.log(
    `\n${SENDERS} senders × batches of ${BATCH} for ${elapsed.toFixed(0)} s (${args.pglite ? 'PGlite' : 'PostgreSQL'}): ` +
      `${stored} events stored in ${sent} batches, ${(stored / elapsed).toFixed(0)} events/s; ` +
      `batch latency p50 ${percentile(latencies, 50).toFixed(0)} ms, p99 ${percentile(latencies, 99).toFixed(0)} ms; ` +
      `RSS first ${rss[0]?.toFixed(0)} MB, last ${rss.at(-1)?.toFixed(0)} MB, max ${Math.max(...rss).toFixed(0)} MB`,
  );
  if (recount) {
    console.log(
      `rollups: ${recount.rollup} calls and ${recount.rollup_cost} CNY against a recount of ${recount.calls} and ${recount.cost}: ` +
        (String(recount.rollup) === String(recount.calls) && recount.rollup_cost === recount.cost
          ? 'equal'
          : 'DIFFERENT'),
    );
  }
} finally {
  await stop(child);
  rmSync(temp, { recursive: true, force: true });
  if (!args.pglite && !args.keep) await adminQuery(adminUrl, `drop database if exists ${dbName}`);
}
