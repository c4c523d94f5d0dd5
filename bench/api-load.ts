// API load benchmark: a real server on a loopback port over an embedded database (or
// DATABASE_URL) holding ROWS scenes; CONCURRENCY clients call /scene/page (sorted, filtered,
// keyword) for SECONDS. Prints requests/s and latency percentiles. Bounded in time and count.
// Run: npm run bench:api   (env: ROWS=20000 CONCURRENCY=16 SECONDS=10)
import { apiPath } from '../contract/api';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { buildApp } from '../server/app';
import { openDatabase } from '../server/db/client';
import { scenes } from '../server/db/schema';
import { seed } from '../server/db/seed';

const ROWS = Number(process.env.ROWS ?? 20_000);
const CONCURRENCY = Number(process.env.CONCURRENCY ?? 16);
const SECONDS = Number(process.env.SECONDS ?? 10);
const MAX_REQUESTS = 200_000;

const dir = mkdtempSync(join(tmpdir(), 'console-bench-'));
const database = await openDatabase(
  process.env.DATABASE_URL ? { databaseUrl: process.env.DATABASE_URL } : { dataDir: dir },
);
await seed(database.db, { kind: database.kind, seedDemo: '1', adminPassword: undefined });
const t0 = performance.now();
for (let i = 0; i < ROWS; i += 1000) {
  const batch = Array.from({ length: Math.min(1000, ROWS - i) }, (_, j) => ({
    sceneName: `基准场景 ${i + j}`,
    sceneCode: `bench-${i + j}`,
    type: (i + j) % 2,
    description: `Benchmark scene number ${i + j}`,
  }));
  await database.db.insert(scenes).values(batch);
}
await database.db.execute(sql`ANALYZE`);
console.log(
  `seeded ${ROWS} scenes in ${((performance.now() - t0) / 1000).toFixed(1)} s (${database.kind})`,
);

const app = await buildApp({
  db: database.db,
  logger: false,
  loginLimits: { attemptsPerIpPerMinute: 1000 },
});
await app.listen({ port: 0, host: '127.0.0.1' });
const address = app.server.address();
const base = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

const login = await fetch(`${base}${apiPath('user', 'login')}`, {
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify({ userName: 'user', password: 'user' }),
});
const token = ((await login.json()) as { data: { token: string } }).data.token;

const bodies = [
  { name: 'first page', body: { current: 1, pageSize: 10 } },
  {
    name: 'page 50 by name',
    body: { current: 50, pageSize: 20, sorters: [{ field: 'sceneName', order: 'asc' }] },
  },
  {
    name: 'type filter',
    body: { current: 1, pageSize: 10, filters: [{ field: 'type', operator: 'eq', value: 1 }] },
  },
  { name: 'keyword', body: { current: 1, pageSize: 10, keyword: '12' } },
];
const latencies: number[] = [];
const byKind = new Map<string, number[]>();
let errors = 0;
const deadline = performance.now() + SECONDS * 1000;
async function client(n: number) {
  for (let i = n; performance.now() < deadline && latencies.length < MAX_REQUESTS; i++) {
    const start = performance.now();
    const res = await fetch(`${base}${apiPath('scene', 'page')}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: JSON.stringify(bodies[i % bodies.length]!.body),
    });
    const body = (await res.json()) as { code: number };
    if (body.code !== 0) errors++;
    const ms = performance.now() - start;
    latencies.push(ms);
    const kind = bodies[i % bodies.length]!.name;
    byKind.set(kind, [...(byKind.get(kind) ?? []), ms]);
  }
}
const started = performance.now();
await Promise.all(Array.from({ length: CONCURRENCY }, (_, i) => client(i)));
const elapsed = (performance.now() - started) / 1000;
latencies.sort((a, b) => a - b);
const pct = (p: number) =>
  latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))]!.toFixed(1);
console.log(
  `/scene/page over ${ROWS} rows, ${CONCURRENCY} clients, ${elapsed.toFixed(1)} s: ` +
    `${latencies.length} requests, ${(latencies.length / elapsed).toFixed(0)} req/s, ` +
    `p50 ${pct(0.5)} ms, p95 ${pct(0.95)} ms, p99 ${pct(0.99)} ms, errors ${errors}, ` +
    `rss ${(process.memoryUsage().rss / 1048576).toFixed(0)} MiB`,
);
for (const [kind, list] of byKind) {
  list.sort((a, b) => a - b);
  console.log(
    `  ${kind.padEnd(16)} p50 ${list[Math.floor(list.length / 2)]!.toFixed(1)} ms (${list.length})`,
  );
}
await app.close();
await database.close();
rmSync(dir, { recursive: true, force: true });
