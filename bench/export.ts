// CSV export benchmark (an export of 1 M rows must not load them in memory): prepares
// a fresh embedded database with the demo plus ROWS extra template calls (generate_series, in
// the database), starts the real server on it, exports every call as the demo user over HTTP and
// reads the stream, sampling the server's resident memory. Prints rows, seconds, rows/s, and the
// server's RSS before and at its peak during the export.
// Run: npx tsx bench/export.ts   (env: ROWS, default 1 000 000)
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { apiPath } from '../contract/api';
import { openDatabase } from '../server/db/client';
import { seed } from '../server/db/seed';
import { login } from './lib/http';
import { watchRss } from './lib/proc';
import { freePort, spawnServer, stop, waitUntilReady } from './lib/server';

const ROWS = Number(process.env.ROWS ?? 1_000_000);
const dataDir = mkdtempSync(join(tmpdir(), 'console-export-bench-'));

const t0 = performance.now();
{
  const database = await openDatabase({ dataDir });
  await seed(database.db, { kind: 'pglite' });
  // Calls of platform templates (visible to the demo user) spread over 90 days.
  await database.db.execute(sql`
    insert into prompt_calls (title, template_id, question, answer, assessment, variables,
      call_time, user_id, prompt_tokens, completion_tokens, total_tokens, scene_code,
      model_type, model_version)
    select '批量调用 ' || g, null, '问题 ' || g || '，请帮我总结这段文字', '回答 ' || g,
      g % 3, '[{"name":"product","value":"示例"}]'::jsonb,
      now() - (g % 7776000) * interval '1 second', '1', 100 + g % 400, 50 + g % 300,
      150 + g % 400 + g % 300, 'customer-service', 'CHATGPT', 'gpt-4o-mini'
    from generate_series(1, ${ROWS}) g`);
  await database.db.execute(sql`analyze prompt_calls`);
  await database.close();
}
console.log(`prepared ${ROWS} extra calls in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

const port = await freePort();
const child = spawnServer({
  ...process.env,
  PORT: String(port),
  DATA_DIR: dataDir,
  LOG_LEVEL: 'error',
});
const base = `http://127.0.0.1:${port}`;
try {
  await waitUntilReady(child, port, { path: '/api/health', intervalMs: 200, timeoutMs: 60_000 });
  const token = await login({ port }, 'user', 'user');
  const rss = watchRss(child.pid);
  const before = rss.before;

  const start = performance.now();
  const res = await fetch(`${base}${apiPath('prompt', 'call', 'export')}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({}),
  });
  if (!res.ok || !res.body) throw new Error(`export answered ${res.status}`);
  let lines = 0;
  let bytes = 0;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.length;
    for (const b of value) if (b === 10) lines++;
  }
  const seconds = (performance.now() - start) / 1000;
  const peak = rss.stop();
  const rows = lines - 1;
  console.log(`exported rows         ${rows}`);
  console.log(`bytes                 ${(bytes / 1024 / 1024).toFixed(1)} MiB`);
  console.log(`seconds               ${seconds.toFixed(1)}`);
  console.log(`rows/s                ${Math.round(rows / seconds)}`);
  console.log(`server RSS before     ${before.toFixed(0)} MiB`);
  console.log(`server RSS peak       ${peak.toFixed(0)} MiB`);
} finally {
  await stop(child);
  rmSync(dataDir, { recursive: true, force: true });
}
