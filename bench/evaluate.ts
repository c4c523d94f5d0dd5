// Evaluation throughput and the playground's added time to first token (docs/PERFORMANCE.md
// "Evaluation runs and the playground"). Starts an OpenAI-compatible streaming stub model in this
// process and the real server (`node --import tsx server/main.ts`, evaluation worker on) on a
// fresh PostgreSQL database (or on PGlite with --pglite), then through the API as admin:
//
// 1. creates a model version on the stub (MAX_CONCURRENCY requests at once), a corpus set of
//    ITEMS items and an evaluation of it, runs it and polls its progress every 500 ms until no
//    job is queued or running. The stub answers each request whole after LATENCY ms. Prints the
//    items per second against the ideal (MAX_CONCURRENCY / LATENCY), the most requests the stub
//    had in flight at once (and on average), the CPU the server and PostgreSQL spent per item,
//    the failed jobs, the results stored, and the server's RSS sampled every second during the
//    run.
// 2. runs a template on the same version RUNS times in turn through `prompt/run` as a stream.
//    The stub sends its first chunk FIRST_CHUNK ms after a request arrives and the rest GAP ms
//    apart. Per run, the time from the request to the first `delta` event, less the stub's own
//    time from the request's arrival to its first chunk, is what the console adds; prints its
//    p50, p95 and max.
//
// Run: npm run bench:evaluate -- [--items 1000] [--latency 200] [--concurrency 16] [--runs 200]
//      [--first-chunk 50] [--gap 5] [--warmup 5]
//      [--admin-url postgres://postgres@127.0.0.1:5432/postgres] [--pglite] [--keep]
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { positiveArgs } from './lib/cli';
import { cpuMs, postgresCpu, procStatus, watchRss } from './lib/proc';
import { freePort, spawnServer, stop, UNTHROTTLED_ENV, waitUntilReady } from './lib/server';
import { fmt, loadAverage, ms, quantile } from './lib/stats';
import { startStubModel, type StubModel } from './lib/stub-model';

const { values: args } = parseArgs({
  options: {
    items: { type: 'string', default: '1000' },
    latency: { type: 'string', default: '200' },
    concurrency: { type: 'string', default: '16' },
    runs: { type: 'string', default: '200' },
    'first-chunk': { type: 'string', default: '50' },
    gap: { type: 'string', default: '5' },
    warmup: { type: 'string', default: '5' },
    'admin-url': { type: 'string', default: 'postgres://postgres@127.0.0.1:5432/postgres' },
    pglite: { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
  },
});
const positive = positiveArgs(args);
const ITEMS = positive('items');
const LATENCY = positive('latency');
const MAX_CONCURRENCY = positive('concurrency');
const RUNS = positive('runs');
const FIRST_CHUNK = positive('first-chunk');
const GAP = Number(args.gap);
const WARMUP = Number(args.warmup);
const PASSWORD = 'Bench-Admin-1';
const VERSION = 'stub-eval-1';
/** Items one `corpus/item/import` call takes (MAX_IMPORT_ROWS). */
const IMPORT_BATCH = 5000;
const POLL_MS = 500;

const dbName = `evaluate_bench_${Date.now()}`;
const adminUrl = args['admin-url']!;
const databaseUrl = adminUrl.replace(/\/[^/]*$/, `/${dbName}`);
const temp = mkdtempSync(join(tmpdir(), 'evaluate-bench-'));

async function adminQuery(url: string, text: string) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await client.query(text);
  } finally {
    await client.end();
  }
}

const stub: StubModel = await startStubModel(randomBytes(16).toString('hex'), {
  firstChunkMs: LATENCY,
  gapMs: 0,
  pieces: ['The answer ', 'is ', 'forty-two.'],
});
if (!args.pglite) await adminQuery(adminUrl, `create database ${dbName}`);
const port = await freePort();
const child = spawnServer({
  ...process.env,
  ...UNTHROTTLED_ENV,
  PORT: String(port),
  ADMIN_PASSWORD: PASSWORD,
  SEED_DEMO: '0',
  EVALUATION_WORKER: '1',
  // Sealing the model version's key needs a key; this keeps it out of ./data.
  APP_SECRET: randomBytes(32).toString('hex'),
  ...(args.pglite ? { DATA_DIR: join(temp, 'data') } : { DATABASE_URL: databaseUrl }),
});
const base = `http://127.0.0.1:${port}`;
let token = '';

async function call<T>(path: string, body: unknown): Promise<T> {
  const res = await fetch(`${base}/api/manage/v1/${path}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify(body),
  });
  const answer = (await res.json()) as { code: number; msg: string; data: T };
  if (answer.code !== 0) throw new Error(`${path}: ${answer.code} ${answer.msg}`);
  return answer.data;
}

interface Progress {
  state: string;
  total: number;
  queued: number;
  running: number;
  done: number;
  failed: number;
  cancelled: number;
}

/** Creates the corpus set and the evaluation, runs it to the end and prints what it took. */
async function evaluationThroughput(): Promise<void> {
  const corpus = await call<{ id: number }>('corpus/create', {
    corpusName: 'bench',
    type: 'qa',
  });
  for (let first = 0; first < ITEMS; first += IMPORT_BATCH) {
    const lines = Array.from({ length: Math.min(IMPORT_BATCH, ITEMS - first) }, (_, i) =>
      JSON.stringify({
        question: `Question ${first + i}: what is six times seven?`,
        answer: 'The answer is forty-two.',
        tags: ['forty-two'],
      }),
    );
    await call('corpus/item/import', {
      corpusId: corpus.id,
      format: 'jsonl',
      content: lines.join('\n'),
    });
  }
  const evaluation = await call<{ id: number }>('model-evaluate/create', {
    evaluateName: 'bench',
    corpusId: corpus.id,
    modelVersions: [VERSION],
    metrics: ['accuracy', 'bleu', 'rougeL', 'keywordHit'],
  });

  stub.reset();
  const rss: number[] = [];
  const sampler = setInterval(() => rss.push(procStatus(child.pid, 'VmRSS')), 1000);
  const peak = watchRss(child.pid);
  const serverCpu = cpuMs(child.pid);
  const databaseCpu = postgresCpu();
  const started = performance.now();
  await call('model-evaluate/run', { id: evaluation.id });
  let progress: Progress;
  for (;;) {
    progress = await call<Progress>('model-evaluate/progress', { id: evaluation.id });
    if (progress.queued + progress.running === 0) break;
    await sleep(POLL_MS);
  }
  const polled = (performance.now() - started) / 1000;
  const serverCpuMs = cpuMs(child.pid) - serverCpu;
  const databaseCpuMs = databaseCpu.stop();
  clearInterval(sampler);
  const rssEnd = procStatus(child.pid, 'VmRSS');
  const rssPeak = Math.max(peak.stop(), ...rss, rssEnd);

  const detail = await call<{ state: string; startedAt: string; finishedAt: string | null }>(
    'model-evaluate/detail',
    { id: evaluation.id },
  );
  const report = await call<{ rows: { modelVersion: string; results: number }[] }>(
    'model-evaluate/report',
    { id: evaluation.id },
  );
  const results = report.rows.reduce((n, r) => n + r.results, 0);
  // The server's own span: from the run's start to its last job's end.
  const span =
    detail.finishedAt === null
      ? polled
      : (Date.parse(detail.finishedAt) - Date.parse(detail.startedAt)) / 1000;
  const rate = ITEMS / span;
  const ideal = MAX_CONCURRENCY / (LATENCY / 1000);
  const quarter = Math.max(1, Math.floor(rss.length / 4));
  const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  const stubTimes = stub.requests
    .filter((r) => r.endedAt !== null)
    .map((r) => r.endedAt! - r.receivedAt)
    .sort((a, b) => a - b);

  console.log(`\n## Evaluation throughput (${args.pglite ? 'PGlite' : 'PostgreSQL'})\n`);
  console.log(`| measure | value |\n|---|---:|`);
  const row = (name: string, value: string) => console.log(`| ${name} | ${value} |`);
  row('items (corpus items × 1 model version)', fmt(ITEMS));
  row('stub latency / max concurrency', `${LATENCY} ms / ${MAX_CONCURRENCY}`);
  row('elapsed, run start to last job end (server)', `${span.toFixed(2)} s`);
  row('elapsed, run call to progress showing none open (bench)', `${polled.toFixed(2)} s`);
  row('items/s', rate.toFixed(1));
  row('ideal items/s (concurrency / latency)', ideal.toFixed(1));
  row('share of ideal (target ≥ 90 %)', `${((100 * rate) / ideal).toFixed(1)} %`);
  row('max requests in flight at the stub', String(stub.maxInFlight));
  // Time-weighted: the stub's request time summed over the run's span.
  row(
    'mean requests in flight at the stub',
    (stubTimes.reduce((a, b) => a + b, 0) / 1000 / span).toFixed(1),
  );
  row('server CPU per item', `${ms(serverCpuMs / ITEMS)} ms`);
  if (!args.pglite)
    row('PostgreSQL CPU per item (every local backend)', `${ms(databaseCpuMs / ITEMS)} ms`);
  row('requests the stub received', fmt(stub.requests.length));
  row(
    'stub request time p50 / max',
    `${ms(quantile(stubTimes, 0.5))} / ${ms(stubTimes.at(-1) ?? NaN)} ms`,
  );
  row(
    'jobs done / failed / cancelled',
    `${progress.done} / ${progress.failed} / ${progress.cancelled}`,
  );
  row(
    'results stored (report) = items',
    `${fmt(results)} ${results === ITEMS ? '= ' : '≠ '}${fmt(ITEMS)}`,
  );
  row('evaluation state', detail.state);
  row(
    'server RSS start / peak / end',
    `${peak.before.toFixed(0)} / ${rssPeak.toFixed(0)} / ${rssEnd.toFixed(0)} MB`,
  );
  row(
    `server RSS mean, first / last quarter (${rss.length} samples)`,
    rss.length
      ? `${mean(rss.slice(0, quarter)).toFixed(0)} / ${mean(rss.slice(-quarter)).toFixed(0)} MB`
      : '—',
  );
}

/** The client's time to the first `delta` event of one streamed run, and whether it ended well. */
async function streamedRun(body: unknown): Promise<{ firstDeltaMs: number; ok: boolean }> {
  const started = performance.now();
  const res = await fetch(`${base}/api/manage/v1/prompt/run`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'text/event-stream',
      authorization: `Bearer ${token}`,
    },
    body: JSON.stringify(body),
  });
  if (res.status !== 200 || !res.body) throw new Error(`prompt/run answered ${res.status}`);
  const decoder = new TextDecoder();
  let text = '';
  let firstDeltaMs = NaN;
  const reader = res.body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
    if (Number.isNaN(firstDeltaMs) && text.includes('event: delta\n')) {
      firstDeltaMs = performance.now() - started;
    }
  }
  const ok = text.includes('event: done\n') && !text.includes('"error":{');
  return { firstDeltaMs, ok };
}

/** Runs a template RUNS times in turn and prints what the console adds to the first token. */
async function playgroundTtft(): Promise<void> {
  const template = await call<{ id: number }>('prompt/create', {
    title: 'bench',
    isPublic: 1,
    type: 'CHATGPT',
    content: 'Answer briefly: {{q}}',
    variables: [{ name: 'Q', type: 'text', fieldName: 'q' }],
  });
  stub.timing = {
    firstChunkMs: FIRST_CHUNK,
    gapMs: GAP,
    pieces: ['The ', 'answer ', 'is ', 'forty', '-two', '.'],
  };
  const body = (n: number) => ({
    templateId: template.id,
    variables: { q: `what is six times seven? (${n})` },
    modelVersions: [VERSION],
  });
  for (let n = 0; n < WARMUP; n++) await streamedRun(body(n));

  stub.reset();
  const added: number[] = [];
  const clientTtft: number[] = [];
  const stubTtft: number[] = [];
  let failed = 0;
  for (let n = 0; n < RUNS; n++) {
    const { firstDeltaMs, ok } = await streamedRun(body(n));
    const seen = stub.requests[n];
    if (!ok || !seen || seen.firstChunkAt === null || Number.isNaN(firstDeltaMs)) {
      failed++;
      continue;
    }
    const own = seen.firstChunkAt - seen.receivedAt;
    clientTtft.push(firstDeltaMs);
    stubTtft.push(own);
    added.push(firstDeltaMs - own);
  }
  if (stub.requests.length !== RUNS) {
    throw new Error(`the stub saw ${stub.requests.length} requests for ${RUNS} runs`);
  }
  for (const xs of [added, clientTtft, stubTtft]) xs.sort((a, b) => a - b);
  const line = (name: string, xs: number[]) =>
    console.log(
      `| ${name} | ${ms(quantile(xs, 0.5))} | ${ms(quantile(xs, 0.95))} | ${ms(xs.at(-1) ?? NaN)} |`,
    );
  console.log(`\n## Playground time to first token (${args.pglite ? 'PGlite' : 'PostgreSQL'})\n`);
  console.log(
    `${RUNS} streamed runs in turn after ${WARMUP} not counted; stub first chunk after ` +
      `${FIRST_CHUNK} ms, then ${GAP} ms apart; ${failed} failed.\n`,
  );
  console.log(`| ms | p50 | p95 | max |\n|---|---:|---:|---:|`);
  line('request to first delta event (client)', clientTtft);
  line('request arrival to first chunk (stub)', stubTtft);
  line('added by the console (target p95 ≤ 20)', added);
}

try {
  await waitUntilReady(child, port, { timeoutMs: 300_000 });
  ({ token } = await call<{ token: string }>('user/login', {
    userName: 'admin',
    password: PASSWORD,
  }));
  await call('model/version/create', {
    modelType: 'CHATGPT',
    name: 'stub',
    version: VERSION,
    enabled: true,
    provider: 'openai-compatible',
    baseUrl: stub.baseUrl,
    model: 'stub',
    apiKey: stub.apiKey,
    timeoutMs: 60_000,
    maxConcurrency: MAX_CONCURRENCY,
    retries: 0,
  });
  console.log(`load average before: ${loadAverage()}`);
  await evaluationThroughput();
  await playgroundTtft();
  console.log(`\nload average after: ${loadAverage()}`);
} finally {
  await stop(child);
  await stub.close();
  rmSync(temp, { recursive: true, force: true });
  if (!args.pglite && !args.keep) await adminQuery(adminUrl, `drop database if exists ${dbName}`);
}
