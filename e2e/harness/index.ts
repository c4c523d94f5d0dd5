/**
 * End-to-end harness: the real server (tsx server/main.ts on a fresh PGlite directory, serving
 * the built client from dist/) and Debian's Chromium driven by playwright-core.
 *
 * One server and one browser per test file (beforeAll), a fresh browser context per test, so
 * local storage, cookies and session storage start clean every time.
 *
 * This module is the fixture (useE2E, e2eDescribe) and re-exports the helpers: build.ts (dist/),
 * server.ts (the server process), texts.ts (locale texts) and ui.ts (browser-side helpers).
 */
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, beforeEach, describe } from 'vitest';
import { CHROMIUM_PATH, launchChromium } from '../chromium';
import { startServer, type ServerHandle } from './server';

export { CHROMIUM_PATH };
export { ensureBuild, ROOT } from './build';
export { startServer, type ServerHandle } from './server';
export { en, escapeRegExp, exactly, LOCALE_TEXTS, text, zh, type LocaleName } from './texts';
export {
  buttonLabel,
  buttonText,
  clickMenuItem,
  closeSettings,
  dropdownItem,
  focused,
  focusedText,
  expectFocusOn,
  gotoApp,
  localStorageItem,
  login,
  openSettings,
  pathOf,
  readSettings,
  waitForSteadyBox,
  selectOptions,
  setLocale,
  setSwitch,
  topMenuLabels,
  waitForPath,
  walkMenuTo,
} from './ui';

export const chromiumAvailable = existsSync(CHROMIUM_PATH);
const onCI = process.env.CI === 'true';
// E2E_TRACE=1 records a Playwright trace per test and keeps it when the test fails
// (`npx playwright-core show-trace <file>`): what a screenshot of a flake cannot say.
const tracing = process.env.E2E_TRACE === '1';

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

export async function launchBrowser(): Promise<Browser> {
  return launchChromium();
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
  /** Restarts the file's server on the same port and data (see ServerHandle.restart). */
  restartServer(): Promise<void>;
}

export interface E2EOptions {
  /** Context options for every test of the file. */
  viewport?: { width: number; height: number };
  /** More environment for the file's server (e.g. EVALUATION_WORKER=1). */
  env?: NodeJS.ProcessEnv;
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
    if (tracing) await ctx.tracing.start({ screenshots: true, snapshots: true });
    return ctx;
  };

  beforeAll(async () => {
    const [s, b] = await Promise.all([startServer(options.env), launchBrowser()]);
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
      if (tracing) {
        // One trace per context: the test's own, then each second user's (`-1`, `-2`, …).
        const contexts = [context, ...extra];
        for (const [i, c] of contexts.entries()) {
          const trace = file.replace(/\.png$/, `${i ? `-${i}` : ''}.trace.zip`);
          await c?.tracing.stop({ path: trace }).catch(() => undefined);
          console.error(`[e2e] trace: ${trace}`);
        }
      }
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
    restartServer() {
      return need(server, 'server').restart();
    },
  };
}
