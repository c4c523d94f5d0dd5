// The platform's writes during a load: template calls and chat messages added at a steady rate
// on a connection of their own, as the platform writes them (triggers on: the database maintains
// a call's cost and the statistics rollups). Every TICK_MS one batched statement per kind, sized
// to catch up with the target rate, so a slow statement is made up for rather than lost.
// Runs for at most `seconds`, then stops by itself; SIGTERM stops it earlier. Either way it
// prints what it wrote as one JSON line (WriterReport) on stdout.
import { spawn, type ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';
import pg from 'pg';
import { ROOT } from './server';
import { percentiles } from './stats';

const TICK_MS = 100;
/** At most this many rows per statement, however far behind (a second's calls by default). */
const MAX_BATCH = 1_000;

export interface WriterOptions {
  url: string;
  callsPerSecond: number;
  messagesPerSecond: number;
  seconds: number;
}

export interface WriterReport {
  seconds: number;
  calls: number;
  messages: number;
  statements: number;
  errors: number;
  /** Statement latency, ms. */
  p50: number;
  p99: number;
  firstError?: string;
}

/** Values a written call or message takes, read from the loaded data (bench/data.ts). */
interface Pools {
  templates: number[];
  scenes: string[];
  models: { type: string; version: string }[];
  users: number;
  maxRecord: number;
}

async function pools(client: pg.Client): Promise<Pools> {
  const q = async <T extends object>(text: string) => (await client.query(text)).rows as T[];
  const [{ comment } = { comment: null }] = await q<{ comment: string | null }>(
    `select shobj_description(oid, 'pg_database') as comment from pg_database
     where datname = current_database()`,
  );
  const marker = comment?.startsWith('{')
    ? (JSON.parse(comment) as { params?: { users?: number } })
    : undefined;
  return {
    // Platform templates (visible to every operator), as most loaded calls have.
    templates: (
      await q<{ id: number }>(`select id from prompts where is_public = 1 limit 2000`)
    ).map((r) => r.id),
    scenes: (
      await q<{ code: string }>(`select scene_code as code from scenes where is_del = 0 limit 2000`)
    ).map((r) => r.code),
    models: await q<{ type: string; version: string }>(
      `select model_type as type, version from model_versions order by id`,
    ),
    users: marker?.params?.users ?? 1_000,
    maxRecord: (await q<{ n: number }>(`select coalesce(max(id), 0)::int as n from records`))[0]!.n,
  };
}

/** `n` calls made now: a platform template, a scene, a model version of the seeded ones. */
function callsStatement(p: Pools, n: number): [string, unknown[]] {
  return [
    `insert into prompt_calls (title, template_id, question, answer, assessment, call_time,
        user_id, prompt_tokens, completion_tokens, total_tokens, scene_code, model_type,
        model_version)
      select '写入中的调用 ' || g, ($2::int[])[1 + floor(random() * cardinality($2::int[]))::int],
        '关于写入负载的问题（单号 ' || (100000 + floor(random() * 900000)::int) || '）',
        '建议先确认现象，再逐步排查。', 0, now(),
        'bench-user-' || lpad(floor(random() * $3::int)::int::text, 5, '0'),
        t.pt, t.ct, t.pt + t.ct,
        ($4::text[])[1 + floor(random() * cardinality($4::text[]))::int],
        ($5::text[])[m.i], ($6::text[])[m.i]
      from generate_series(1, $1::int) g,
        lateral (select 50 + floor(random() * 1500)::int as pt,
          20 + floor(random() * 800)::int as ct offset 0) t,
        lateral (select 1 + floor(random() * cardinality($5::text[]))::int as i offset 0) m`,
    [
      n,
      p.templates.length ? p.templates : [null],
      p.users,
      p.scenes.length ? p.scenes : [null],
      p.models.map((m) => m.type),
      p.models.map((m) => m.version),
    ],
  ];
}

/**
 * Two messages (a question and its answer) added to each of `sessions` random sessions, whose
 * count, tokens and modified time are updated as the platform updates them. Answers the
 * messages written.
 */
function messagesStatement(p: Pools, sessions: number): [string, unknown[]] {
  return [
    `with s as (
        select id, message_count from records
        where id = any(array(select 1 + floor(random() * $1::int)::int
          from generate_series(1, $2::int)))),
      m as (
        insert into record_messages (record_id, seq, role, content, created_at, prompt_tokens,
            completion_tokens)
        select s.id, s.message_count + k,
          case when k = 1 then 'user' else 'assistant' end,
          case when k = 1 then '写入负载中的追问：还有别的建议吗？'
            else '建议先确认现象，再逐步排查。' end,
          now(), case when k = 2 then 200 else 0 end, case when k = 2 then 120 else 0 end
        from s, generate_series(1, 2) k
        returning record_id, prompt_tokens + completion_tokens as tokens),
      u as (
        update records r set message_count = r.message_count + x.n,
          total_tokens = r.total_tokens + x.tokens, modified_at = now(), updated_at = now()
        from (select record_id, count(*)::int as n, sum(tokens)::int as tokens
          from m group by record_id) x
        where r.id = x.record_id)
      select count(*)::int as n from m`,
    [Math.max(1, p.maxRecord), sessions],
  ];
}

/** Writes until `seconds` passed or SIGTERM; answers what it wrote. */
export async function runWriter(options: WriterOptions): Promise<WriterReport> {
  const client = new pg.Client({ connectionString: options.url, application_name: 'bench:writer' });
  await client.connect();
  const p = await pools(client);
  let stopping = false;
  process.once('SIGTERM', () => (stopping = true));
  const latencies: number[] = [];
  let calls = 0;
  let messages = 0;
  let errors = 0;
  let firstError: string | undefined;
  const started = performance.now();
  const until = started + options.seconds * 1000;
  const run = async ([text, values]: [string, unknown[]]) => {
    const t = performance.now();
    try {
      const result = await client.query(text, values);
      latencies.push(performance.now() - t);
      return result;
    } catch (error) {
      errors++;
      firstError ??= error instanceof Error ? error.message : String(error);
      return undefined;
    }
  };
  // Rows asked for so far: a batch that failed or wrote fewer rows (a session drawn twice) is
  // not made up for; the report counts the rows written.
  let askedCalls = 0;
  let askedMessages = 0;
  for (let tick = 1; !stopping && performance.now() < until; tick++) {
    const due = (rate: number) => Math.floor((rate * (performance.now() - started)) / 1000);
    const newCalls = Math.min(MAX_BATCH, due(options.callsPerSecond) - askedCalls);
    if (newCalls > 0) {
      askedCalls += newCalls;
      calls += (await run(callsStatement(p, newCalls)))?.rowCount ?? 0;
    }
    const pairs = Math.floor(
      Math.min(MAX_BATCH, due(options.messagesPerSecond) - askedMessages) / 2,
    );
    if (pairs > 0) {
      askedMessages += 2 * pairs;
      const result = await run(messagesStatement(p, pairs));
      messages += Number((result?.rows[0] as { n?: number } | undefined)?.n ?? 0);
    }
    const next = started + tick * TICK_MS;
    const wait = next - performance.now();
    if (wait > 0) await new Promise((ok) => setTimeout(ok, wait));
  }
  await client.end();
  return {
    seconds: (performance.now() - started) / 1000,
    calls,
    messages,
    statements: latencies.length,
    errors,
    ...percentiles(latencies),
    ...(firstError ? { firstError } : {}),
  };
}

/**
 * Runs `script --writer` (which calls runWriter with WRITER_* from its environment) in a child
 * process, so the writes take no time of the load generator's thread. `report` resolves with
 * what it wrote once it stopped (by itself or by `stop`).
 */
export function spawnWriter(
  script: string,
  options: WriterOptions,
): { child: ChildProcess; report: Promise<WriterReport | undefined> } {
  const child = spawn(process.execPath, ['--import', 'tsx', script, '--writer'], {
    cwd: ROOT,
    env: { ...process.env, WRITER_OPTIONS: JSON.stringify(options) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const report = new Promise<WriterReport | undefined>((ok) => {
    let last: WriterReport | undefined;
    createInterface({ input: child.stdout! }).on('line', (line) => {
      try {
        last = JSON.parse(line) as WriterReport;
      } catch {
        // not the report
      }
    });
    child.once('exit', () => ok(last));
  });
  return { child, report };
}

/** The child's side: runWriter with the options spawnWriter passed, then its report. */
export async function writerMain(): Promise<void> {
  const options = JSON.parse(process.env.WRITER_OPTIONS ?? '{}') as WriterOptions;
  const report = await runWriter(options);
  process.stdout.write(`${JSON.stringify(report)}\n`);
}
