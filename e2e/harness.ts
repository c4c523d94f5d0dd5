/**
 * End-to-end harness: the real server (tsx server/main.ts on a fresh PGlite directory, serving
 * the built client from dist/) and Debian's Chromium driven by playwright-core.
 *
 * One server and one browser per test file (beforeAll), a fresh browser context per test, so
 * local storage, cookies and session storage start clean every time.
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect } from 'vitest';
import { localeMessages } from '../src/locales';
import { CHROMIUM_PATH, launchChromium } from './chromium';

export { CHROMIUM_PATH };
export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const HEALTH_TIMEOUT_MS = 60_000;

export const chromiumAvailable = existsSync(CHROMIUM_PATH);
const onCI = process.env.CI === 'true';

if (!chromiumAvailable && onCI) {
  // On CI a missing browser is a broken image, not a reason to skip the suite quietly.
  throw new Error(
    `e2e: Chromium not found at ${CHROMIUM_PATH} (CI=true). Install Debian's chromium or set CHROMIUM_PATH.`,
  );
}

const SKIP_REASON = `Chromium not found at ${CHROMIUM_PATH}; set CHROMIUM_PATH to run the e2e suite`;
let warned = false;

/**
 * `describe` for an e2e file: skipped, with the reason in its name, when Chromium is missing
 * (outside CI; on CI the import above already failed).
 */
export function e2eDescribe(name: string, fn: () => void): void {
  if (chromiumAvailable) {
    describe(name, fn);
    return;
  }
  if (!warned) {
    warned = true;
    console.warn(`[e2e] skipped: ${SKIP_REASON}`);
  }
  describe.skip(`${name} (skipped: ${SKIP_REASON})`, fn);
}

// ---------------------------------------------------------------------------------------------
// Locale texts: tests read expected strings from the locale files, never hard-code them.

export type LocaleName = 'zh-CN' | 'en-US';
export const LOCALE_TEXTS: Record<LocaleName, unknown> = localeMessages;

type Params = Record<string, string | number>;

/**
 * A locale text by dotted key, with `{{name}}` placeholders filled. Keys may contain dashes
 * (`model-evaluate.menu.title`); the path is split on dots only.
 */
export function text(key: string, locale: LocaleName = 'zh-CN', params: Params = {}): string {
  let node: unknown = LOCALE_TEXTS[locale];
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object' || !(part in node)) {
      throw new Error(`locale ${locale} has no key ${key}`);
    }
    node = (node as Record<string, unknown>)[part];
  }
  if (typeof node !== 'string') throw new Error(`locale ${locale} key ${key} is not a text`);
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) =>
    name in params ? String(params[name]) : `{{${name}}}`,
  );
}

/** Shorthands for the two locales. */
export const zh = (key: string, params?: Params) => text(key, 'zh-CN', params);
export const en = (key: string, params?: Params) => text(key, 'en-US', params);

/** Escapes a string for use inside a RegExp. */
export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A RegExp matching the whole (trimmed) text exactly. */
export function exactly(s: string): RegExp {
  return new RegExp(`^\\s*${escapeRegExp(s)}\\s*$`);
}

// ---------------------------------------------------------------------------------------------
// The server.

export interface ServerHandle {
  baseURL: string;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const srv = createServer();
    srv.unref();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const address = srv.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      srv.close(() => (port ? resolvePort(port) : reject(new Error('no free port'))));
    });
  });
}

/** Builds the client once when dist/ has no index.html (a fresh checkout). */
export function ensureBuild(): string {
  const dist = join(ROOT, 'dist');
  if (!existsSync(join(dist, 'index.html'))) {
    console.warn('[e2e] dist/index.html missing: running vite build');
    execFileSync(join(ROOT, 'node_modules/.bin/vite'), ['build'], { cwd: ROOT, stdio: 'inherit' });
  }
  return dist;
}

/** Files of a build that index.html or its chunks refer to but that are missing. */
function missingAssets(dir: string): string[] {
  const indexFile = join(dir, 'index.html');
  if (!existsSync(indexFile)) return ['index.html'];
  const refs = new Set<string>();
  const html = readFileSync(indexFile, 'utf8');
  for (const m of html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)) refs.add(m[1] ?? '');
  const assets = join(dir, 'assets');
  const files = existsSync(assets) ? readdirSync(assets) : [];
  for (const file of files.filter((f) => f.endsWith('.js'))) {
    const code = readFileSync(join(assets, file), 'utf8');
    for (const m of code.matchAll(/["'`](?:\.\/|\/?assets\/)([\w.-]+\.(?:js|css))["'`]/g)) {
      refs.add(`assets/${m[1] ?? ''}`);
    }
  }
  return [...refs].filter((ref) => !existsSync(join(dir, ref)));
}

/**
 * A private copy of dist/ for one test file. Others may rebuild dist/ while the suite runs
 * (vite empties it first); a page that loaded the old index.html would then miss its lazy
 * chunks. The copy is retried until it is a complete build.
 */
async function snapshotDist(dist: string, into: string): Promise<string> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    rmSync(into, { recursive: true, force: true });
    try {
      cpSync(dist, into, { recursive: true });
      const missing = missingAssets(into);
      if (missing.length === 0) return into;
      if (Date.now() > deadline) throw new Error(`dist/ is incomplete: ${missing.join(', ')}`);
    } catch (error) {
      if (Date.now() > deadline) throw error;
    }
    await sleep(500);
  }
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function exited(child: ChildProcess): Promise<void> {
  return new Promise((resolveExit) => {
    if (child.exitCode !== null || child.signalCode !== null) resolveExit();
    else child.once('exit', () => resolveExit());
  });
}

/** Starts `tsx server/main.ts` on a free port with a fresh data directory; waits for health. */
export async function startServer(): Promise<ServerHandle> {
  const port = await freePort();
  const tempDir = mkdtempSync(join(tmpdir(), 'console-e2e-'));
  const dataDir = join(tempDir, 'data');
  let staticDir: string;
  try {
    staticDir = await snapshotDist(ensureBuild(), join(tempDir, 'dist'));
  } catch (error) {
    rmSync(tempDir, { recursive: true, force: true });
    throw error;
  }
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    STATIC_DIR: staticDir,
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  delete env.ADMIN_PASSWORD;
  delete env.SEED_DEMO;

  let stderr = '';
  let stdout = '';
  let ready = false;
  let stopping = false;
  let restarts = 0;
  let child = spawnServer();

  function spawnServer(): ChildProcess {
    const proc = spawn(join(ROOT, 'node_modules/.bin/tsx'), ['server/main.ts'], {
      cwd: ROOT,
      env,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    proc.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    proc.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    proc.once('exit', (code, signal) => {
      if (stopping || !ready) return;
      // A server dying mid-file explains the connection errors that follow. It can also be
      // killed from outside (a shared machine); then it comes back on the same port and data.
      console.error(
        `[e2e] server (pid ${proc.pid}) exited unexpectedly: code ${code}, signal ${signal}\n${stderr}${stdout}`,
      );
      if (restarts < 3) {
        restarts += 1;
        console.error(`[e2e] restarting the server (${restarts}/3)`);
        child = spawnServer();
      }
    });
    return proc;
  }

  const baseURL = `http://127.0.0.1:${port}`;
  const cleanup = async () => {
    stopping = true;
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      const done = await Promise.race([exited(child).then(() => true), sleep(15_000)]);
      if (!done) child.kill('SIGKILL');
    }
    rmSync(tempDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + HEALTH_TIMEOUT_MS;
  for (;;) {
    if (child.exitCode !== null) {
      await cleanup();
      throw new Error(`e2e server exited with ${child.exitCode}.\nstderr:\n${stderr}\n${stdout}`);
    }
    try {
      const res = await fetch(`${baseURL}/api/health`);
      if (res.status === 200) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      await cleanup();
      console.error(`[e2e] server stderr:\n${stderr}`);
      throw new Error(`e2e server did not answer /api/health within ${HEALTH_TIMEOUT_MS} ms`);
    }
    await sleep(200);
  }
  ready = true;

  return { baseURL, stop: cleanup };
}

// ---------------------------------------------------------------------------------------------
// Browser helpers.

export async function launchBrowser(): Promise<Browser> {
  return launchChromium();
}

/** Makes the UI start in English (the default is zh-CN). Call before the first navigation. */
export async function setLocale(context: BrowserContext, locale: LocaleName): Promise<void> {
  await context.addInitScript((l: string) => {
    // Only on the first document of the test: later switches in the UI must stick.
    if (!sessionStorage.getItem('e2e-locale-set')) {
      localStorage.setItem('locale', l);
      sessionStorage.setItem('e2e-locale-set', '1');
    }
  }, locale);
}

/** Pathname (and search) of the page, without origin. */
export function pathOf(page: Page): string {
  const u = new URL(page.url());
  return `${u.pathname}${u.search}`;
}

/** Waits until the page's path plus query (`/scene/list?id=1`) equals / matches / satisfies. */
export async function waitForPath(
  page: Page,
  expected: string | RegExp | ((pathAndQuery: string) => boolean),
  timeout = 15_000,
): Promise<void> {
  const test =
    typeof expected === 'string'
      ? (p: string) => p === expected
      : expected instanceof RegExp
        ? (p: string) => expected.test(p)
        : expected;
  await expect.poll(() => pathOf(page), { timeout }).toSatisfy(test);
}

/** Logs in through the login form; resolves when the app has left /login. */
export async function login(page: Page, user: string, pass: string): Promise<void> {
  if (!new URL(page.url()).pathname.startsWith('/login')) {
    await page.goto('/login');
  }
  await page.locator('#login_userName').fill(user);
  await page.locator('#login_password').fill(pass);
  await page.locator('#login_password').press('Enter');
  await page.waitForURL((url) => url.pathname !== '/login', { timeout: 20_000 });
}

/** Opens a console page and waits for its layout (the side menu) to render. */
export async function gotoApp(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('[data-testid=side-menu]').first().waitFor();
}

export async function localStorageItem(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => localStorage.getItem(k), key);
}

export async function readSettings(page: Page): Promise<Record<string, unknown>> {
  const raw = await localStorageItem(page, 'app-settings');
  return raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
}

/** Opens the settings drawer from the navbar button and returns its locator. */
export async function openSettings(page: Page) {
  await page.locator('[data-testid=settings-button]').click();
  const drawer = page.locator('[data-testid=settings-drawer]');
  await drawer.waitFor();
  return drawer;
}

/**
 * An item of the open antd dropdown, once its opening animation is over. Clicking while it
 * still slides in can land beside it (antd first renders it off-screen, then places it).
 */
export function dropdownItem(page: Page, label: string) {
  return page
    .locator(
      '.ant-dropdown:visible:not(.ant-dropdown-hidden):not([class*="-appear"]):not([class*="-enter"]):not([class*="-leave"])',
    )
    .locator('.ant-dropdown-menu-item')
    .filter({ hasText: exactly(label) });
}

/** Closes the settings drawer with its close button. */
export async function closeSettings(page: Page): Promise<void> {
  const drawer = page.locator('[data-testid=settings-drawer]');
  await drawer.locator('.ant-drawer-extra button').click();
  await drawer.waitFor({ state: 'hidden' });
}

/** Text of a button without the space antd puts between two CJK characters ("关 闭"). */
export function buttonText(s: string | null): string {
  return (s ?? '').replace(/\s+/g, '');
}

/** A RegExp matching a button's label, allowing antd's inserted spaces. */
export function buttonLabel(label: string): RegExp {
  const chars = [...label.replace(/\s+/g, '')].map(escapeRegExp);
  return new RegExp(`^\\s*${chars.join('\\s*')}\\s*$`);
}

/** Clicks a side-menu entry: opens its group if needed, then clicks the item. */
export async function clickMenuItem(page: Page, groupLabel: string, itemLabel: string) {
  const menu = page.locator('[data-testid=side-menu]').first();
  const group = menu.locator(':scope > li.ant-menu-submenu').filter({
    has: page.locator(':scope > .ant-menu-submenu-title', { hasText: exactly(groupLabel) }),
  });
  const title = group.locator(':scope > .ant-menu-submenu-title');
  if ((await title.getAttribute('aria-expanded')) !== 'true') await title.click();
  await group
    .locator('li.ant-menu-item')
    .filter({ hasText: exactly(itemLabel) })
    .click();
}

/** Sets a settings-drawer switch to the wanted state (clicks only if needed). */
export async function setSwitch(page: Page, key: string, on: boolean): Promise<void> {
  const sw = page.locator(`[data-testid=setting-${key}]`);
  const checked = (await sw.getAttribute('aria-checked')) === 'true';
  if (checked !== on) await sw.click();
  await expect.poll(() => sw.getAttribute('aria-checked')).toBe(String(on));
}

/** Top-level labels of the side menu, in order. */
export async function topMenuLabels(page: Page): Promise<string[]> {
  const menu = page.locator('[data-testid=side-menu]').first();
  return menu
    .locator(':scope > li.ant-menu-submenu, :scope > li.ant-menu-item')
    .evaluateAll((els) =>
      els.map((el) => {
        const title = el.classList.contains('ant-menu-submenu')
          ? el.querySelector(':scope > .ant-menu-submenu-title')
          : el;
        const label = title?.querySelector('.ant-menu-title-content') ?? title;
        return (label?.textContent ?? '').trim();
      }),
    );
}

// ---------------------------------------------------------------------------------------------
// Per-file lifecycle.

export interface E2E {
  readonly baseURL: string;
  readonly browser: Browser;
  readonly context: BrowserContext;
  readonly page: Page;
  /** Uncaught errors thrown in the page during the current test. */
  readonly pageErrors: readonly string[];
  /** Another fresh context (e.g. a second user), closed with the test. */
  newContext(): Promise<BrowserContext>;
}

export interface E2EOptions {
  /** Context options for every test of the file. */
  viewport?: { width: number; height: number };
}

/**
 * Registers the hooks of an e2e file (call inside e2eDescribe): server + browser per file,
 * a fresh context and page per test. Returns live accessors.
 */
export function useE2E(options: E2EOptions = {}): E2E {
  let server: ServerHandle | undefined;
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let page: Page | undefined;
  let extra: BrowserContext[] = [];
  let errors: string[] = [];

  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`e2e: ${what} is not ready`);
    return value;
  };

  const makeContext = async () => {
    const b = need(browser, 'browser');
    const ctx = await b.newContext({
      baseURL: need(server, 'server').baseURL,
      viewport: options.viewport ?? { width: 1366, height: 900 },
      locale: 'zh-CN',
    });
    ctx.setDefaultTimeout(15_000);
    ctx.setDefaultNavigationTimeout(30_000);
    return ctx;
  };

  beforeAll(async () => {
    const [s, b] = await Promise.all([startServer(), launchBrowser()]);
    server = s;
    browser = b;
  });

  afterAll(async () => {
    await browser?.close().catch(() => undefined);
    await server?.stop();
  });

  beforeEach(async () => {
    errors = [];
    context = await makeContext();
    page = await context.newPage();
    page.on('pageerror', (err) => errors.push(err.message));
  });

  afterEach(async (ctx) => {
    // afterEach runs before onTestFailed, while the page is still open.
    if (ctx.task.result?.state === 'fail' && page && !page.isClosed()) {
      const file = join(tmpdir(), `e2e-${ctx.task.name.replace(/\W+/g, '_')}.png`);
      await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
      console.error(`[e2e] "${ctx.task.name}" failed at ${page.url()}; screenshot: ${file}`);
      if (errors.length) console.error(`[e2e] page errors:\n${errors.join('\n')}`);
    } else if (errors.length) {
      console.warn(`[e2e] "${ctx.task.name}": uncaught page errors:\n${errors.join('\n')}`);
    }
    for (const c of extra) await c.close().catch(() => undefined);
    extra = [];
    await context?.close().catch(() => undefined);
    context = undefined;
    page = undefined;
  });

  return {
    get baseURL() {
      return need(server, 'server').baseURL;
    },
    get browser() {
      return need(browser, 'browser');
    },
    get context() {
      return need(context, 'context');
    },
    get page() {
      return need(page, 'page');
    },
    get pageErrors() {
      return errors;
    },
    async newContext() {
      const c = await makeContext();
      extra.push(c);
      return c;
    },
  };
}
