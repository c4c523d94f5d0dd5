// Menu click → rows visible, in Chromium, on a warm console (docs/PERFORMANCE.md "Browser:
// click to rows"). Builds nothing: it serves a copy of dist/ (`npx vite build` first)
// from the real server (`node --import tsx server/main.ts`, PORT, SEED_DEMO=1, MOCK_DELAY=0) on a
// fresh PGlite directory, or on DATABASE_URL when given. Per account (the demo admin and user):
//   1. login → first list page: a fresh browser context opens /scene/list, is sent to the login
//      form, logs in and comes back; every byte transferred until the first card is visible
//      (gzip as transferred: Resource Timing transferSize, headers included).
//   2. Round 0 clicks each list screen's menu entry once (its chunks load: "first click"); then
//      ROUNDS rounds click them again in turn. Each click is timed in the page, from the
//      pointerdown on the menu entry to the animation frame in which the first row (table row or
//      scene card) of the new list is in the DOM and visible. Beside it: when the `/page`
//      request left (ms after the click), its time (Resource Timing duration), how many `/page`
//      requests the open made, and the bytes fetched during the click.
//   3. Screens that wait on several answers and draw charts (lib/screen-waits.ts): the workplace
//      after login, the statistics page opened from the menu, and its range and granularity
//      changes; from the action and from the last answer to figures and charts drawn.
// Prints a table of medians; --json prints the raw numbers too.
//
// Run: npx vite build && npm run bench:click -- [--rounds 5] [--dist dist] [--users admin,user]
//      [--screens scene.list,record.list] [--profile record.list] (writes a CPU profile of
//      one warm click to /tmp/click-<screen>.cpuprofile) [--trace record.list] (a Chrome trace
//      of one warm click, /tmp/click-<screen>.trace.json, for chrome://tracing or Perfetto) [--json]
//      [--only-waits] (part 3 alone)
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import type { BrowserContext, Page } from 'playwright-core';
import { API_PREFIX } from '../contract/api';
import { flattenRoutes } from '../contract/menu';
import { RESOURCES } from '../contract/resources';
import { launchChromium } from '../e2e/chromium';
import { productionBuildProblem, snapshotDist } from '../e2e/harness/build';
import { login } from '../e2e/harness/login';
import { measureWaits, WAIT_PROBE, type Wait } from './lib/screen-waits';
import { freePort, ROOT, spawnServer, stop as stopProcess, waitUntilReady } from './lib/server';

const { values: args } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    dist: { type: 'string', default: 'dist' },
    users: { type: 'string', default: 'admin,user' },
    screens: { type: 'string' },
    profile: { type: 'string' },
    trace: { type: 'string' },
    json: { type: 'boolean', default: false },
    'only-waits': { type: 'boolean', default: false },
    // A console already running (its own build and data): no server is started.
    'base-url': { type: 'string' },
  },
});

const ROUNDS = Math.max(1, Number(args.rounds) || 5);
/** The list screens, by route name (contract/menu.ts), in the order they are clicked. */
const SCREENS = (
  args.screens ??
  [
    'scene.list',
    'prompt.list-public',
    'prompt.list',
    'prompt.call-list',
    'record.list',
    'directive.list',
    'corpus.list',
    'model-evaluate.list',
    'agent.list',
    'plugin-config.list',
  ].join(',')
).split(',');
/** What counts as a row: a table body row, or a scene card (not its loading placeholder). */
if (SCREENS.length < 2) throw new Error('--screens takes two screens or more');
const ROW_SELECTOR = '.ant-table-tbody > tr.ant-table-row, [data-testid=scene-card]';

interface Click {
  screen: string;
  /** The pointerdown's time in the page (performance.now()). */
  t0: number;
  /** pointerdown → first row visible, ms. */
  toRows: number;
  /** pointerdown → the list's `/page` request left, ms. */
  requestAt: number | null;
  /** Resource Timing duration of that request, ms. */
  api: number | null;
  pageRequests: number;
  requests: number;
  bytes: number;
  empty: boolean;
  /** The requests made during the click: path @start+duration. */
  names: string[];
}

// ---- the server -------------------------------------------------------------------------------

async function startServer(): Promise<{ baseURL: string; stop(): Promise<void> }> {
  const dist = resolve(ROOT, args.dist ?? 'dist');
  // Missing, or React's development build: clicks took 2.5 times as long as on production's.
  const problem = productionBuildProblem(dist);
  if (problem) {
    console.error(`${problem}: run \`npx vite build\` first`);
    process.exit(2);
  }
  const temp = mkdtempSync(join(tmpdir(), 'click-bench-'));
  // A private copy: someone may rebuild dist/ while the bench runs.
  const staticDir = await snapshotDist(dist, join(temp, 'dist'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: join(temp, 'data'),
    STATIC_DIR: staticDir,
    SEED_DEMO: '1',
    MOCK_DELAY: '0',
    LOG_LEVEL: 'warn',
  };
  let stderr = '';
  const child = spawnServer(env, { stderr: 'pipe' });
  child.stderr?.on('data', (c: Buffer) => (stderr += c.toString()));
  const baseURL = `http://127.0.0.1:${port}`;
  const stop = async () => {
    await stopProcess(child);
    rmSync(temp, { recursive: true, force: true });
  };
  try {
    // A fresh embedded database is created and seeded first (tens of seconds).
    await waitUntilReady(child, port, { timeoutMs: 300_000 });
  } catch (error) {
    await stop();
    throw new Error(`${error instanceof Error ? error.message : String(error)}\n${stderr}`);
  }
  return { baseURL, stop };
}

// ---- in the page ------------------------------------------------------------------------------

/**
 * Installed in every document: a larger Resource Timing buffer, and the probe a timed click
 * arms. Plain JavaScript (a string), so no bundler helper ends up in the page.
 */
const PROBE = `(() => {
  performance.setResourceTimingBufferSize(100000);
  const probe = { armed: null, result: null };
  window.__clickProbe = probe;
  const visible = (el) => el.checkVisibility ? el.checkVisibility() : el.getClientRects().length > 0;
  const settled = () => {
    const a = probe.armed;
    if (location.pathname !== a.path) return null;
    for (const el of document.querySelectorAll(${JSON.stringify(ROW_SELECTOR)})) {
      if (!el.hasAttribute('data-click-old') && visible(el)) return { empty: false };
    }
    // An empty list settles on its empty state once nothing spins.
    const empty = [...document.querySelectorAll('.ant-card .ant-empty')].some(visible);
    const busy = [...document.querySelectorAll('.ant-spin-spinning, [aria-busy=true]')].some(visible);
    return empty && !busy ? { empty: true } : null;
  };
  const frame = () => {
    const a = probe.armed;
    if (!a) return;
    if (a.t0 !== null) {
      const done = settled();
      if (done) {
        const t1 = performance.now();
        probe.armed = null;
        const entries = performance.getEntriesByType('resource')
          .filter((e) => e.startTime >= a.t0 - 1 && e.startTime <= t1);
        probe.result = {
          t0: a.t0,
          toRows: t1 - a.t0,
          requests: entries.length,
          bytes: entries.reduce((s, e) => s + (e.transferSize || 0), 0),
          empty: done.empty,
          names: entries.map((e) => new URL(e.name).pathname + ' @' + (e.startTime - a.t0).toFixed(0) + '+' + e.duration.toFixed(0)),
        };
        return;
      }
    }
    requestAnimationFrame(frame);
  };
  probe.sofar = () => {
    const all = [...performance.getEntriesByType('navigation'), ...performance.getEntriesByType('resource')];
    const sum = (f) => all.filter(f).reduce((s, e) => s + (e.transferSize || 0), 0);
    const path = (e) => new URL(e.name).pathname;
    return {
      total: sum(() => true),
      code: sum((e) => /\\.(js|css)$/.test(path(e))),
      api: sum((e) => path(e).startsWith('/api/')),
      requests: all.length,
    };
  };
  // The list's /page requests since the click, once the first has answered: rows shown from
  // react-query's cache come before the request (it leaves from an effect after the commit).
  probe.pages = () => {
    const t0 = probe.result.t0;
    const pages = performance.getEntriesByType('resource').filter(
      (e) => e.startTime >= t0 - 1 && /\\/page$/.test(new URL(e.name).pathname) && e.responseEnd > 0,
    );
    // The list's own call, not a filter's options (a scene select asks /scene/page too).
    const list = pages.find((e) => new URL(e.name).pathname === probe.api);
    if (!list) return null;
    return { requestAt: list.startTime - t0, api: list.duration, pageRequests: pages.length };
  };
  probe.arm = (path, api) => {
    probe.api = api;
    for (const el of document.querySelectorAll(${JSON.stringify(ROW_SELECTOR)})) {
      el.setAttribute('data-click-old', '');
    }
    probe.result = null;
    probe.armed = { path, t0: null };
    requestAnimationFrame(frame);
  };
  addEventListener('pointerdown', (e) => {
    if (probe.armed && probe.armed.t0 === null) probe.armed.t0 = e.timeStamp;
  }, true);
})();`;

interface ProbeWindow {
  __clickProbe: {
    arm(path: string, api: string): void;
    result: Omit<Click, 'screen' | 'requestAt' | 'api' | 'pageRequests'> | null;
    pages(): { requestAt: number; api: number; pageRequests: number } | null;
    sofar(): { total: number; code: number; api: number; requests: number };
  };
}

/** Bytes from a fresh context's /scene/list (→ login form → back) to the first card. */
async function loginToFirstList(context: BrowserContext, user: string) {
  const page = await context.newPage();
  const started = Date.now();
  await page.goto('/scene/list');
  await page.locator('#login_userName').waitFor();
  // The demo accounts' passwords are their names.
  await login(page, user, user, 30_000);
  await page.locator(ROW_SELECTOR).first().waitFor({ timeout: 30_000 });
  const ms = Date.now() - started;
  const bytes = await page.evaluate(() => (window as unknown as ProbeWindow).__clickProbe.sofar());
  return { page, ms, bytes };
}

/** The menu entry of a route, its group opened first. Null when this role has no such entry. */
async function menuItem(page: Page, screen: string) {
  const menu = page.locator('[data-testid=side-menu]').first();
  const item = menu.locator(`li.ant-menu-item[data-menu-id$="-${screen}"]`);
  if ((await item.count()) === 0) {
    const group = menu.locator(`.ant-menu-submenu-title[data-menu-id$="-${screen.split('.')[0]}"]`);
    if ((await group.count()) === 0) return null;
    await group.click();
    // The group slides open; a click during the motion may land beside the entry.
    await sleep(400);
  }
  return (await item.count()) > 0 ? item : null;
}

async function timedClick(page: Page, screen: string, path: string): Promise<Click | null> {
  const api = listApi[screen] ?? '';
  const item = await menuItem(page, screen);
  if (!item) return null;
  await item.scrollIntoViewIfNeeded();
  // Nothing else running: the last page's late work (idle prefetch, progress bar) is over.
  await sleep(600);
  await page.evaluate(
    ([p, a]) => (window as unknown as ProbeWindow).__clickProbe.arm(p!, a!),
    [path, api],
  );
  await item.click();
  await page.waitForFunction(() => (window as unknown as ProbeWindow).__clickProbe.result, null, {
    timeout: 30_000,
    polling: 50,
  });
  const result = await page.evaluate(() => (window as unknown as ProbeWindow).__clickProbe.result);
  if (!result) return null;
  // Up to 5 s for the list request to answer, when the rows came from the cache before it.
  let pages: Awaited<ReturnType<ProbeWindow['__clickProbe']['pages']>> = null;
  for (let i = 0; i < 100 && !pages; i += 1) {
    pages = await page.evaluate(() => (window as unknown as ProbeWindow).__clickProbe.pages());
    if (!pages) await sleep(50);
  }
  return {
    screen,
    ...result,
    requestAt: pages?.requestAt ?? null,
    api: pages?.api ?? null,
    pageRequests: pages?.pageRequests ?? 0,
  };
}

async function profileClick(page: Page, screen: string, path: string, away: [string, string]) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await timedClick(page, ...away);
  await cdp.send('Profiler.start');
  const click = await timedClick(page, screen, path);
  const { profile } = await cdp.send('Profiler.stop');
  const file = `/tmp/click-${screen}.cpuprofile`;
  writeFileSync(file, JSON.stringify(profile));
  console.log(
    `CPU profile of one warm click on ${screen} (${click?.toRows.toFixed(0)} ms): ${file}`,
  );
}

/** A Chrome trace of one warm click: where the main thread's time goes (script, style, layout). */
async function traceClick(page: Page, screen: string, path: string, away: [string, string]) {
  const chromium = page.context().browser()!;
  await timedClick(page, ...away);
  const file = `/tmp/click-${screen}.trace.json`;
  const categories = ['devtools.timeline', 'disabled-by-default-devtools.timeline'];
  await chromium.startTracing(page, { path: file, categories });
  const click = await timedClick(page, screen, path);
  await chromium.stopTracing();
  console.log(`Trace of one warm click on ${screen} (${click?.toRows.toFixed(0)} ms): ${file}`);
}

// ---- the run ----------------------------------------------------------------------------------

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length === 0 ? NaN : s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};
const ms = (n: number | null) => (n === null || Number.isNaN(n) ? '—' : `${n.toFixed(0)} ms`);
const kB = (n: number) => `${(n / 1000).toFixed(1)} kB`;

const paths: Record<string, string> = Object.fromEntries(
  flattenRoutes().map((r) => [r.name, r.path]),
);
/** Each screen's list call: `/api/manage/v1/<prefix>/page`. */
const listApi: Record<string, string> = Object.fromEntries(
  flattenRoutes().map((r) => [
    r.name,
    `${API_PREFIX}/${RESOURCES.find((d) => d.name === r.resource)?.prefix ?? ''}/page`,
  ]),
);
function printWaits(user: string, waits: Wait[]) {
  console.log(`\n${user}: screens that wait on their answers, median (max) of each case\n`);
  console.log('| case | n | → figures | → charts in view | last answer at | last answer → shown |');
  console.log('|---|---|---|---|---|---|');
  for (const name of [...new Set(waits.map((w) => w.case))]) {
    const ws = waits.filter((w) => w.case === name);
    const cell = (f: (w: Wait) => number | null) => {
      const xs = ws.map(f).filter((x): x is number => x !== null);
      return xs.length ? `${ms(median(xs))} (${Math.max(...xs).toFixed(0)})` : '—';
    };
    console.log(
      `| ${name} | ${ws.length} | ${cell((w) => w.toFigures)} | ${cell((w) => w.toVisibleCharts)} | ${cell((w) => w.lastAnswerAt)} | ${cell((w) => w.answerToShown)} |`,
    );
  }
}

const server = args['base-url']
  ? { baseURL: args['base-url'], stop: async () => {} }
  : await startServer();
const browser = await launchChromium();
const report: Record<string, unknown> = {};
try {
  for (const user of (args.users ?? 'admin,user').split(',')) {
    const context = await browser.newContext({
      baseURL: server.baseURL,
      viewport: { width: 1440, height: 900 },
    });
    await context.addInitScript(PROBE);
    await context.addInitScript(WAIT_PROBE);
    const first = await loginToFirstList(context, user);
    const { page } = first;
    await page.waitForLoadState('networkidle');
    console.log(
      `\n${user}: login → first list page (/scene/list): ${kB(first.bytes.total)} transferred ` +
        `(JS+CSS ${kB(first.bytes.code)}, API ${kB(first.bytes.api)}, ${first.bytes.requests} requests), ${first.ms} ms`,
    );
    const clicks: Click[][] = [];
    for (let round = 0; round <= (args['only-waits'] ? -1 : ROUNDS); round += 1) {
      const done: Click[] = [];
      for (const [i, screen] of SCREENS.entries()) {
        const path = paths[screen];
        if (!path) throw new Error(`unknown screen ${screen}`);
        // A click on the page already shown changes nothing: go elsewhere first (untimed).
        if (new URL(page.url()).pathname === path) {
          const other = SCREENS[(i + 1) % SCREENS.length]!;
          await timedClick(page, other, paths[other] ?? '/');
        }
        const click = await timedClick(page, screen, path);
        if (click) done.push(click);
      }
      clicks.push(done);
    }
    if (args.profile) {
      const other = SCREENS.find((s) => s !== args.profile) ?? 'scene.list';
      await profileClick(page, args.profile, paths[args.profile] ?? '/', [other, paths[other]!]);
    }
    if (args.trace) {
      const other = SCREENS.find((s) => s !== args.trace) ?? 'scene.list';
      await traceClick(page, args.trace, paths[args.trace] ?? '/', [other, paths[other]!]);
    }
    const waits = await measureWaits(
      browser,
      server.baseURL,
      user,
      page,
      (screen) => menuItem(page, screen),
      ROUNDS,
    );
    printWaits(user, waits);
    const rows = SCREENS.flatMap((screen) => {
      const cold = clicks[0]?.find((c) => c.screen === screen);
      const warm = clicks.slice(1).flatMap((r) => r.filter((c) => c.screen === screen));
      if (!cold || warm.length === 0) return [];
      const nums = (f: (c: Click) => number | null) =>
        warm.map(f).filter((x): x is number => x !== null);
      return [
        {
          screen,
          toRows: median(nums((c) => c.toRows)),
          min: Math.min(...nums((c) => c.toRows)),
          max: Math.max(...nums((c) => c.toRows)),
          requestAt: median(nums((c) => c.requestAt)),
          api: median(nums((c) => c.api)),
          pageRequests: median(nums((c) => c.pageRequests)),
          bytes: median(nums((c) => c.bytes)),
          cold: cold.toRows,
          coldBytes: cold.bytes,
          empty: warm.some((c) => c.empty),
        },
      ];
    });
    if (rows.length === 0) {
      report[user] = { waits };
      await context.close();
      continue;
    }
    console.log(
      `${user}: menu click → rows visible, median of ${ROUNDS} warm clicks (first click: chunks loading)\n`,
    );
    console.log(
      '| screen | click → rows | min–max | /page sent after | API (/page) | /page calls | bytes | first click | first click bytes |',
    );
    console.log('|---|---|---|---|---|---|---|---|---|');
    for (const r of rows) {
      console.log(
        `| ${r.screen}${r.empty ? ' (empty)' : ''} | ${ms(r.toRows)} | ${r.min.toFixed(0)}–${r.max.toFixed(0)} | ${ms(r.requestAt)} | ${ms(r.api)} | ${r.pageRequests} | ${kB(r.bytes)} | ${ms(r.cold)} | ${kB(r.coldBytes)} |`,
      );
    }
    const all = rows.map((r) => r.toRows);
    console.log(
      `\n${user}: median over screens ${ms(median(all))}, worst screen ${ms(Math.max(...all))}`,
    );
    report[user] = { loginToFirstList: { ms: first.ms, ...first.bytes }, rows, clicks, waits };
    await context.close();
  }
  if (args.json) console.log(JSON.stringify(report, null, 2));
} finally {
  await browser.close();
  await server.stop();
}
