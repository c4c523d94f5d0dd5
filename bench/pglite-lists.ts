// Lists on the embedded default (docs/PERFORMANCE.md "PGlite: lists over the demo seed"): the
// real server (`node --import tsx server/main.ts`, as scripts/start.mjs
// runs it) in a child process on PGlite (no DATABASE_URL, a fresh DATA_DIR, SEED_DEMO=1), so it
// does not share a thread with the load generator. Logged in as the demo user (and the demo admin
// for what only the admin lists, and for the lists whose rows depend on ownership), every
// built-in list (`POST /api/manage/v1/<prefix>/page`, contract/resources) is asked for its first
// page, each offered sort, one filter (an `eq` filter, valued from a row of the first page), a
// keyword (four characters of a searchable field of that row) and the second page by the first
// page's nextCursor. Each case runs one client for --single requests, then each load of
// --clients (keep-alive clients sending back to back) for a warm-up and --seconds: p50 / p95 /
// p99 per load, and the worst cases at the end. PGlite runs one statement at a time, so the
// clients of a load queue behind each other: a single team is a few people, hence 4 and 8.
//
// Run: npm run bench:pglite -- [--clients 4,8] [--seconds 0.6] [--warmup 0.2] [--single 10]
//      [--page-size 10] [--only "calls,records"] (cases whose name contains one of these)
//      [--budget-ms 100] (the p95 a single team's list should stay under) [--write]
//      (--write replaces the section "## PGlite: lists over the demo seed" of
//      docs/PERFORMANCE.md, or appends it at the end)
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { apiPath } from '../contract/api';
import {
  allFields,
  rolesAllowed,
  viewsOf,
  type FieldDef,
  type ResourceDef,
  type Role,
} from '../contract/resource';
import { RESOURCES } from '../contract/resources';
import { DEMO_ACCOUNTS } from '../server/db/demo/accounts';
import { positiveArgs, splitList } from './lib/cli';
import { errorKey, keepAliveAgent, login, postJson } from './lib/http';
import { closedLoop, tally, type LoadLimit } from './lib/load';
import { commitLabel, writeSection } from './lib/report';
import { freePort, spawnServer, stop, waitUntilReady } from './lib/server';
import { fmt, loadAverage as load, ms as msOf, percentiles, quantile } from './lib/stats';

const { values: args } = parseArgs({
  options: {
    clients: { type: 'string', default: '4,8' },
    seconds: { type: 'string', default: '0.6' },
    warmup: { type: 'string', default: '0.2' },
    single: { type: 'string', default: '10' },
    'page-size': { type: 'string', default: '10' },
    'budget-ms': { type: 'string', default: '100' },
    'timeout-ms': { type: 'string', default: '30000' },
    only: { type: 'string' },
    write: { type: 'boolean', default: false },
  },
});

const SECTION = '## PGlite: lists over the demo seed';
const ms = (n: number) => (Number.isNaN(n) ? '–' : msOf(n));
const positive = positiveArgs(args);
const agent = keepAliveAgent();

interface PageData {
  list: Record<string, unknown>[];
  total: number;
  totalExact?: boolean;
  nextCursor: string | null;
}

interface Case {
  /** "<resource> (<role>), <what>" */
  name: string;
  resource: string;
  role: Role;
  path: string;
  body: object;
}

interface Stats {
  clients: number;
  count: number;
  rate: number;
  p50: number;
  p95: number;
  p99: number;
  /** Answers other than code 0, by code (or transport error). */
  failures: Map<string, number>;
}

interface Result {
  case: Case;
  /** What the first answer said: total and rows. */
  sample: string;
  loads: Stats[];
}

/** A value an `eq` filter on `field` can take, read from a row of the list (or nothing). */
function filterValue(field: FieldDef, row: Record<string, unknown>): unknown {
  const value = row[field.name];
  if (field.type === 'tags') return Array.isArray(value) && value.length ? value[0] : undefined;
  if (value === null || value === undefined || typeof value === 'object') return undefined;
  if (typeof value === 'string' && value.length > 64) return undefined;
  return value;
}

/** Four characters of a searchable field of the row: what someone would type to find it. */
function keywordOf(def: ResourceDef, row: Record<string, unknown>): string | undefined {
  for (const f of allFields(def).filter((x) => x.search)) {
    const value = row[f.name];
    if (typeof value !== 'string') continue;
    const text = [...value.trim()];
    if (text.length >= 2) return text.slice(0, Math.min(4, text.length)).join('');
  }
  return undefined;
}

async function bench(): Promise<number> {
  const LOADS = (args.clients ?? '')
    .split(',')
    .map((s) => Math.round(Number(s.trim())))
    .filter((n) => Number.isFinite(n) && n > 0);
  const SECONDS = positive('seconds');
  const WARMUP = Math.max(0, Number(args.warmup) || 0);
  const SINGLE = Math.round(positive('single'));
  const PAGE = Math.round(positive('page-size'));
  const BUDGET = positive('budget-ms');
  const TIMEOUT = positive('timeout-ms');
  const only = splitList(args.only);

  const dataDir = mkdtempSync(join(tmpdir(), 'console-pglite-bench-'));
  let api: ChildProcess | undefined;
  try {
    // ---- the server, on the embedded default with the demo seed
    const port = await freePort();
    const env: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SEED_DEMO: '1',
      MOCK_DELAY: '0',
      LOG_LEVEL: 'error',
    };
    delete env.DATABASE_URL;
    const spawnedAt = performance.now();
    api = spawnServer(env);
    // Once a second: slow enough to stay far below the anonymous request limit (60 a minute).
    await waitUntilReady(api, port, { agent, intervalMs: 1_000, timeoutMs: 300_000 });
    const startSeconds = (performance.now() - spawnedAt) / 1000;
    console.log(`bench:pglite: server ready (migrated and seeded) in ${startSeconds.toFixed(1)} s`);

    const tokens = new Map<Role, string>();
    for (const role of ['user', 'admin'] as const) {
      const account = DEMO_ACCOUNTS.find(
        (a) => a.role === role && a.id === (role === 'admin' ? '0' : '1'),
      );
      if (!account) throw new Error(`no demo ${role}`);
      tokens.set(
        role,
        await login({ port }, account.userName, account.password, { agent, timeoutMs: TIMEOUT }),
      );
    }

    const post = (path: string, body: string, token: string | undefined) =>
      postJson({ port }, path, body, { agent, token, timeoutMs: TIMEOUT });
    const ask = async (role: Role, path: string, body: object): Promise<PageData> => {
      const answer = await post(path, JSON.stringify(body), tokens.get(role));
      const parsed = JSON.parse(answer.text) as { code: number; msg?: string; data?: PageData };
      if (parsed.code !== 0 || !parsed.data) {
        throw new Error(`${path} ${JSON.stringify(body)}: ${answer.text.slice(0, 300)}`);
      }
      return parsed.data;
    };

    // ---- the cases, built from the declarations and the first page of each list
    const cases: Case[] = [];
    for (const def of RESOURCES) {
      const path = apiPath(...def.prefix.split('/'), 'page');
      // The demo user where the user may list; the admin for the admin's own lists and, for
      // lists whose rows depend on ownership, as a second case (the admin's WHERE differs).
      const roles: Role[] = rolesAllowed(def, 'list').includes('user') ? ['user'] : ['admin'];
      if (def.ownership && rolesAllowed(def, 'list').includes('admin') && !roles.includes('admin'))
        roles.push('admin');
      for (const role of roles) {
        // The scope of the first list view the role opens (prompts: the platform templates).
        const view = viewsOf(def).find(
          (v) => v.kind === 'list' && (v.roles.includes('*') || v.roles.includes(role)),
        );
        const base = { current: 1, pageSize: PAGE, ...(view?.scope ? { scope: view.scope } : {}) };
        const label = `${def.name} (${role})`;
        const first = await ask(role, path, base);
        const add = (what: string, body: object) =>
          cases.push({ name: `${label}, ${what}`, resource: def.name, role, path, body });
        add('first page', base);
        if (role === 'admin' && roles[0] === 'user') continue; // the admin: first page only
        const fields = allFields(def);
        for (const f of fields.filter((x) => x.sortable)) {
          const order =
            def.defaultSort?.field === f.name && def.defaultSort.order === 'desc' ? 'asc' : 'desc';
          add(`sort ${f.name} ${order}`, { ...base, sorters: [{ field: f.name, order }] });
        }
        // The row in the middle of the first page gives the filter and keyword values.
        const row = first.list[Math.floor(first.list.length / 2)] ?? first.list[0];
        if (row) {
          const filtered = fields
            .filter((f) => f.filter === 'eq')
            .map((f) => ({ f, value: filterValue(f, row) }))
            .find((x) => x.value !== undefined);
          if (filtered) {
            add(`filter ${filtered.f.name} = ${JSON.stringify(filtered.value)}`, {
              ...base,
              filters: [{ field: filtered.f.name, operator: 'eq', value: filtered.value }],
            });
          }
          const keyword = keywordOf(def, row);
          if (keyword) add(`keyword "${keyword}"`, { ...base, keyword });
        }
        if (first.nextCursor) {
          add('second page by cursor', {
            pageSize: PAGE,
            cursor: first.nextCursor,
            ...(view?.scope ? { scope: view.scope } : {}),
          });
        }
      }
    }
    const selected = only ? cases.filter((c) => only.some((o) => c.name.includes(o))) : cases;

    // ---- the load
    const drive = async (c: Case, clients: number, seconds: number, requests?: number) => {
      const body = JSON.stringify(c.body);
      const token = tokens.get(c.role);
      const latencies: number[] = [];
      const failures = new Map<string, number>();
      const limit: LoadLimit =
        requests === undefined ? { until: performance.now() + seconds * 1000 } : { requests };
      const elapsed = await closedLoop(clients, limit, async () => {
        const t = performance.now();
        try {
          const a = await post(c.path, body, token);
          latencies.push(performance.now() - t);
          if (a.code !== 0) tally(failures, String(a.code ?? a.status));
        } catch (error) {
          tally(failures, errorKey(error));
        }
      });
      return {
        clients,
        count: latencies.length,
        rate: latencies.length / elapsed,
        ...percentiles(latencies),
        failures,
      } satisfies Stats;
    };

    const levels = [1, ...LOADS.filter((n) => n !== 1)];
    console.log(
      `bench:pglite: ${selected.length} cases; 1 client × ${SINGLE} requests, then ` +
        `${LOADS.join(' and ')} clients × ${SECONDS} s after ${WARMUP} s warm-up; page size ` +
        `${PAGE}; ${cpus().length} cores; load average ${load()}`,
    );
    console.log(
      `${'case'.padEnd(58)} ${levels.map((n) => `${n} cl p50/p95/p99 ms`.padStart(22)).join(' ')}`,
    );
    const loadBefore = load();
    const runStarted = performance.now();
    const results: Result[] = [];
    for (const c of selected) {
      const sampleText = await post(c.path, JSON.stringify(c.body), tokens.get(c.role));
      const loads: Stats[] = [await drive(c, 1, Infinity, SINGLE)];
      for (const n of LOADS.filter((x) => x !== 1)) {
        if (WARMUP > 0) await drive(c, n, WARMUP);
        loads.push(await drive(c, n, SECONDS));
      }
      const result = { case: c, sample: summary(sampleText.text), loads };
      results.push(result);
      console.log(line(result, BUDGET));
    }
    const runSeconds = (performance.now() - runStarted) / 1000;
    const loadAfter = load();

    // ---- the report
    const worstP95 = (r: Result) => Math.max(...r.loads.map((s) => s.p95));
    const worst = [...results].sort((a, b) => worstP95(b) - worstP95(a));
    const over = worst.filter((r) => worstP95(r) > BUDGET);
    const at = (n: number) => results.map((r) => r.loads.find((s) => s.clients === n));
    const summaryLines = levels.map((n) => {
      const stats = at(n).filter((s): s is Stats => !!s);
      const p95s = stats.map((s) => s.p95).sort((a, b) => a - b);
      const rates = stats.map((s) => s.rate).sort((a, b) => a - b);
      return (
        `- ${n} client${n === 1 ? '' : 's'}: median p95 ${ms(quantile(p95s, 0.5))} ms, worst ` +
        `${ms(p95s[p95s.length - 1] ?? NaN)} ms; median ${fmt(quantile(rates, 0.5))} req/s ` +
        `(${fmt(rates[0] ?? 0)}–${fmt(rates[rates.length - 1] ?? 0)})`
      );
    });
    console.log(`\n${summaryLines.join('\n')}`);
    console.log(
      `${over.length} of ${results.length} cases over ${BUDGET} ms p95 at some load; worst:\n` +
        worst
          .slice(0, 8)
          .map((r) => `  ${r.case.name}: p95 ${ms(worstP95(r))} ms`)
          .join('\n'),
    );

    const header = [
      'case',
      'answer',
      ...levels.map((n) => `${n} client${n === 1 ? '' : 's'}: p50 / p95 / p99 ms (req/s)`),
    ];
    const table = [
      `| ${header.join(' | ')} |`,
      `| --- | --- | ${levels.map(() => '--:').join(' | ')} |`,
      ...results.map((r) => {
        const cells = r.loads.map((s) => {
          const text = `${ms(s.p50)} / ${ms(s.p95)} / ${ms(s.p99)} (${fmt(s.rate)})`;
          const failed = [...s.failures.entries()].map(([k, v]) => `${fmt(v)} × ${k}`).join(', ');
          return `${s.p95 > BUDGET ? `**${text}**` : text}${failed ? ` ⚠ ${failed}` : ''}`;
        });
        const escaped = [r.case.name, r.sample, ...cells].map((c) => c.replace(/\|/g, '\\|'));
        return `| ${escaped.join(' | ')} |`;
      }),
    ];
    const section = [
      SECTION,
      '',
      `\`npm run bench:pglite\` (${new Date().toISOString().slice(0, 10)}, commit ` +
        `${commitLabel()}; ` +
        `${cpus().length} cores). The server runs as \`npm start\` would (\`node --import tsx ` +
        'server/main.ts`) on the embedded default: no `DATABASE_URL`, a fresh `DATA_DIR`, ' +
        '`SEED_DEMO=1` (the demo seed: 38 scenes, 200 templates, 20 000 calls, 2 000 sessions, ' +
        '2 000 corpus items), `MOCK_DELAY=0`, `LOG_LEVEL=error`; it was ready (migrated and ' +
        `seeded) ${startSeconds.toFixed(0)} s after it was started. Every built-in list, as the ` +
        'demo user (the admin for plugin configurations, and a first page for the lists whose ' +
        'rows depend on ownership): first page, each offered sort, an `eq` filter valued from ' +
        'a row of the first page, a keyword (the first four characters of a searchable field of ' +
        'that row) and the second page by `nextCursor`. Page size ' +
        `${PAGE}; one client sends ${SINGLE} requests, then ${LOADS.join(' and ')} keep-alive ` +
        `clients send back to back for ${SECONDS} s after a ${WARMUP} s warm-up. Bold: p95 over ` +
        `${BUDGET} ms. ${results.length} cases in ${fmt(runSeconds)} s; load average ` +
        `${loadBefore} before, ${loadAfter} after (1 / 5 / 15 min; other work shared the two ` +
        'cores when it is above 2).',
      '',
      ...summaryLines,
      '',
      `${over.length} of ${results.length} cases had a p95 over ${BUDGET} ms at some load` +
        (over.length
          ? `: ${over
              .slice(0, 10)
              .map((r) => `${r.case.name} (${ms(worstP95(r))} ms)`)
              .join('; ')}${over.length > 10 ? '; …' : ''}.`
          : '.'),
      '',
      ...table,
      '',
    ].join('\n');
    if (args.write) await writeSection(SECTION, section);
    return 0;
  } finally {
    await stop(api);
    agent.destroy();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** What a list answer said: its total (exact or estimated) and rows. */
function summary(text: string): string {
  try {
    const body = JSON.parse(text) as { code: number; msg?: string; data?: PageData };
    if (body.code !== 0 || !body.data) return `code ${body.code}`;
    const d = body.data;
    return `${d.totalExact === false ? '≈ ' : ''}${fmt(d.total)} total, ${d.list.length} row${d.list.length === 1 ? '' : 's'}`;
  } catch {
    return 'not JSON';
  }
}

function line(r: Result, budget: number): string {
  const cells = r.loads.map((s) => {
    const text = `${ms(s.p50)}/${ms(s.p95)}/${ms(s.p99)}`;
    const failed = s.failures.size ? ' !' : '';
    return `${s.p95 > budget ? '*' : ' '}${text}${failed}`.padStart(22);
  });
  return `${r.case.name.slice(0, 58).padEnd(58)} ${cells.join(' ')}`;
}

process.exit(await bench());
