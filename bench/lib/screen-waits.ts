// Screens whose data comes in several answers and is drawn as charts: how long after the last
// answer the operator sees it. Used by bench/click-to-rows.ts on its warm console.
//   - workplace after login: login submitted → the 30-day chart drawn, and its answer → drawn;
//   - statistics, opened from the menu: click → summary figures, → the charts in view drawn; the
//     last statistics answer → both;
//   - statistics, a range or granularity change (each asked for the first time): click → figures
//     changed and the charts in view drawn anew; the last answer → both.
// Charts below the fold are drawn as they are scrolled to, so they are not waited for.
// A chart counts as drawn in the first animation frame in which its canvas is painted and differs
// from what it showed before the action.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Browser, Locator, Page } from 'playwright-core';
import { login } from '../../e2e/harness/login';
import { STATISTICS_CHARTS, STATISTICS_TIME_CHARTS } from '../../e2e/harness/statistics-charts';

/**
 * The in-page watcher: armed with the chart boxes and figure elements to wait for, it checks
 * them in every animation frame and records when each condition first held. Plain JavaScript,
 * so no bundler helper ends up in the page.
 */
export const WAIT_PROBE = `(() => {
  const probe = { armed: null, result: null };
  window.__waitProbe = probe;
  const SIDE = 32;
  const sample = document.createElement('canvas');
  sample.width = SIDE;
  sample.height = SIDE;
  // The canvas shrunk to SIDE × SIDE pixels, as a string; '' when nothing is painted yet.
  const signature = (canvas) => {
    if (!canvas || !canvas.width || !canvas.height) return '';
    const ctx = sample.getContext('2d', { willReadFrequently: true });
    ctx.clearRect(0, 0, SIDE, SIDE);
    ctx.drawImage(canvas, 0, 0, SIDE, SIDE);
    const data = ctx.getImageData(0, 0, SIDE, SIDE).data;
    return data.some((v, i) => i % 4 === 3 && v > 0) ? data.join(',') : '';
  };
  const canvasOf = (id) => document.querySelector('[data-testid="' + id + '"] canvas');
  const inView = (el) => {
    const r = el.getBoundingClientRect();
    return r.bottom > 0 && r.top < innerHeight && r.width > 0;
  };
  // Drawn anew: painted, and unlike what the chart showed when the probe was armed.
  const drawn = (id) => {
    const now = signature(canvasOf(id));
    return now !== '' && now !== probe.armed.signatures[id];
  };
  const text = (selector) =>
    [...document.querySelectorAll(selector)].map((el) => el.textContent).join('|');
  const frame = () => {
    const a = probe.armed;
    if (!a) return;
    const now = performance.now();
    if (a.t0 !== null) {
      if (a.figures && a.tFigures === null) {
        const t = text(a.figures);
        if (t && t !== a.before && !document.querySelector(a.figures + ' .ant-skeleton')) a.tFigures = now;
      }
      if (a.tVisible === null) {
        const boxes = a.charts.map((id) => document.querySelector('[data-testid="' + id + '"]'));
        const wanted = a.charts.filter((id, i) => boxes[i] && inView(boxes[i]));
        // A chart once drawn anew stays so: only the others are sampled again, which keeps the
        // probe's own canvas reads out of the frames it times.
        for (const id of wanted) if (!a.done.has(id) && drawn(id)) a.done.add(id);
        if (wanted.length > 0 && wanted.every((id) => a.done.has(id))) a.tVisible = now;
      }
      if (a.tVisible !== null && (!a.figures || a.tFigures !== null)) {
        probe.armed = null;
        probe.result = { t0: a.t0, figures: a.tFigures, visible: a.tVisible };
        return;
      }
    }
    requestAnimationFrame(frame);
  };
  probe.arm = (charts, figures) => {
    probe.result = null;
    probe.armed = {
      charts, figures, before: figures ? text(figures) : null,
      signatures: Object.fromEntries(charts.map((id) => [id, signature(canvasOf(id))])),
      t0: null, tFigures: null, tVisible: null, done: new Set(),
    };
    requestAnimationFrame(frame);
  };
  probe.start = () => {
    if (probe.armed && probe.armed.t0 === null) probe.armed.t0 = performance.now();
  };
  addEventListener('pointerdown', probe.start, true);
  addEventListener('keydown', probe.start, true);
  // The last answer among the calls whose path matches, made since t0.
  probe.lastAnswer = (t0, pattern) => {
    const re = new RegExp(pattern);
    const ends = performance.getEntriesByType('resource')
      .filter((e) => e.startTime >= t0 - 1 && re.test(new URL(e.name).pathname))
      .map((e) => e.responseEnd);
    return ends.length && ends.every((x) => x > 0) ? Math.max(...ends) : null;
  };
})();`;

interface WaitResult {
  t0: number;
  figures: number | null;
  visible: number;
}
interface WaitWindow {
  __waitProbe: {
    arm(charts: string[], figures: string | null): void;
    result: WaitResult | null;
    lastAnswer(t0: number, pattern: string): number | null;
  };
}

/** One timed screen: ms from the operator's action, and from the last answer, to each stage. */
export interface Wait {
  case: string;
  toFigures: number | null;
  toVisibleCharts: number;
  /** The last answer's end, ms after the action. */
  lastAnswerAt: number | null;
  /** Last answer → the charts in view drawn and the figures changed. */
  answerToShown: number | null;
}

const STATISTICS_FIGURES = '[data-testid^="statistics-card-"]';
const STATISTICS_CALLS = '/statistic/';

async function timed(
  page: Page,
  name: string,
  charts: readonly string[],
  figures: string | null,
  answers: string,
  act: () => Promise<unknown>,
): Promise<Wait> {
  await page.evaluate(
    ([c, f]) =>
      (window as unknown as WaitWindow).__waitProbe.arm(c as string[], f as string | null),
    [charts, figures] as const,
  );
  await act();
  await page.waitForFunction(() => (window as unknown as WaitWindow).__waitProbe.result, null, {
    timeout: 30_000,
    polling: 50,
  });
  const r = (await page.evaluate(() => (window as unknown as WaitWindow).__waitProbe.result))!;
  let last: number | null = null;
  for (let i = 0; i < 100 && last === null; i += 1) {
    last = await page.evaluate(
      ([t0, p]) =>
        (window as unknown as WaitWindow).__waitProbe.lastAnswer(t0 as number, p as string),
      [r.t0, answers] as const,
    );
    if (last === null) await sleep(50);
  }
  const shown = Math.max(r.visible, r.figures ?? 0);
  return {
    case: name,
    toFigures: r.figures === null ? null : r.figures - r.t0,
    toVisibleCharts: r.visible - r.t0,
    lastAnswerAt: last === null ? null : last - r.t0,
    answerToShown: last === null ? null : shown - last,
  };
}

/** Login on the workplace (fresh context each time: the operator's first screen of the day). */
async function workplaceAfterLogin(browser: Browser, baseURL: string, user: string) {
  const context = await browser.newContext({ baseURL, viewport: { width: 1440, height: 900 } });
  await context.addInitScript(WAIT_PROBE);
  const page = await context.newPage();
  await page.goto('/dashboard/workplace');
  await page.locator('#login_userName').waitFor();
  const wait = await timed(
    page,
    'workplace: login → 30-day chart',
    ['workplace-trend-chart'],
    null,
    '/statistic/',
    () => login(page, user, user, 30_000),
  );
  await context.close();
  return wait;
}

/**
 * The waits of one account. `clickMenu` clicks a route's menu entry (opening its group first);
 * `page` is a warm, logged-in page with WAIT_PROBE installed.
 */
export async function measureWaits(
  browser: Browser,
  baseURL: string,
  user: string,
  page: Page,
  clickMenu: (screen: string) => Promise<Locator | null>,
  rounds: number,
): Promise<Wait[]> {
  const waits: Wait[] = [];
  for (let i = 0; i < rounds; i += 1) waits.push(await workplaceAfterLogin(browser, baseURL, user));

  // Opened from the menu, from a list, each time with its charts drawn from nothing.
  for (let i = 0; i < rounds; i += 1) {
    const away = await clickMenu('scene.list');
    await away?.click();
    await page.waitForURL('**/scene/list');
    await sleep(600);
    const item = await clickMenu('scene.statistics');
    if (!item) return waits;
    waits.push(
      await timed(
        page,
        'statistics: open from the menu',
        STATISTICS_CHARTS,
        STATISTICS_FIGURES,
        STATISTICS_CALLS,
        () => item.click(),
      ),
    );
  }
  // Each change asks for a range or granularity this page has not asked for yet.
  // A granularity changes the time charts only: the totals, top scenes and shares stay.
  const changes: [string, string][] = [
    ['statistics-range', '7d'],
    ['statistics-range', '90d'],
    ['statistics-granularity', 'week'],
    ['statistics-granularity', 'month'],
    ['statistics-range', 'today'],
  ];
  for (const [testId, value] of changes) {
    const range = testId === 'statistics-range';
    await sleep(600);
    const group = page.locator(`[data-testid=${testId}]`);
    const option = range
      ? group.locator(`label:has(input[value="${value}"])`)
      : group.locator('.ant-segmented-item').nth(['day', 'week', 'month'].indexOf(value));
    waits.push(
      await timed(
        page,
        range ? 'statistics: range change' : 'statistics: granularity change',
        range ? STATISTICS_CHARTS : STATISTICS_TIME_CHARTS,
        range ? STATISTICS_FIGURES : null,
        STATISTICS_CALLS,
        () => option.click(),
      ),
    );
  }
  return waits;
}
