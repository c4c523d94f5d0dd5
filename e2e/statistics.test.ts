/**
 * The statistics page over the demo seed: every chart draws on a canvas, the
 * summary and the table show what the API answered, a filter change asks again and redraws,
 * the URL keeps the filter across a reload, and the CSV export holds the table's rows with a
 * header in the UI's language. Both locales, with screenshots.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { parse } from 'papaparse';
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import type { SceneListAnswer, SeriesAnswer } from '../contract/statistics';
import {
  buttonLabel,
  e2eDescribe,
  gotoApp,
  login,
  setLocale,
  text,
  useE2E,
  type LocaleName,
} from './harness';
import { STATISTICS_CHARTS } from './harness/statistics-charts';
import { nextApiAnswer } from './harness/ui';

const SHOTS = '/tmp/shots';

function shot(page: Page, name: string): Promise<Buffer> {
  mkdirSync(SHOTS, { recursive: true });
  return page.screenshot({ path: `${SHOTS}/statistics-${name}.png`, fullPage: true });
}

/** Pixels a chart's canvas has drawn (not transparent), sampled on a grid. */
async function inkOf(chart: Locator): Promise<number> {
  return chart
    .locator('canvas')
    .first()
    .evaluate((el) => {
      const canvas = el as HTMLCanvasElement;
      const ctx = canvas.getContext('2d');
      if (!ctx || !canvas.width || !canvas.height) return 0;
      const { data } = ctx.getImageData(0, 0, canvas.width, canvas.height);
      let ink = 0;
      for (let i = 3; i < data.length; i += 4 * 7) if (data[i]! > 0) ink += 1;
      return ink;
    });
}

/** A picture of a chart's canvas, to tell whether it was redrawn with other data. */
function pictureOf(chart: Locator): Promise<string> {
  return chart
    .locator('canvas')
    .first()
    .evaluate((el) => (el as HTMLCanvasElement).toDataURL());
}

/** Number of a formatted count ("12,345" → 12345). */
const digits = (s: string | null) => Number((s ?? '').replace(/[^\d]/g, ''));

/** The first body row's scene code of the totals table. */
const firstCode = (page: Page) =>
  page
    .locator('[data-testid=statistics-table] .ant-table-row')
    .first()
    .getAttribute('data-row-key');

e2eDescribe('statistics', () => {
  const e2e = useE2E();

  for (const locale of ['zh-CN', 'en-US'] as LocaleName[]) {
    const tr = (key: string, params?: Record<string, string | number>) => text(key, locale, params);
    const suffix = locale === 'zh-CN' ? 'zh' : 'en';

    it(`${locale}: charts the demo's usage, redraws on a filter change, keeps it across a reload`, async () => {
      const { page } = e2e;
      if (locale !== 'zh-CN') await setLocale(e2e.context, locale);
      await page.goto('/login');
      await login(page, 'user', 'user');

      const listed = nextApiAnswer<SceneListAnswer>(page, 'statistic/scene/list');
      const timed = nextApiAnswer<SeriesAnswer>(page, 'statistic/scene/times/list');
      await gotoApp(page, '/scene/statistics?range=30d');
      const first = await listed;
      expect(first.code).toBe(0);
      expect(first.data.totals.calls).toBeGreaterThan(0);
      expect((await timed).data.buckets).toHaveLength(30);

      // Every chart has drawn something on its canvas; one below the fold as it is scrolled to.
      for (const id of STATISTICS_CHARTS) {
        const chart = page.getByTestId(id);
        await chart.scrollIntoViewIfNeeded();
        await chart.locator('canvas').first().waitFor();
        await expect.poll(() => inkOf(chart), { message: id }).toBeGreaterThan(50);
      }
      // The legend names the layers in the page's language; a click hides one and redraws.
      const legend = page.getByTestId('chart-calls-legend');
      const others = legend.getByRole('button', { name: tr('statistics.charts.others') });
      expect(await others.getAttribute('aria-pressed')).toBe('true');
      const whole = await pictureOf(page.getByTestId('chart-calls'));
      await others.click();
      await expect.poll(() => others.getAttribute('aria-pressed')).toBe('false');
      await expect.poll(() => pictureOf(page.getByTestId('chart-calls'))).not.toBe(whole);
      await others.press('Enter');
      await expect.poll(() => others.getAttribute('aria-pressed')).toBe('true');
      // The cards and the table show the answer: totals, and the busiest scene on top.
      await expect
        .poll(() =>
          page.getByTestId('statistics-card-calls').locator('.ant-statistic-content').textContent(),
        )
        .toSatisfy((s: string | null) => digits(s) === first.data.totals.calls);
      const rows = page.locator('[data-testid=statistics-table] .ant-table-row');
      await expect.poll(() => rows.count()).toBe(Math.min(20, first.data.list.length));
      const busiest = [...first.data.list].sort(
        (a, b) => b.calls - a.calls || a.sceneCode.localeCompare(b.sceneCode),
      )[0]!;
      expect(await firstCode(page)).toBe(busiest.sceneCode);
      expect(await page.locator('[data-testid=statistics-table] thead').textContent()).toContain(
        tr('statistics.table.budgetShare'),
      );
      await shot(page, `30d-${suffix}`);

      // Another range and granularity: new answers, other pictures, other totals.
      const before = await pictureOf(page.getByTestId('chart-calls'));
      const relisted = nextApiAnswer<SceneListAnswer>(page, 'statistic/scene/list');
      const retimed = nextApiAnswer<SeriesAnswer>(page, 'statistic/scene/times/list');
      await page
        .getByTestId('statistics-range')
        .getByText(tr('statistics.filters.presets.7d'), { exact: true })
        .click();
      const second = await relisted;
      expect(second.data.range.startDate).not.toBe(first.data.range.startDate);
      expect(second.data.totals.calls).toBeLessThan(first.data.totals.calls);
      expect((await retimed).data.buckets).toHaveLength(7);
      await expect
        .poll(() =>
          page.getByTestId('statistics-card-calls').locator('.ant-statistic-content').textContent(),
        )
        .toSatisfy((s: string | null) => digits(s) === second.data.totals.calls);
      await expect.poll(() => pictureOf(page.getByTestId('chart-calls'))).not.toBe(before);

      const weekly = nextApiAnswer<SeriesAnswer>(page, 'statistic/scene/times/list');
      await page
        .getByTestId('statistics-granularity')
        .getByText(tr('statistics.filters.granularities.week'), { exact: true })
        .click();
      expect((await weekly).data.range.granularity).toBe('week');

      // One scene: the table narrows to it.
      const scene = second.data.list.find((r) => r.sceneName) ?? second.data.list[0]!;
      const narrowed = nextApiAnswer<SceneListAnswer>(page, 'statistic/scene/list');
      // The picker searches scenes on the server as one types.
      const picker = page.getByRole('combobox', { name: tr('statistics.filters.scene') });
      await picker.click();
      await picker.fill(scene.sceneName ?? scene.sceneCode);
      await page
        .locator('.ant-select-dropdown:visible .ant-select-item-option')
        .filter({ hasText: scene.sceneName ?? scene.sceneCode })
        .first()
        .click();
      const third = await narrowed;
      expect(third.data.list.map((r) => r.sceneCode)).toEqual([scene.sceneCode]);
      await expect.poll(() => rows.count()).toBe(1);
      const url = new URL(page.url());
      expect(Object.fromEntries(url.searchParams)).toMatchObject({
        range: '7d',
        granularity: 'week',
        scene: scene.sceneCode,
      });
      await shot(page, `7d-week-scene-${suffix}`);

      // A reload asks the same and shows the same.
      const reloaded = nextApiAnswer<SceneListAnswer>(page, 'statistic/scene/list');
      await page.reload();
      const again = await reloaded;
      expect(again.data.range).toEqual(third.data.range);
      expect(again.data.list.map((r) => r.sceneCode)).toEqual([scene.sceneCode]);
      await expect.poll(() => rows.count()).toBe(1);
      expect(
        await page
          .getByTestId('statistics-range')
          .locator('.ant-radio-button-wrapper-checked')
          .textContent(),
      ).toBe(tr('statistics.filters.presets.7d'));
      expect(
        await page
          .getByTestId('statistics-granularity')
          .locator('.ant-segmented-item-selected')
          .textContent(),
      ).toBe(tr('statistics.filters.granularities.week'));
      expect(e2e.pageErrors).toEqual([]);
    });

    it(`${locale}: the CSV export holds the table's rows under a translated header`, async () => {
      const { page } = e2e;
      if (locale !== 'zh-CN') await setLocale(e2e.context, locale);
      await page.goto('/login');
      await login(page, 'user', 'user');
      const listed = nextApiAnswer<SceneListAnswer>(page, 'statistic/scene/list');
      // Sorted by cost, cheapest first: the file follows the table's order.
      await gotoApp(page, '/scene/statistics?range=90d&sort=cost&order=ascend');
      const answer = await listed;
      const rows = page.locator('[data-testid=statistics-table] .ant-table-row');
      await expect.poll(() => rows.count()).toBe(Math.min(20, answer.data.list.length));
      const shown = await rows.evaluateAll((els) => els.map((e) => e.getAttribute('data-row-key')));

      const download = page.waitForEvent('download');
      await page.getByRole('button', { name: buttonLabel(tr('statistics.export.button')) }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe(
        `statistics_${answer.data.range.startDate}_${answer.data.range.endDate}.csv`,
      );
      const content = readFileSync(await file.path(), 'utf8');
      expect(content.charCodeAt(0)).toBe(0xfeff);
      const [header, ...lines] = parse<string[]>(content.slice(1), { skipEmptyLines: true }).data;
      expect(header?.slice(0, 3)).toEqual([
        tr('statistics.table.scene'),
        tr('statistics.table.sceneCode'),
        tr('statistics.table.calls'),
      ]);
      expect(header).toContain(tr('statistics.csv.budgetShare'));
      expect(lines).toHaveLength(answer.data.list.length);
      // The first rows are those on screen, in the same order.
      expect(lines.slice(0, shown.length).map((l) => l[1])).toEqual(shown);
      const costs = lines.map((l) => Number(l[header!.indexOf(tr('statistics.csv.cost'))]));
      expect(costs).toEqual([...costs].sort((a, b) => a - b));
      // Each row's numbers are the API's.
      for (const line of lines) {
        const row = answer.data.list.find((r) => r.sceneCode === line[1])!;
        expect(Number(line[2])).toBe(row.calls);
        expect(Number(line[header!.indexOf(tr('statistics.table.totalTokens'))])).toBe(
          row.totalTokens,
        );
      }
      await shot(page, `export-${suffix}`);
    });
  }

  for (const locale of ['zh-CN', 'en-US'] as LocaleName[]) {
    for (const role of ['user', 'admin'] as const) {
      const tr = (key: string) => text(key, locale);

      it(`${locale}, ${role}: choosing "custom" opens the date picker, and its dates are asked`, async () => {
        const { page } = e2e;
        if (locale !== 'zh-CN') await setLocale(e2e.context, locale);
        await page.goto('/login');
        await login(page, role, role);
        const listed = nextApiAnswer<SceneListAnswer>(page, 'statistic/scene/list');
        await gotoApp(page, '/scene/statistics?range=7d');
        await listed;
        const popup = page.locator('.ant-picker-dropdown:visible');
        expect(await popup.count()).toBe(0);

        await page
          .getByTestId('statistics-range')
          .getByText(tr('statistics.filters.presets.custom'), { exact: true })
          .click();
        await popup.first().waitFor();
        // rc-picker hands the test id to both of its inputs: the first is the start date.
        const start = page.getByTestId('statistics-dates').first();
        await expect.poll(() => start.evaluate((el) => el === document.activeElement)).toBe(true);
        await expect.poll(() => new URL(page.url()).searchParams.has('start')).toBe(true);
        const url = new URL(page.url());
        const from = url.searchParams.get('start')!;
        const to = url.searchParams.get('end')!;

        // Two days inside the shown range, picked on the panel: the page asks for them.
        const day = (date: string, by: number) => {
          const d = new Date(`${date}T00:00:00Z`);
          d.setUTCDate(d.getUTCDate() + by);
          return d.toISOString().slice(0, 10);
        };
        const [newFrom, newTo] = [day(from, 1), day(to, -1)];
        const cell = (date: string) =>
          popup.locator(`td.ant-picker-cell-in-view[title="${date}"]`).first();
        await cell(newFrom).click();
        const asked = nextApiAnswer<SceneListAnswer>(page, 'statistic/scene/list');
        await cell(newTo).click();
        const answer = await asked;
        expect([answer.data.range.startDate, answer.data.range.endDate]).toEqual([newFrom, newTo]);
        await expect.poll(() => popup.count()).toBe(0);
        const after = new URL(page.url()).searchParams;
        expect([after.get('start'), after.get('end'), after.get('range')]).toEqual([
          newFrom,
          newTo,
          null,
        ]);

        // Chosen again while it is already the choice: the picker opens again.
        await page
          .getByTestId('statistics-range')
          .getByText(tr('statistics.filters.presets.custom'), { exact: true })
          .click();
        await popup.first().waitFor();
        await page.keyboard.press('Escape');
        expect(e2e.pageErrors).toEqual([]);
      });
    }
  }

  it('a range without activity shows the empty state; the dark theme draws too', async () => {
    const { page } = e2e;
    await page.goto('/login');
    await login(page, 'user', 'user');
    const listed = nextApiAnswer<SceneListAnswer>(page, 'statistic/scene/list');
    // Years before the demo's calls.
    await gotoApp(page, '/scene/statistics?start=2001-01-01&end=2001-01-31');
    expect((await listed).data.totals.calls).toBe(0);
    await page.getByTestId('statistics-empty').waitFor();
    await shot(page, 'empty-zh');

    await page.evaluate(() => {
      const settings = JSON.parse(localStorage.getItem('app-settings') ?? '{}') as object;
      localStorage.setItem('app-settings', JSON.stringify({ ...settings, theme: 'dark' }));
    });
    await gotoApp(page, '/scene/statistics?range=30d');
    const chart = page.getByTestId('chart-calls');
    await chart.locator('canvas').first().waitFor();
    await expect.poll(() => inkOf(chart)).toBeGreaterThan(50);
    await shot(page, 'dark-zh');
  });
});
