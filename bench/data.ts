// Platform-scale data (docs/PERFORMANCE.md "Platform-scale data"): fills a PostgreSQL
// database with a year of traffic in minutes, by `insert … select … from generate_series` in
// the database (nothing row by row from node). The database is made by the app's own migrations
// and demo seed (so `admin`/`user` log in), then gets SCENES scenes, PROMPTS templates (one live
// version each), SESSIONS chat sessions with about MESSAGES-PER-SESSION messages each, CALLS
// template calls and CORPUS-ITEMS items in CORPUS-SETS sets, over the last 365 days: Chinese
// titles and questions with numbers in them, users from a pool of USERS (a few heavy ones),
// most of a user's traffic in one home scene, assessments 0/1/2, token counts, the seeded model
// versions in their lifetimes, each call priced as the 0004 trigger would.
//
// Loading runs with triggers off (`session_replication_role = replica`) and the secondary
// indexes of the big tables dropped, then rebuilds those indexes, recomputes what the triggers
// and the server would have kept (the statistics rollups, by the backfill statements of the
// migrations themselves; corpus counts and states; sessions' message counts and tokens are
// written consistent with their messages), VACUUM ANALYZE, and at small scale (or --verify)
// checks every rollup against a recount of the raw rows. Deterministic: the same flags give
// the same rows (relative to the time of the load). A finished load is recorded in the
// database's comment; running again finds it and stops (`--reset` drops and recreates it).
//
// Run: npm run bench:data -- [--url postgres://…/bench] [--reset] [--scenes 1000]
//      [--prompts 10000] [--sessions 1000000] [--messages-per-session 10] [--calls 10000000]
//      [--corpus-items 200000] [--corpus-sets 300] [--users 50000] [--batch 1000000] [--verify]
//      [--sync-schema] (a finished load whose migrations were edited since: its extensions,
//      indexes and migration records made equal to a fresh migration's, when nothing else differs)
//      (DATABASE_URL is used when --url is not given; default postgres://postgres@127.0.0.1/bench)
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { cpus } from 'node:os';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { ADMIN_ID } from '../contract/auth';
import { DEFAULT_TIME_ZONE, todayIn } from '../contract/statistics';
import { adminQuery } from '../server/db/admin-query';
import { MIGRATIONS_FOLDER, openDatabase } from '../server/db/client';
import { ANNOTATOR_IDS, DEMO_ACCOUNTS, DEMO_USER_ID } from '../server/db/demo/accounts';
import { DOMAINS } from '../server/db/demo/domains';
import { DEMO_MODEL_VERSIONS } from '../server/db/demo/model-versions';
import { CLOSINGS, OPENINGS, RECORD_TAGS, TITLE_SUFFIXES } from '../server/db/demo/texts';
import { seed } from '../server/db/seed';
import { migrationJournal, migrationKeys } from './lib/migrations';
import { fmt, loadAverage } from './lib/stats';

const { values: args } = parseArgs({
  options: {
    url: { type: 'string' },
    reset: { type: 'boolean', default: false },
    'sync-schema': { type: 'boolean', default: false },
    verify: { type: 'boolean', default: false },
    scenes: { type: 'string', default: '1000' },
    prompts: { type: 'string', default: '10000' },
    sessions: { type: 'string', default: '1000000' },
    'messages-per-session': { type: 'string', default: '10' },
    calls: { type: 'string', default: '10000000' },
    'corpus-items': { type: 'string', default: '200000' },
    'corpus-sets': { type: 'string', default: '300' },
    users: { type: 'string', default: '50000' },
    batch: { type: 'string', default: '1000000' },
  },
});

function count(name: keyof typeof args, min: number, max = 100_000_000): number {
  const n = Number(args[name]);
  if (!Number.isSafeInteger(n) || n < min || n > max) {
    throw new Error(`--${name} takes an integer from ${min} to ${max}`);
  }
  return n;
}
const SCENES = count('scenes', 1, 9_999);
const PROMPTS = count('prompts', 0);
const SESSIONS = count('sessions', 0);
// Sessions have 2 … 2M-2 messages (mean M); the message hash packs (session, seq) in 10 bits.
const MESSAGES = count('messages-per-session', 2, 500);
const CALLS = count('calls', 0, 1_000_000_000);
const ITEMS = count('corpus-items', 0);
const SETS = count('corpus-sets', 1, 99_999);
const USERS = count('users', 1, 99_999);
const BATCH = count('batch', 1_000);
const PARAMS = {
  scenes: SCENES,
  prompts: PROMPTS,
  sessions: SESSIONS,
  messagesPerSession: MESSAGES,
  calls: CALLS,
  corpusItems: ITEMS,
  corpusSets: SETS,
  users: USERS,
};
/** Recounting 10 M calls takes minutes: automatic only at small scale. */
const VERIFY = args.verify || CALLS + SESSIONS * MESSAGES <= 2_000_000;

const DAYS = 365;
const TZ = DEFAULT_TIME_ZONE;
const URL_TEXT = args.url ?? process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/bench';
const url = new URL(URL_TEXT);
const DB_NAME = decodeURIComponent(url.pathname.replace(/^\//, ''));
if (!/^[\w-]+$/.test(DB_NAME) || DB_NAME === 'postgres') {
  throw new Error(`--url must name a bench database (letters, digits, _ and -), not "${DB_NAME}"`);
}
const adminUrl = new URL(URL_TEXT);
adminUrl.pathname = '/postgres';
/** Tables whose secondary indexes are dropped for the load and built again after it. */
const BIG_TABLES = ['prompt_calls', 'records', 'record_messages', 'corpus_items'];
/** Triggers on the loaded tables whose work this script redoes after a load without them. */
const KNOWN_TRIGGERS = new Set([
  'prompt_calls_cost',
  'prompt_calls_stat_insert',
  'prompt_calls_stat_update',
  'prompt_calls_stat_delete',
  'prompt_calls_stat_truncate',
  'records_stat_insert',
  'records_stat_update',
  'records_stat_delete',
  'records_stat_truncate',
]);
const LOADED_TABLES = [
  'scenes',
  'prompts',
  'prompt_versions',
  'records',
  'record_messages',
  'prompt_calls',
  'corpora',
  'corpus_items',
  'corpus_labels',
];

const since = (t: number) => (performance.now() - t) / 1000;
const load = () => `load average ${loadAverage()}`;

// ---- text pools -------------------------------------------------------------------------------

const ASKS = [
  '应该怎么处理？',
  '有什么好的办法？',
  '请给出具体步骤。',
  '常见原因有哪些？',
  '需要注意什么？',
  '能举个例子吗？',
  '怎么排查比较快？',
  '有没有标准流程？',
];
const FOLLOW_UPS = [
  '能再具体一点吗？',
  '第二点能展开说说吗？',
  '如果时间很紧，优先做哪一项？',
  '有没有现成的模板？',
  '能用表格总结一下吗？',
  '这个结论的依据是什么？',
  '好的，还有别的建议吗？',
  '帮我压缩到三句话。',
];
const ITEM_TAGS = ['高频', '易错', '需复核', '新政策', '长尾问题', '多轮'];
const CORPUS_TYPES = ['qa', 'dialogue', 'instruction'];

/** A pool per domain, flattened: element i of domain d is flat[start[d] + i] (1-based). */
function perDomain(of: (d: (typeof DOMAINS)[number]) => readonly string[]) {
  const flat: string[] = [];
  const start: number[] = [];
  const size: number[] = [];
  for (const d of DOMAINS) {
    const items = of(d).length ? of(d) : [d.name];
    start.push(flat.length + 1);
    size.push(items.length);
    flat.push(...items);
  }
  return { flat, start, size };
}
const TOPICS = perDomain((d) => d.topics);
const TITLES = perDomain((d) => d.titles);
const ADVICE = perDomain((d) => d.advice);
const nameOf = (id: string) => DEMO_ACCOUNTS.find((a) => a.id === id)?.name ?? id;

// ---- SQL building -----------------------------------------------------------------------------

/** Positional parameters of one statement; named ones are added once, on first use. */
class Params {
  readonly values: unknown[] = [];
  private readonly names = new Map<string, string>();
  add(value: unknown, cast: string): string {
    this.values.push(value);
    return `$${this.values.length}::${cast}`;
  }
  named(name: string, value: () => unknown, cast: string): string {
    let ref = this.names.get(name);
    if (!ref) {
      ref = this.add(value(), cast);
      this.names.set(name, ref);
    }
    return ref;
  }
}

/** Uniform in [0, 1) from `x` (the row number g by default) and a stream k: the same every run. */
const r = (k: number, x = 'g') =>
  `((hashint8extended(${x}, ${k}) & 2147483647)::float8 / 2147483648)`;
/** The same for a message: session g, message s (s < 1024). */
const mr = (k: number, s = 's') => r(k, `g::bigint * 1024 + ${s}`);
/** The same for a corpus set c. */
const cr = (k: number) => `((hashint4extended(cc.c, ${k}) & 2147483647)::float8 / 2147483648)`;

/** One element of a plain list, drawn by `u` in [0, 1). */
function pickFrom(p: Params, name: string, list: readonly string[], u: string): string {
  const arr = p.named(name, () => list, 'text[]');
  return `(${arr})[1 + floor(${list.length} * ${u})::int]`;
}

/** One element of domain `dom`'s pool (1-based domain), drawn by `u`. */
function pickOf(
  p: Params,
  name: string,
  pool: ReturnType<typeof perDomain>,
  dom: string,
  u: string,
) {
  const flat = p.named(`${name}.flat`, () => pool.flat, 'text[]');
  const start = p.named(`${name}.start`, () => pool.start, 'int[]');
  const size = p.named(`${name}.size`, () => pool.size, 'int[]');
  return `(${flat})[(${start})[${dom}] + floor((${size})[${dom}] * ${u})::int]`;
}

const sceneCode = (n: string) => `('bench-scene-' || lpad((${n})::text, 4, '0'))`;

interface Anchor {
  now: string;
  today: string;
}

/**
 * FROM-clause pieces after `generate_series(…) g` giving, per row, t (time), d (days ago), u
 * (user number) and sc (scene number, -1 for none). Half the rows uniform over the year and half
 * leaning to recent days (growth); 60 % of weekend rows moved to a weekday; 75 % between 9:00
 * and 21:00 in the platform zone; users quadratic (a few heavy ones); 80 % of a user's rows in
 * the user's home scene, scenes cubic (a few hot ones).
 */
function spread(p: Params, anchor: Anchor, k: number, noScene: number): string {
  const now = p.named('now', () => anchor.now, 'timestamptz');
  const today = p.named('today', () => anchor.today, 'date');
  return `
    lateral (select (${today} - floor(case when ${r(k)} < 0.5 then ${DAYS} * ${r(k + 1)}
        else ${DAYS} * (1 - sqrt(${r(k + 1)})) end)::int) as day0 offset 0) a,
    lateral (select a.day0 + case when ${r(k + 2)} >= 0.6 then 0
        else case extract(isodow from a.day0)
          when 6 then -1
          when 7 then case when a.day0 = ${today} then -2 else 1 end
          else 0 end end as day offset 0) b,
    lateral (select ((b.day + make_interval(
          hours => case when ${r(k + 3)} < 0.75 then 9 + floor(12 * ${r(k + 4)})
            else floor(24 * ${r(k + 4)}) end::int,
          secs => floor(3600 * ${r(k + 5)}))) at time zone '${TZ}') as t0,
        (${today} - b.day) as d,
        floor(${USERS} * ${r(k + 6)} ^ 2)::int as u offset 0) c,
    lateral (select case when c.t0 > ${now} then c.t0 - interval '1 day' else c.t0 end as t,
        case when ${r(k + 7)} < ${noScene} then -1
          when ${r(k + 7)} < ${noScene + 0.8}
            then floor(${SCENES} * ((hashint4(c.u) & 2147483647)::float8 / 2147483648) ^ 3)::int
          else floor(${SCENES} * ${r(k + 8)} ^ 3)::int end as sc offset 0) e,
    lateral (select 1 + (case when e.sc < 0 then g % ${DOMAINS.length}
        else e.sc % ${DOMAINS.length} end) as dom offset 0) dm`;
}

const userId = `('bench-user-' || lpad(c.u::text, 5, '0'))`;

// ---- statements -------------------------------------------------------------------------------

interface Bases {
  scenes: number;
  prompts: number;
  records: number;
  calls: number;
  corpora: number;
  items: number;
}

function scenesStatement(anchor: Anchor, base: Bases): [string, unknown[]] {
  const p = new Params();
  const now = p.named('now', () => anchor.now, 'timestamptz');
  const names = p.add(
    DOMAINS.map((d) => d.name),
    'text[]',
  );
  const roles = p.add(
    DOMAINS.map((d) => d.role),
    'text[]',
  );
  const types = p.add(
    DOMAINS.map((d) => d.type),
    'int[]',
  );
  const publicPrompts = Math.floor(PROMPTS / 10);
  return [
    `insert into scenes (id, created_at, updated_at, scene_name, scene_code, type, description,
        template_id, is_del, monthly_budget)
      overriding system value
      select ${base.scenes} + 1 + g, t.t, t.t,
        (${names})[dm.dom] || ' ' || lpad(g::text, 4, '0') || ' 号场景', ${sceneCode('g')},
        (${types})[dm.dom]::smallint,
        '由' || (${roles})[dm.dom] || '提供支持的' || (${names})[dm.dom] || '场景，编号 ' || g,
        ${publicPrompts > 0 ? `${base.prompts} + 1 + 10 * (g % ${publicPrompts})` : 'null'}, 0,
        case when ${r(203)} < 0.05 then 500 + 100 * floor(50 * ${r(204)}) end
      from generate_series(0, ${SCENES - 1}) g,
        lateral (select 1 + g % ${DOMAINS.length} as dom offset 0) dm,
        lateral (select ${now} - make_interval(secs => floor(${DAYS} * 86400 * ${r(201)})) as t offset 0) t`,
    p.values,
  ];
}

function promptsStatement(anchor: Anchor, base: Bases): [string, unknown[]] {
  const p = new Params();
  const now = p.named('now', () => anchor.now, 'timestamptz');
  const roles = p.add(
    DOMAINS.map((d) => d.role),
    'text[]',
  );
  const title = pickOf(p, 'titles', TITLES, 'dm.dom', r(212));
  const advice = (k: number) => pickOf(p, 'advice', ADVICE, 'dm.dom', r(k));
  return [
    `insert into prompts (id, created_at, updated_at, title, scene_code, type, status, is_public,
        content, description, owner_id, live_version, review_state)
      overriding system value
      select ${base.prompts} + 1 + g, t.t, t.t, ${title} || ' ' || lpad(g::text, 5, '0'),
        ${sceneCode(`g % ${SCENES}`)},
        case when ${r(213)} < 0.4 then 'WINGPT' else 'CHATGPT' end,
        case when ${r(214)} < 0.9 then 1 else 0 end::smallint,
        case when g % 10 < 8 then 1 else 0 end::smallint,
        '你是一名' || (${roles})[dm.dom] || '。' || ${advice(215)} || ${advice(216)}
          || '请用中文回答，模板编号 ' || g || '。',
        '模板 ' || g || '：' || ${advice(217)},
        case when g % 10 = 8 then '${DEMO_USER_ID}' when g % 10 = 9 then 'bench-owner-' || g % 97
          else '${ADMIN_ID}' end,
        1, 'none'
      from generate_series(0, ${PROMPTS - 1}) g,
        lateral (select 1 + (g % ${SCENES}) % ${DOMAINS.length} as dom offset 0) dm,
        lateral (select ${now} - make_interval(secs => floor(${DAYS} * 86400 * ${r(211)})) as t offset 0) t`,
    p.values,
  ];
}

function promptVersionsStatement(base: Bases): [string, unknown[]] {
  return [
    `insert into prompt_versions (prompt_id, number, state, title, scene_code, type, content,
        variables, description, note, author_id, created_at)
      select id, 1, 'live', title, scene_code, type, content, variables, description, note,
        owner_id, created_at
      from prompts where id > ${base.prompts}`,
    [],
  ];
}

/** Sessions g in [from, to] with the lateral pieces both their rows and messages need. */
function sessionRows(p: Params, anchor: Anchor, from: number, to: number): string {
  const now = p.named('now', () => anchor.now, 'timestamptz');
  return `generate_series(${from}::int, ${to}::int) g, ${spread(p, anchor, 101, 0)},
    lateral (select 2 + floor(${2 * MESSAGES - 3} * ${r(120)})::int as n offset 0) nn,
    lateral (select least(e.t, ${now} - make_interval(secs => nn.n * 60 + 60)) as t offset 0) st,
    lateral (select ${pickOf(p, 'topics', TOPICS, 'dm.dom', r(121))} as topic offset 0) x`;
}
const messageAt = (s: string) =>
  `(st.t + make_interval(secs => ${s} * 60 + floor(50 * ${mr(2, s)})))`;
const messagePrompt = (s: string) =>
  `(case when ${s} % 2 = 0 then least(8000, 30 + 80 * ${s}) else 0 end)`;
const messageCompletion = (s: string) =>
  `(case when ${s} % 2 = 0 then 40 + floor(360 * ${mr(1, s)})::int else 0 end)`;

function recordsStatement(anchor: Anchor, base: Bases, from: number, to: number) {
  const p = new Params();
  const rows = sessionRows(p, anchor, from, to);
  const suffix = pickFrom(p, 'suffixes', TITLE_SUFFIXES, r(122));
  const tag = (k: number) => pickFrom(p, 'tags', RECORD_TAGS, r(k));
  return [
    `insert into records (id, created_at, updated_at, modified_at, chat_id, title, scene_code,
        type, tag, user_id, message_count, total_tokens)
      overriding system value
      select ${base.records} + g, st.t, lm.t, lm.t, md5('bench-chat-' || g),
        x.topic || ${suffix} || case when ${r(123)} < 0.5
          then ' ' || (10000 + (hashint8extended(g, 124) & 2147483647) % 90000) else '' end,
        ${sceneCode('e.sc')}, case when ${r(125)} < 0.85 then 1 else 0 end::smallint,
        case when ${r(126)} < 0.6 then '{}'::text[]
          when ${r(126)} < 0.9 then array[${tag(127)}] else array[${tag(127)}, ${tag(128)}] end,
        ${userId}, nn.n, tk.tokens
      from ${rows},
        lateral (select ${messageAt('nn.n')} as t offset 0) lm,
        lateral (select coalesce(sum(${messagePrompt('s')} + ${messageCompletion('s')}), 0)::int
          as tokens from generate_series(1, nn.n) s) tk`,
    p.values,
  ] as const;
}

function messagesStatement(anchor: Anchor, base: Bases, from: number, to: number) {
  const p = new Params();
  const rows = sessionRows(p, anchor, from, to);
  const ask = pickFrom(p, 'asks', ASKS, mr(3));
  const followUp = pickFrom(p, 'followUps', FOLLOW_UPS, mr(4));
  const otherTopic = pickOf(p, 'topics', TOPICS, 'dm.dom', mr(5));
  const advice = (k: number) => pickOf(p, 'advice', ADVICE, 'dm.dom', mr(k));
  const opening = pickFrom(p, 'openings', OPENINGS, mr(8));
  const closing = pickFrom(p, 'closings', CLOSINGS, mr(9));
  return [
    `insert into record_messages (record_id, seq, role, content, created_at, prompt_tokens,
        completion_tokens, feedback, feedback_note)
      select ${base.records} + g, s, case when s % 2 = 1 then 'user' else 'assistant' end,
        case when s = 1 then '关于' || x.topic || '，' || ${ask}
          when s % 2 = 1 then case when ${mr(10)} < 0.35 then '关于' || ${otherTopic} || '，' || ${ask}
            else ${followUp} end
          else ${opening} || '针对**' || x.topic || '**，建议按以下步骤处理：' || chr(10)
            || '1. ' || ${advice(6)} || chr(10) || '2. ' || ${advice(7)}
            || chr(10) || chr(10) || ${closing} end,
        ${messageAt('s')}, ${messagePrompt('s')}, ${messageCompletion('s')},
        case when s % 2 = 0 and ${mr(11)} < 0.1
          then case when ${mr(12)} < 0.7 then 'like' else 'dislike' end end,
        case when s % 2 = 0 and ${mr(11)} < 0.03 then '回答编号 ' || g || '-' || s end
      from ${rows}, lateral generate_series(1, nn.n) s`,
    p.values,
  ] as const;
}

interface Model {
  id: number;
  modelType: string;
  version: string;
  from: number;
  until: number;
  weight: number;
}

function callsStatement(
  anchor: Anchor,
  base: Bases,
  models: readonly Model[],
  from: number,
  to: number,
) {
  const p = new Params();
  // 100 slots in proportion to the weights; a call outside its version's lifetime goes to the
  // busiest full-year version of its type (as the statistics bench does).
  const total = models.reduce((s, m) => s + m.weight, 0);
  const slots: number[] = [];
  models.forEach((m, i) => {
    for (let k = Math.round((m.weight / total) * 100); k > 0; k--) slots.push(i + 1);
  });
  while (slots.length < 100) slots.push(1);
  const fallback = models.map((m) => {
    const full = models
      .filter((o) => o.modelType === m.modelType && o.from >= DAYS && o.until === 0)
      .sort((a, b) => b.weight - a.weight)[0];
    return models.indexOf(full ?? models[0]!) + 1;
  });
  const slotRef = p.add(slots.slice(0, 100), 'int[]');
  const fromRef = p.add(
    models.map((m) => m.from),
    'int[]',
  );
  const untilRef = p.add(
    models.map((m) => m.until),
    'int[]',
  );
  const fallbackRef = p.add(fallback, 'int[]');
  const ids = p.add(
    models.map((m) => m.id),
    'int[]',
  );
  const types = p.add(
    models.map((m) => m.modelType),
    'text[]',
  );
  const versions = p.add(
    models.map((m) => m.version),
    'text[]',
  );
  const title = pickOf(p, 'titles', TITLES, 'dm.dom', r(30));
  const topic = pickOf(p, 'topics', TOPICS, 'dm.dom', r(31));
  const ask = pickFrom(p, 'asks', ASKS, r(32));
  const advice = (k: number) => pickOf(p, 'advice', ADVICE, 'dm.dom', r(k));
  const opening = pickFrom(p, 'openings', OPENINGS, r(36));
  const closing = pickFrom(p, 'closings', CLOSINGS, r(37));
  const tens = Math.floor(PROMPTS / 10);
  // 10 % without a template; else mostly platform templates (digits 0-7), some of the demo
  // user's own (8) and some of other people's (9), which the demo user does not see.
  const template =
    tens > 0
      ? `case when ${r(40)} < 0.1 then null else ${base.prompts} + 1 + 10 * floor(${tens} * ${r(41)})::int
          + case when ${r(42)} < 0.8 then floor(${r(42)} * 10)::int when ${r(42)} < 0.87 then 8
            else 9 end end`
      : 'null';
  return [
    `insert into prompt_calls (id, created_at, updated_at, title, template_id, question, answer,
        recommended_answer, assessment, variables, call_time, user_id, prompt_tokens,
        completion_tokens, total_tokens, scene_code, model_type, model_version, cost)
      overriding system value
      select ${base.calls} + g, e.t, e.t, ${title}, ${template},
        '关于' || x.topic || '，' || ${ask} || case when ${r(33)} < 0.5
          then '（单号 ' || (100000 + (hashint8extended(g, 34) & 2147483647) % 900000) || '）'
          else '' end,
        ${opening} || ${advice(35)} || case when ${r(38)} < 0.6 then ${advice(39)} else '' end
          || ${closing},
        case when x.assessment = 2 and ${r(43)} < 0.5 then '建议回答：' || ${advice(44)} end,
        x.assessment,
        case when ${r(45)} < 0.3 then jsonb_build_array(jsonb_build_object('name', 'topic',
          'value', x.topic)) end,
        e.t, ${userId}, tk.pt, tk.ct, tk.pt + tk.ct,
        case when e.sc < 0 then null else ${sceneCode('e.sc')} end,
        (${types})[m.i], (${versions})[m.i],
        coalesce((select round((tk.pt * pr.prompt_price + tk.ct * pr.completion_price) / 1000.0, 6)
          from model_version_prices pr
          where pr.model_version_id = (${ids})[m.i] and pr.effective_from <= e.t
          order by pr.effective_from desc limit 1), 0)
      from generate_series(${from}::int, ${to}::int) g, ${spread(p, anchor, 1, 0.01)},
        lateral (select ${topic} as topic,
          case when ${r(46)} < 0.74 then 0 when ${r(46)} < 0.92 then 1 else 2 end::smallint
            as assessment offset 0) x,
        lateral (select (${slotRef})[1 + floor(100 * ${r(20)})::int] as pick offset 0) s,
        lateral (select case when c.d < (${fromRef})[s.pick] and c.d >= (${untilRef})[s.pick]
          then s.pick else (${fallbackRef})[s.pick] end as i offset 0) m,
        lateral (select 50 + floor(1500 * ${r(21)} ^ 2)::int as pt,
          20 + floor(800 * ${r(22)} ^ 1.5)::int as ct offset 0) tk`,
    p.values,
  ] as const;
}

function corporaStatement(anchor: Anchor, base: Bases): [string, unknown[]] {
  const p = new Params();
  const now = p.named('now', () => anchor.now, 'timestamptz');
  const names = p.add(
    DOMAINS.map((d) => d.name),
    'text[]',
  );
  const types = p.add(CORPUS_TYPES, 'text[]');
  return [
    `insert into corpora (id, created_at, updated_at, corpus_name, scene_code, state, item_count,
        description, type, require_review, annotated_count, reviewed_count)
      overriding system value
      select ${base.corpora} + 1 + cc.c, t.t, t.t,
        '语料集 ' || (${names})[dm.dom] || ' ' || lpad(cc.c::text, 3, '0'),
        ${sceneCode(`(cc.c * 7) % ${SCENES}`)}, 'pending', 0,
        (${names})[dm.dom] || '场景的评测语料，第 ' || cc.c || ' 批',
        (${types})[1 + cc.c % 3], ${cr(2)} < 0.3, 0, 0
      from generate_series(0, ${SETS - 1}) cc (c),
        lateral (select 1 + ((cc.c * 7) % ${SCENES}) % ${DOMAINS.length} as dom offset 0) dm,
        lateral (select ${now} - make_interval(days => 30 + floor(330 * ${cr(1)})::int) as t offset 0) t`,
    p.values,
  ];
}

function itemsStatement(anchor: Anchor, base: Bases, from: number, to: number) {
  const p = new Params();
  const now = p.named('now', () => anchor.now, 'timestamptz');
  const topic = pickOf(p, 'topics', TOPICS, 'dm.dom', r(311));
  const ask = pickFrom(p, 'asks', ASKS, r(312));
  const advice = (k: number) => pickOf(p, 'advice', ADVICE, 'dm.dom', r(k));
  const tag = (k: number) => pickFrom(p, 'itemTags', ITEM_TAGS, r(k));
  const single = DEMO_USER_ID;
  const [first, second] = ANNOTATOR_IDS;
  const labelled = `s.status in ('annotated', 'reviewed', 'disputed')`;
  return [
    `insert into corpus_items (id, created_at, updated_at, corpus_id, question, answer,
        recommended_answer, label, tags, status, assignees, annotator_id, annotator_name,
        annotated_at, reviewer_id, reviewer_name, reviewed_at, review_result)
      overriding system value
      select ${base.items} + g, s.created, coalesce(s.reviewed, s.annotated, s.created),
        ${base.corpora} + 1 + cc.c,
        '关于' || ${topic} || '，' || ${ask} || '（样本 ' || g || '）',
        case when ${r(313)} < 0.9 then ${advice(314)} || ${advice(315)} end,
        case when s.status = 'reviewed' and ${r(316)} < 0.3 then '建议回答：' || ${advice(317)} end,
        case when s.status in ('annotated', 'reviewed') then case when ${r(318)} < 0.7
          then 'correct' when ${r(318)} < 0.9 then 'incorrect' else 'needs-review' end end,
        case when ${r(319)} < 0.5 then '{}'::text[] when ${r(319)} < 0.85 then array[${tag(320)}]
          else array[${tag(320)}, ${tag(321)}] end,
        s.status,
        case when k.dbl then array['${first}', '${second}'] else array['${single}'] end,
        case when ${labelled} then case when k.dbl then '${first}' else '${single}' end end,
        case when ${labelled} then case when k.dbl then '${nameOf(first)}'
          else '${nameOf(single)}' end end,
        s.annotated,
        case when s.status = 'reviewed' then '${ADMIN_ID}' end,
        case when s.status = 'reviewed' then '${nameOf(ADMIN_ID)}' end,
        s.reviewed,
        case when s.status = 'reviewed' then case when ${r(322)} < 0.8 then 'accepted'
          else 'corrected' end end
      from generate_series(${from}::int, ${to}::int) g,
        lateral (select floor(${SETS} * ${r(301)} ^ 2)::int as c offset 0) cc,
        lateral (select 1 + ((cc.c * 7) % ${SCENES}) % ${DOMAINS.length} as dom offset 0) dm,
        lateral (select ${now} - make_interval(days => 30 + floor(330 * ${cr(1)})::int) as created,
          ${cr(2)} < 0.3 as review, ${cr(3)} < 0.1 as dbl,
          case when ${cr(4)} < 0.2 then 0 when ${cr(4)} < 0.4 then 1 else ${cr(5)} end
            as progress offset 0) k,
        lateral (select case when ${r(302)} < k.progress then case
              when k.dbl and ${r(303)} < 0.12 then 'disputed'
              when k.review and ${r(303)} < 0.6 then 'reviewed' else 'annotated' end
            when ${r(302)} < k.progress + 0.03 then 'skipped' else 'pending' end as status,
          k.created + make_interval(secs => floor(86400 * ${r(304)})::int) as created0 offset 0) s0,
        lateral (select s0.status, s0.created0 as created,
          case when s0.status in ('annotated', 'reviewed', 'disputed')
            then least(${now}, s0.created0 + make_interval(hours => 1 + floor(480 * ${r(305)})::int))
          end as annotated offset 0) s1,
        lateral (select s1.status, s1.created, s1.annotated,
          case when s1.status = 'reviewed' then least(${now}, s1.annotated + interval '1 day')
          end as reviewed offset 0) s`,
    p.values,
  ] as const;
}

function labelsStatement(base: Bases): [string, unknown[]] {
  const [first, second] = ANNOTATOR_IDS;
  return [
    `insert into corpus_labels (item_id, corpus_id, annotator_id, annotator_name, label,
        created_at, updated_at)
      select i.id, i.corpus_id, a.id,
        case a.id when '${first}' then '${nameOf(first)}' when '${second}' then '${nameOf(second)}'
          else '${nameOf(DEMO_USER_ID)}' end,
        case when i.status = 'disputed' then case when a.n = 1 then 'correct' else 'incorrect' end
          else coalesce(i.label, 'correct') end,
        i.annotated_at, i.annotated_at
      from corpus_items i, unnest(i.assignees) with ordinality a (id, n)
      where i.id > ${base.items} and i.status in ('annotated', 'reviewed', 'disputed')`,
    [],
  ];
}

/** What recountCorpora (server/resources/corpus/counts.ts) keeps, for every loaded set at once. */
function corpusCountsStatement(base: Bases): [string, unknown[]] {
  return [
    `update corpora c set
        item_count = s.total,
        annotated_count = s.annotated,
        reviewed_count = s.reviewed,
        state = case
          when s.annotated = 0 then 'pending'
          when s.annotated = s.total and s.disputed = 0
            and (not coalesce(c.require_review, false) or s.reviewed = s.total) then 'done'
          else 'marking'
        end
      from (
        select corpus_id,
          count(*)::int as total,
          (count(*) filter (where status in ('annotated', 'disputed', 'reviewed')))::int
            as annotated,
          (count(*) filter (where status = 'disputed'))::int as disputed,
          (count(*) filter (where status = 'reviewed'))::int as reviewed
        from corpus_items where corpus_id > ${base.corpora} group by corpus_id
      ) s
      where c.id = s.corpus_id`,
    [],
  ];
}

/**
 * The rollup backfill statements of the migrations, in order: the top-level statements that
 * fill a `stat_` table from the raw rows or from another rollup (0004: hourly, daily and daily
 * users from calls and chats; 0005: per scene, monthly and the user-day bitmaps). Read from the
 * files so a later migration's rollup comes along.
 */
function rollupBackfills(): { table: string; text: string }[] {
  const out: { table: string; text: string }[] = [];
  for (const file of readdirSync(MIGRATIONS_FOLDER)
    .filter((f) => f.endsWith('.sql'))
    .sort()) {
    const text = readFileSync(join(MIGRATIONS_FOLDER, file), 'utf8');
    for (const raw of text.split('--> statement-breakpoint')) {
      const statement = raw
        .split('\n')
        .filter((line) => !line.trimStart().startsWith('--'))
        .join('\n')
        .trim();
      if (!/^(with d as \(|insert into stat_)/i.test(statement)) continue;
      const table = /insert into (stat_\w+)/i.exec(statement)?.[1];
      if (table) out.push({ table: table.toLowerCase(), text: statement });
    }
  }
  return out;
}

// ---- checks -----------------------------------------------------------------------------------

/** Recounts as in server/statistics/statistics.test.ts: each rollup against the raw rows. */
function recountChecks(): { name: string; recount: string; rollup: string }[] {
  const measures = (key: string) => `
    with c as (select ${key.replaceAll('$t', 'call_time')} as k, coalesce(scene_code, '') as s,
        coalesce(model_version, '') as m, count(*) as calls, sum(prompt_tokens)::bigint as pt,
        sum(completion_tokens)::bigint as ct, sum(coalesce(cost, 0)) as cost
      from prompt_calls group by 1, 2, 3),
    h as (select ${key.replaceAll('$t', 'created_at')} as k, coalesce(scene_code, '') as s,
        '' as m, count(*) as chats from records group by 1, 2)
    select coalesce(c.k, h.k) as k, coalesce(c.s, h.s) as s, coalesce(c.m, h.m) as m,
      coalesce(c.calls, 0) as calls, coalesce(c.pt, 0) as pt, coalesce(c.ct, 0) as ct,
      coalesce(c.cost, 0) as cost, coalesce(h.chats, 0) as chats
    from c full join h on c.k = h.k and c.s = h.s and c.m = h.m`;
  const rolled = (key: string, table: string, model = 'model_version') => `
    select ${key} as k, scene_code as s, ${model} as m, calls, prompt_tokens as pt,
      completion_tokens as ct, cost, chats from ${table}
    where calls <> 0 or chats <> 0 or prompt_tokens <> 0 or completion_tokens <> 0 or cost <> 0`;
  const day = `($t at time zone '${TZ}')::date`;
  const bits = `
    with a as (select distinct (call_time at time zone '${TZ}')::date as d,
        coalesce(scene_code, '') as s, coalesce(model_version, '') as m, user_id as u
      from prompt_calls where user_id is not null),
    r as (select (extract(year from d)::int + h)::smallint as y, d, s, m, u
      from a cross join (values (0), (1)) v (h)),
    b as (select y, s, m, u, stat_day_bit(d, y) as bit from r)
    select y, 0::smallint, m, s, u, bit_or(bit) from b group by y, m, s, u
    union all select y, 1::smallint, '', s, u, bit_or(bit) from b group by y, s, u
    union all select y, 2::smallint, m, '', u, bit_or(bit) from b group by y, m, u
    union all select y, 3::smallint, '', '', u, bit_or(bit) from b group by y, u`;
  return [
    {
      name: 'stat_hourly',
      recount: measures(`date_trunc('hour', $t, 'UTC')`),
      rollup: rolled('hour', 'stat_hourly'),
    },
    { name: 'stat_daily', recount: measures(day), rollup: rolled('day', 'stat_daily') },
    {
      name: 'stat_daily_scene',
      recount: `select k, s, '' as m, sum(calls), sum(pt), sum(ct), sum(cost), sum(chats)
        from (${measures(day)}) x group by 1, 2`,
      rollup: rolled('day', 'stat_daily_scene', `''`),
    },
    {
      name: 'stat_monthly',
      recount: measures(`date_trunc('month', ($t at time zone '${TZ}'))::date`),
      rollup: rolled('month', 'stat_monthly'),
    },
    {
      name: 'stat_daily_users',
      recount: `select (call_time at time zone '${TZ}')::date, coalesce(scene_code, ''),
          coalesce(model_version, ''), user_id, count(*)
        from prompt_calls where user_id is not null group by 1, 2, 3, 4`,
      rollup: `select day, scene_code, model_version, user_id, calls from stat_daily_users
        where calls <> 0`,
    },
    {
      name: 'stat_user_days',
      recount: bits,
      rollup: `select year, kind, model_version, scene_code, user_id, days from stat_user_days
        where position(B'1' in days) > 0`,
    },
    {
      name: 'records.message_count, total_tokens',
      recount: `select record_id, count(*)::int, sum(prompt_tokens + completion_tokens)::int
        from record_messages group by 1`,
      rollup: `select id, message_count, total_tokens from records
        where message_count > 0 or exists (select 1 from record_messages m where m.record_id = records.id)`,
    },
    {
      name: 'corpora counts',
      recount: `select corpus_id, count(*)::int,
          (count(*) filter (where status in ('annotated', 'reviewed')))::int,
          (count(*) filter (where status = 'reviewed'))::int
        from corpus_items group by 1`,
      rollup: `select id, item_count, annotated_count, reviewed_count from corpora
        where item_count > 0 or exists (select 1 from corpus_items i where i.corpus_id = corpora.id)`,
    },
  ];
}

// ---- migrations edited after a load -----------------------------------------------------------

/**
 * Migrations recorded in the database that no current migration file matches (same time and
 * hash, as drizzle's migrator computes them). A migration regenerated while the schema is worked
 * on gets a new time: the migrator would run it again over its own earlier version and fail.
 */
async function staleMigrations(q: Query): Promise<string[]> {
  const [{ present } = { present: false }] = await q<{ present: boolean }>(
    `select to_regclass('drizzle.__drizzle_migrations') is not null as present`,
  );
  if (!present) return [];
  const entries = migrationJournal();
  const current = migrationKeys(entries);
  const applied = await q<{ hash: string; at: string }>(
    `select hash, created_at::text as at from drizzle.__drizzle_migrations order by created_at`,
  );
  return applied
    .filter((m) => !current.has(`${m.at} ${m.hash}`))
    .map((m) => {
      const entry = entries.find((e) => String(e.when) === m.at);
      return entry ? `${entry.tag} (edited since)` : `the migration of ${m.at} (no longer there)`;
    });
}

/**
 * Makes a loaded database's schema equal to a fresh migration's without reloading its rows, when
 * the two differ only in indexes and extensions (the usual change while list queries are tuned):
 * migrates a scratch database, refuses if tables, constraints, triggers or functions differ,
 * creates missing extensions, drops the indexes the fresh schema lacks, builds the ones it has,
 * and takes over its migration records so the migrator finds nothing left to do.
 */
async function syncSchema(q: Query): Promise<void> {
  const scratch = `${DB_NAME}_schema_${process.pid}`;
  const scratchUrl = new URL(URL_TEXT);
  scratchUrl.pathname = `/${scratch}`;
  await adminQuery(adminUrl.toString(), `create database "${scratch}"`);
  const other = new pg.Client({ connectionString: scratchUrl.toString() });
  try {
    const fresh = await openDatabase({ databaseUrl: scratchUrl.toString() });
    await fresh.close();
    await other.connect();
    const s: Query = async (text, values = []) =>
      (await other.query(text, values as unknown[])).rows;
    const list = async (query: Query, text: string) =>
      new Set((await query<{ x: string }>(text)).map((r) => r.x));
    const extensions = `select extname as x from pg_extension`;
    for (const ext of await list(s, extensions)) {
      if (!(await list(q, extensions)).has(ext)) {
        await q(`create extension if not exists "${ext}"`);
        console.log(`  created extension ${ext}`);
      }
    }
    const shapes = [
      `select table_name || '.' || column_name || ' ' || data_type || ' ' || is_nullable || ' '
         || coalesce(column_default, '') as x
       from information_schema.columns where table_schema in ('public', 'drizzle')`,
      `select conrelid::regclass::text || ' ' || conname || ' ' || pg_get_constraintdef(oid) as x
       from pg_constraint where connamespace = 'public'::regnamespace`,
      `select tgrelid::regclass::text || ' ' || tgname || ' ' || pg_get_triggerdef(oid) as x
       from pg_trigger where not tgisinternal`,
      `select proname || ' ' || md5(prosrc) as x from pg_proc
       where pronamespace = 'public'::regnamespace`,
    ];
    const differences: string[] = [];
    for (const shape of shapes) {
      const [mine, theirs] = [await list(q, shape), await list(s, shape)];
      for (const x of mine) if (!theirs.has(x)) differences.push(`only in ${DB_NAME}: ${x}`);
      for (const x of theirs) if (!mine.has(x)) differences.push(`only when migrated: ${x}`);
    }
    if (differences.length) {
      throw new Error(
        `the schema differs beyond indexes; reload with --reset:\n  ${differences
          .slice(0, 10)
          .join('\n  ')}`,
      );
    }
    const indexes = `select i.indexname as name, i.tablename as "table", i.indexdef as def
      from pg_indexes i where i.schemaname = 'public' and not exists (select 1 from pg_constraint k
        where k.conindid = format('%I.%I', i.schemaname, i.indexname)::regclass)`;
    type Ix = { name: string; table: string; def: string };
    const mine = await q<Ix>(indexes);
    const theirs = await s<Ix>(indexes);
    const defs = (xs: Ix[]) => new Set(xs.map((x) => x.def));
    const [mineDefs, theirDefs] = [defs(mine), defs(theirs)];
    const touched = new Set<string>();
    const extra = mine.filter((x) => !theirDefs.has(x.def));
    const missing = theirs.filter((x) => !mineDefs.has(x.def));
    for (const ix of extra) {
      await q(`drop index "${ix.name}"`);
      touched.add(ix.table);
      console.log(`  dropped ${ix.name}`);
    }
    await q(`set maintenance_work_mem = '1GB'`);
    await q(`set statement_timeout = 0`);
    for (const ix of missing) {
      const t = performance.now();
      await q(ix.def);
      touched.add(ix.table);
      console.log(`  built ${ix.name.padEnd(46)} ${since(t).toFixed(1).padStart(7)} s`);
    }
    const records = await s<{ hash: string; at: string }>(
      `select hash, created_at::text as at from drizzle.__drizzle_migrations order by created_at`,
    );
    await q(`delete from drizzle.__drizzle_migrations`);
    for (const m of records) {
      await q(`insert into drizzle.__drizzle_migrations (hash, created_at) values ($1, $2)`, [
        m.hash,
        m.at,
      ]);
    }
    if (touched.size) await q(`analyze ${[...touched].map((t) => `"${t}"`).join(', ')}`);
    console.log(
      `schema synced with the migrations: ${extra.length} indexes dropped, ${missing.length} built`,
    );
  } finally {
    await other.end().catch(() => undefined);
    await adminQuery(adminUrl.toString(), `drop database if exists "${scratch}" with (force)`);
  }
}

// ---- run --------------------------------------------------------------------------------------

interface Marker {
  tool: 'bench:data';
  complete: boolean;
  params: typeof PARAMS;
  loadedAt?: string;
  seconds?: number;
  bases?: Bases;
}

async function databaseExists(): Promise<boolean> {
  const client = new pg.Client({ connectionString: adminUrl.toString() });
  await client.connect();
  try {
    const { rows } = await client.query('select 1 from pg_database where datname = $1', [DB_NAME]);
    return rows.length > 0;
  } finally {
    await client.end();
  }
}

async function main(): Promise<number> {
  const started = performance.now();
  console.log(
    `bench:data → ${url.host}/${DB_NAME}: ${fmt(SCENES)} scenes, ${fmt(PROMPTS)} templates, ` +
      `${fmt(SESSIONS)} sessions × ~${MESSAGES} messages, ${fmt(CALLS)} calls, ` +
      `${fmt(ITEMS)} corpus items in ${fmt(SETS)} sets, ${fmt(USERS)} users; ` +
      `${cpus().length} cores, ${load()}`,
  );
  if (args.reset && (await databaseExists())) {
    await adminQuery(adminUrl.toString(), `drop database "${DB_NAME}" with (force)`);
    console.log(`dropped ${DB_NAME}`);
  }
  if (!(await databaseExists())) {
    await adminQuery(adminUrl.toString(), `create database "${DB_NAME}"`);
    console.log(`created ${DB_NAME}`);
  }

  {
    const check = new pg.Client({ connectionString: url.toString() });
    await check.connect();
    try {
      const q: Query = async (text, values = []) =>
        (await check.query(text, values as unknown[])).rows;
      const stale = await staleMigrations(q);
      if (stale.length && !args['sync-schema']) {
        console.error(
          `${DB_NAME} was migrated by migrations edited since (${stale.join(', ')}): ` +
            'run again with --sync-schema (keeps the rows) or --reset.',
        );
        return 1;
      }
      if (args['sync-schema']) await syncSchema(q);
    } finally {
      await check.end();
    }
  }

  // The app's migrations and demo seed, through the app's own code. Index builds of a later
  // migration over loaded rows take far longer than the server's 15 s statement bound.
  {
    const t = performance.now();
    const database = await openDatabase({
      databaseUrl: url.toString(),
      statementTimeoutMs: 6 * 3_600_000,
    });
    try {
      await seed(database.db, { kind: database.kind, seedDemo: '1' });
    } finally {
      await database.close();
    }
    console.log(`migrations and demo seed: ${since(t).toFixed(1)} s`);
  }

  const client = new pg.Client({
    connectionString: url.toString(),
    application_name: 'bench:data',
  });
  await client.connect();
  const q = async <T extends object = Record<string, unknown>>(
    text: string,
    values: readonly unknown[] = [],
  ) => (await client.query(text, values as unknown[])).rows as T[];
  try {
    const [{ comment } = { comment: null }] = await q<{ comment: string | null }>(
      `select shobj_description(oid, 'pg_database') as comment from pg_database
       where datname = current_database()`,
    );
    const marker = comment?.startsWith('{') ? (JSON.parse(comment) as Marker) : undefined;
    if (marker?.complete) {
      const same = JSON.stringify(marker.params) === JSON.stringify(PARAMS);
      console.log(
        `${DB_NAME} already holds a finished load (${marker.loadedAt}, ${marker.seconds?.toFixed(0)} s)` +
          (same ? '' : ` of other sizes: ${JSON.stringify(marker.params)}`) +
          '; --reset loads it again.',
      );
      await printSizes(q);
      return same ? 0 : 1;
    }
    const [{ n: earlier } = { n: 0 }] = await q<{ n: number }>(
      `select count(*)::int as n from scenes where scene_code like 'bench-scene-%'`,
    );
    if (marker || earlier > 0) {
      console.error(`${DB_NAME} holds an unfinished load; run again with --reset.`);
      return 1;
    }
    await q(
      `comment on database "${DB_NAME}" is '${JSON.stringify({
        tool: 'bench:data',
        complete: false,
        params: PARAMS,
      } satisfies Marker)}'`,
    );

    // Triggers this script does not know would silently go unbackfilled: say so up front.
    const triggers = await q<{ table: string; name: string }>(
      `select c.relname as "table", t.tgname as name from pg_trigger t
       join pg_class c on c.oid = t.tgrelid
       where not t.tgisinternal and c.relname = any($1::text[]) order by 1, 2`,
      [LOADED_TABLES],
    );
    const unknown = triggers.filter((t) => !KNOWN_TRIGGERS.has(t.name));
    if (unknown.length) {
      console.warn(
        `WARNING: triggers this load does not redo (their effects will be missing): ` +
          unknown.map((t) => `${t.table}.${t.name}`).join(', '),
      );
    }

    // The loading session: no triggers (nor foreign-key checks), generous memory, no timeout.
    await q(`set session_replication_role = replica`);
    await q(`set statement_timeout = 0`);
    await q(`set synchronous_commit = off`);
    await q(`set work_mem = '256MB'`);
    await q(`set maintenance_work_mem = '1GB'`);

    const anchorDate = new Date();
    const anchor: Anchor = { now: anchorDate.toISOString(), today: todayIn(TZ, anchorDate) };
    const maxId = async (table: string) =>
      (await q<{ n: number }>(`select coalesce(max(id), 0)::int as n from ${table}`))[0]!.n;
    const bases: Bases = {
      scenes: await maxId('scenes'),
      prompts: await maxId('prompts'),
      records: await maxId('records'),
      calls: await maxId('prompt_calls'),
      corpora: await maxId('corpora'),
      items: await maxId('corpus_items'),
    };
    const models = (
      await q<{ id: number; modelType: string; version: string }>(
        `select id, model_type as "modelType", version from model_versions order by id`,
      )
    ).map((m) => {
      const demo = DEMO_MODEL_VERSIONS.find((d) => d.version === m.version);
      return {
        ...m,
        from: demo?.usedFromDaysAgo ?? DAYS,
        until: demo?.usedUntilDaysAgo ?? 0,
        weight: demo?.weight ?? 1,
      };
    });
    if (!models.length) throw new Error('no model versions: the demo seed did not run');

    const indexes = await q<{ name: string; def: string; table: string }>(
      `select ic.relname as name, pg_get_indexdef(i.indexrelid) as def, c.relname as "table"
       from pg_index i join pg_class c on c.oid = i.indrelid join pg_class ic on ic.oid = i.indexrelid
       where c.relname = any($1::text[]) and c.relnamespace = 'public'::regnamespace
         and not exists (select 1 from pg_constraint k where k.conindid = i.indexrelid)
       order by c.relname, ic.relname`,
      [BIG_TABLES],
    );
    for (const ix of indexes) await q(`drop index "${ix.name}"`);
    console.log(`dropped ${indexes.length} secondary indexes of ${BIG_TABLES.join(', ')}`);

    const step = async (name: string, statement: readonly [string, readonly unknown[]]) => {
      const t = performance.now();
      const res = await client.query(statement[0], statement[1] as unknown[]);
      console.log(
        `  ${name.padEnd(18)} ${fmt(res.rowCount ?? 0).padStart(11)} rows ${since(t).toFixed(1).padStart(7)} s`,
      );
      return res.rowCount ?? 0;
    };
    const batched = async (
      name: string,
      total: number,
      per: number,
      statement: (from: number, to: number) => readonly [string, readonly unknown[]],
    ) => {
      const t0 = performance.now();
      let rows = 0;
      for (let from = 1; from <= total; from += per) {
        const to = Math.min(total, from + per - 1);
        const t = performance.now();
        const [text, values] = statement(from, to);
        rows += (await client.query(text, values as unknown[])).rowCount ?? 0;
        console.log(
          `  ${name.padEnd(18)} ${fmt(to).padStart(11)} / ${fmt(total)}   batch ${since(t).toFixed(1)} s` +
            `   ${fmt(rows).padStart(11)} rows, overall ${fmt(rows / since(t0))} rows/s`,
        );
      }
      return since(t0);
    };

    const tLoad = performance.now();
    console.log('load (triggers off):');
    await step('scenes', scenesStatement(anchor, bases));
    if (PROMPTS > 0) {
      await step('prompts', promptsStatement(anchor, bases));
      await step('prompt versions', promptVersionsStatement(bases));
    }
    await batched('sessions', SESSIONS, BATCH, (a, b) => recordsStatement(anchor, bases, a, b));
    await batched('messages', SESSIONS, Math.max(1, Math.floor(BATCH / MESSAGES)), (a, b) =>
      messagesStatement(anchor, bases, a, b),
    );
    await batched('calls', CALLS, BATCH, (a, b) => callsStatement(anchor, bases, models, a, b));
    if (ITEMS > 0) {
      await step('corpus sets', corporaStatement(anchor, bases));
      await batched('corpus items', ITEMS, BATCH, (a, b) => itemsStatement(anchor, bases, a, b));
      await step('corpus labels', labelsStatement(bases));
    }
    const loadSeconds = since(tLoad);
    for (const table of [
      'scenes',
      'prompts',
      'records',
      'prompt_calls',
      'corpora',
      'corpus_items',
    ]) {
      await q(
        `select setval(pg_get_serial_sequence('public.${table}', 'id'),
           greatest((select max(id) from ${table}), 1))`,
      );
    }

    const tIndexes = performance.now();
    // One at a time: B-tree builds use parallel workers already, and builders side by side
    // slowed the longest (the calls' trigram index) more than they saved.
    console.log(`indexes (${indexes.length}):`);
    for (const ix of indexes) {
      const t = performance.now();
      await q(ix.def);
      console.log(`  ${ix.name.padEnd(48)} ${since(t).toFixed(1).padStart(7)} s`);
    }
    const indexSeconds = since(tIndexes);

    const tDerived = performance.now();
    console.log('derived rows:');
    if (ITEMS > 0) await step('corpus counts', corpusCountsStatement(bases));
    const backfills = rollupBackfills();
    const filled = [...new Set(backfills.map((b) => b.table))];
    const present = (
      await q<{ name: string }>(
        `select relname as name from pg_class where relkind in ('r', 'p')
         and relnamespace = 'public'::regnamespace and relname like 'stat\\_%' order by 1`,
      )
    ).map((x) => x.name);
    const missing = present.filter((t) => !filled.includes(t));
    if (missing.length) {
      console.warn(`WARNING: no backfill statement in the migrations for ${missing.join(', ')}`);
    }
    // The demo's rows were rolled up by the triggers at seed time: rebuild everything at once.
    await q(`truncate ${filled.join(', ')}`);
    for (const [i, b] of backfills.entries()) {
      await step(`${b.table} (${i + 1})`, [b.text, []]);
    }
    const derivedSeconds = since(tDerived);
    await q(`set session_replication_role = origin`);

    const tVacuum = performance.now();
    const touched = [...LOADED_TABLES, ...filled];
    await q(`vacuum (analyze) ${touched.join(', ')}`);
    const vacuumSeconds = since(tVacuum);
    const total = since(started);
    console.log(
      `\nloaded in ${total.toFixed(0)} s: rows ${loadSeconds.toFixed(0)} s, ` +
        `indexes ${indexSeconds.toFixed(0)} s, rollups and counts ${derivedSeconds.toFixed(0)} s, ` +
        `vacuum analyze ${vacuumSeconds.toFixed(0)} s; ${load()}`,
    );

    let ok = true;
    if (VERIFY) ok = await verify(q);
    else console.log('(rollup = recount check skipped at this scale; --verify runs it)');

    await q(
      `comment on database "${DB_NAME}" is '${JSON.stringify({
        tool: 'bench:data',
        complete: true,
        params: PARAMS,
        loadedAt: anchor.now,
        seconds: Math.round(total),
        bases,
      } satisfies Marker)}'`,
    );
    await printSizes(q);
    return ok ? 0 : 1;
  } finally {
    await client.end();
  }
}

type Query = <T extends object = Record<string, unknown>>(
  text: string,
  values?: readonly unknown[],
) => Promise<T[]>;

async function verify(q: Query): Promise<boolean> {
  const t = performance.now();
  let ok = true;
  for (const check of recountChecks()) {
    const [{ extra, lost } = { extra: 0, lost: 0 }] = await q<{ extra: number; lost: number }>(
      `with a as (${check.recount}), b as (${check.rollup})
       select (select count(*) from (select * from b except all select * from a) x)::int as extra,
         (select count(*) from (select * from a except all select * from b) y)::int as lost`,
    );
    const [{ n } = { n: 0 }] = await q<{ n: number }>(
      `select count(*)::int as n from (${check.rollup}) z`,
    );
    const same = extra === 0 && lost === 0;
    ok &&= same;
    console.log(
      `  ${check.name.padEnd(38)} ${fmt(n).padStart(11)} rows  ` +
        (same
          ? 'equal to a recount'
          : `DIFFERS: ${extra} rows not in the recount, ${lost} missing`),
    );
  }
  console.log(`rollup = recount: ${ok ? 'yes' : 'no'} (${since(t).toFixed(1)} s)`);
  return ok;
}

async function printSizes(q: Query) {
  const rows = await q<{ table: string; rows: string; data: string; indexes: string }>(
    `select c.relname as "table", c.reltuples::bigint::text as "rows",
       pg_size_pretty(pg_table_size(c.oid)) as data, pg_size_pretty(pg_indexes_size(c.oid)) as indexes
     from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind in ('r', 'p')
       and (c.relname = any($1::text[]) or c.relname like 'stat\\_%')
     order by pg_total_relation_size(c.oid) desc`,
    [LOADED_TABLES],
  );
  const [{ size } = { size: '?' }] = await q<{ size: string }>(
    `select pg_size_pretty(pg_database_size(current_database())) as size`,
  );
  console.log(`\n| table | rows (estimate) | data | indexes |\n| --- | --: | --: | --: |`);
  for (const s of rows) {
    console.log(`| ${s.table} | ${fmt(Math.max(0, Number(s.rows)))} | ${s.data} | ${s.indexes} |`);
  }
  console.log(`\ndatabase ${DB_NAME}: ${size}`);
}

process.exit(await main());
