/**
 * The evaluation report reads the real results: each metric's mean with its 95 % interval, every
 * other version against the baseline (difference interval coloured by where it lies, wins,
 * losses and ties), the worst items first with a link to their answers side by side, and the
 * CSV export of every result. Both locales on the demo's finished evaluations; a judged run
 * shows the judge's reason beside an answer. The report is the user role's page (USER_ONLY):
 * an admin typing its address is sent to the admin's first page.
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { loadPolicy } from '../src/providers/access-enforcer';
import { firstPermittedPath } from '../src/routes/guards';
import { formatScore } from '../src/components/charts/format';
import type { Report, ReportItem } from '../src/resources/model-evaluate/api';
import { formatSigned, verdictOf } from '../src/resources/model-evaluate/ReportFormat';
import {
  buttonLabel,
  e2eDescribe,
  gotoApp,
  login,
  selectOptions,
  setLocale,
  text,
  useE2E,
  waitForPath,
  type LocaleName,
} from './harness';
import { idleDemoVersions } from './harness/models';
import { apiCall, nextApiAnswer } from './harness/ui';

const LOCALES: readonly LocaleName[] = ['zh-CN', 'en-US'];
const policy = await loadPolicy();

interface Evaluation {
  id: number;
  evaluateName: string;
  modelVersions: string[];
  resultCount: number;
}
interface Items {
  list: ReportItem[];
  total: number;
  metric: string | null;
}

async function signIn(page: Page, who = 'user'): Promise<void> {
  await page.goto('/login');
  await login(page, who, who);
}

/** A finished demo evaluation with results of several versions. */
async function finishedEvaluation(page: Page): Promise<Evaluation> {
  const answer = await apiCall<{ list: Evaluation[] }>(page, 'model-evaluate/page', {
    current: 1,
    pageSize: 50,
    filters: [{ field: 'state', operator: 'eq', value: 'completed' }],
  });
  expect(answer.code).toBe(0);
  const found = answer.data.list.find((e) => e.resultCount > 0 && e.modelVersions.length > 1);
  expect(found, 'the demo seed has a completed evaluation with results').toBeTruthy();
  return found!;
}

e2eDescribe('evaluation report', () => {
  const e2e = useE2E({ env: { EVALUATION_WORKER: '1' } });

  for (const locale of LOCALES) {
    const tr = (key: string, params?: Record<string, string | number>) => text(key, locale, params);
    const suffix = locale === 'zh-CN' ? 'zh' : 'en';

    it(`${locale}: intervals, versions against the baseline, worst first, an item, the CSV`, async () => {
      const { page } = e2e;
      if (locale !== 'zh-CN') await setLocale(e2e.context, locale);
      await signIn(page);
      const evaluation = await finishedEvaluation(page);
      const reported = nextApiAnswer<Report>(page, 'model-evaluate/report');
      await gotoApp(page, `/model-evaluate/report?id=${evaluation.id}`);
      const report = (await reported).data;
      const baseline = report.baseline!;
      const [metric] = report.metrics;
      expect(metric).toBeTruthy();

      // The baseline's mean of the first metric with ± half its interval; the ends on hover.
      const base = report.rows.find((r) => r.modelVersion === baseline)!;
      const interval = base.intervals[metric!]!;
      const half = formatScore((interval.high - interval.low) / 2, locale);
      const baseRow = page.locator('.ant-table-row', { hasText: baseline });
      await expect
        .poll(() => baseRow.textContent())
        .toContain(`${formatScore(interval.mean, locale)} ± ${half}`);
      await baseRow.locator('.evaluate-mean').first().hover();
      const tip = tr('model-evaluate.report.intervalTip', {
        low: formatScore(interval.low, locale),
        high: formatScore(interval.high, locale),
        n: interval.n,
      });
      await page.getByRole('tooltip').filter({ hasText: tip }).waitFor();
      await page.mouse.move(0, 0);
      await page.getByRole('tooltip').filter({ hasText: tip }).waitFor({ state: 'hidden' });

      // Each other version against the baseline: the difference coloured by its interval.
      const others = report.rows.filter((r) => r.modelVersion !== baseline);
      expect(others.length).toBeGreaterThan(0);
      for (const row of others) {
        const card = page.locator('.evaluate-versus__card', {
          hasText: tr('model-evaluate.report.versus.card', {
            version: row.modelVersion,
            baseline,
          }),
        });
        const versus = row.versus![metric!]!;
        expect(versus.win + versus.loss + versus.tie).toBe(versus.n);
        const line = card.locator(`tr[data-metric="${metric}"]`);
        await expect.poll(() => line.textContent()).toContain(formatSigned(versus.mean, locale));
        const lineText = (await line.textContent()) ?? '';
        expect(lineText).toContain(
          tr('model-evaluate.report.versus.counts', {
            win: versus.win,
            loss: versus.loss,
            tie: versus.tie,
          }),
        );
        expect(lineText).toContain(
          tr('model-evaluate.report.range', {
            low: formatSigned(versus.low, locale),
            high: formatSigned(versus.high, locale),
          }),
        );
        const verdict = verdictOf(versus);
        expect(await line.locator('.evaluate-versus__diff').getAttribute('data-verdict')).toBe(
          verdict,
        );
        const tagClass = (await line.locator('.evaluate-versus__tag').getAttribute('class')) ?? '';
        if (verdict === 'better') expect(tagClass).toContain('ant-tag-success');
        else if (verdict === 'worse') expect(tagClass).toContain('ant-tag-error');
        else expect(tagClass).not.toMatch(/ant-tag-(success|error)/);
      }

      // Worst first, asked for once the list is scrolled to: the lowest score of the metric
      // among the versions, ascending.
      const worstLoaded = nextApiAnswer<Items>(page, 'model-evaluate/report/items');
      await page.locator('.evaluate-worst').scrollIntoViewIfNeeded();
      const worst = (await worstLoaded).data;
      expect(worst.metric).toBe(metric);
      const lows = worst.list.map((i) => i.lowest).filter((v): v is number => v !== null);
      expect(lows).toEqual([...lows].sort((a, b) => a - b));
      const rows = page.locator('.evaluate-worst__item');
      await expect.poll(() => rows.count()).toBe(lows.length);
      expect(await rows.first().getAttribute('data-item')).toBe(String(worst.list[0]!.itemId));
      await page.locator('.evaluate-worst .ant-spin-blur').waitFor({ state: 'detached' });
      await page.evaluate(() => window.scrollTo(0, 0));
      await page.screenshot({ path: `/tmp/report-${suffix}.png`, fullPage: true });
      expect(await rows.first().locator('.evaluate-worst__lowest').textContent()).toContain(
        formatScore(lows[0]!, locale),
      );

      // Another metric re-orders the list; the URL keeps it.
      let listed = worst;
      if (report.metrics.length > 1) {
        const next = report.metrics[1]!;
        const reordered = nextApiAnswer<Items>(page, 'model-evaluate/report/items');
        await page.locator('.evaluate-worst__select').click();
        const options = await selectOptions(
          page,
          page.locator('.evaluate-worst__select input[role=combobox]'),
        );
        await options
          .filter({ hasText: tr(`model-evaluate.enums.metrics.${next}`) })
          .first()
          .click();
        listed = (await reordered).data;
        expect(listed.metric).toBe(next);
        await expect.poll(() => new URL(page.url()).searchParams.get('metric')).toBe(next);
        await expect
          .poll(() => rows.first().getAttribute('data-item'))
          .toBe(String(listed.list[0]!.itemId));
      }

      // The CSV of every result: translated headers, one row per item × version.
      const download = page.waitForEvent('download');
      await page
        .getByRole('button', { name: buttonLabel(tr('model-evaluate.report.export.csv')) })
        .click();
      const file = await download;
      expect(file.suggestedFilename()).toMatch(/^evaluation-\d+-\d{8}T\d{6}\.csv$/);
      const csv = readFileSync(await file.path(), 'utf8').replace(/^\uFEFF/, '');
      const lines = csv.trimEnd().split('\r\n');
      const header = lines[0]!.split(',');
      expect(header.slice(0, 5)).toEqual(
        ['itemId', 'question', 'expectedAnswer', 'modelVersion', 'answer'].map((f) =>
          tr(`model-evaluate-result.fields.${f}`),
        ),
      );
      expect(header).toContain(tr(`model-evaluate.enums.metrics.${metric}`));
      expect(header).toContain(tr('model-evaluate.report.columns.judgeReason'));
      expect(new Set(header).size).toBe(header.length);
      // Answers may hold line breaks (quoted): count the rows by their item id column.
      const rowsOut = lines.slice(1).filter((l) => /^\d+,/.test(l));
      expect(rowsOut.length).toBe(evaluation.resultCount);

      // The worst item's answers side by side, that item alone.
      const first = listed.list[0]!;
      const shownMetric = listed.metric!;
      const one = nextApiAnswer<Items>(page, 'model-evaluate/report/items');
      await rows
        .first()
        .getByRole('link', { name: tr('model-evaluate.report.worst.open') })
        .click();
      await waitForPath(page, (p) => p.startsWith('/model-evaluate/report-detail'));
      expect(new URL(page.url()).searchParams.get('item')).toBe(String(first.itemId));
      const answered = (await one).data;
      expect(answered.total).toBe(1);
      const item = page.locator(`.evaluate-item[data-item="${first.itemId}"]`);
      await item.waitFor();
      await expect
        .poll(() => item.locator('.evaluate-item__answer').count())
        .toBe(first.results.length);
      await page.screenshot({ path: `/tmp/report-item-${suffix}.png`, fullPage: true });
      expect(await page.locator('.evaluate-items__single').textContent()).toContain(
        tr('model-evaluate.report.single', { id: first.itemId }),
      );
      const firstScore = first.results[0]!.scores?.[shownMetric];
      if (typeof firstScore === 'number') {
        expect(
          await item
            .locator('.evaluate-item__answer')
            .first()
            .locator(`[data-metric="${shownMetric}"]`)
            .textContent(),
        ).toContain(formatScore(firstScore, locale));
      }

      // All items, still worst first by that metric: the same order as the report's list.
      const sorted = nextApiAnswer<Items>(page, 'model-evaluate/report/items');
      await page
        .getByRole('button', { name: buttonLabel(tr('model-evaluate.report.allItems')) })
        .click();
      const worstPage = (await sorted).data;
      expect(worstPage.metric).toBe(shownMetric);
      expect(worstPage.list[0]!.itemId).toBe(first.itemId);
      expect(new URL(page.url()).searchParams.get('sort')).toBe('worst');
      await expect
        .poll(() => page.locator('.evaluate-item').first().getAttribute('data-item'))
        .toBe(String(first.itemId));
      await page.screenshot({ path: `/tmp/report-worst-${suffix}.png` });
      // By item again: ascending item ids.
      const byItem = nextApiAnswer<Items>(page, 'model-evaluate/report/items');
      await page.getByText(tr('model-evaluate.report.sort.item'), { exact: true }).click();
      const ids = (await byItem).data.list.map((i) => i.itemId);
      expect(ids).toEqual([...ids].sort((x, y) => x - y));
      await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBeNull();
      await page.screenshot({ path: `/tmp/report-detail-${suffix}.png`, fullPage: true });
      expect(e2e.pageErrors).toEqual([]);
    });
  }

  it('zh-CN: a judged run shows the judge’s reason beside each answer', async () => {
    const { page } = e2e;
    const tr = (key: string, params?: Record<string, string | number>) =>
      text(key, 'zh-CN', params);
    await signIn(page);
    const name = `E2E 报告 ${Date.now().toString(36)}`;
    const corpus = await apiCall<{ id: number }>(page, 'corpus/create', {
      corpusName: `${name} set`,
      type: 'qa',
    });
    for (let i = 0; i < 2; i++) {
      await apiCall(page, 'corpus/item/create', {
        corpusId: corpus.data.id,
        question: `退款第 ${i} 条怎么规定？`,
        answer: `第 ${i} 条：七天内可退。`,
      });
    }
    const versions = await idleDemoVersions(page);
    expect(versions.length).toBeGreaterThanOrEqual(2);
    const created = await apiCall<{ id: number }>(page, 'model-evaluate/create', {
      evaluateName: name,
      corpusId: corpus.data.id,
      modelVersions: versions.slice(0, 2),
      metrics: ['accuracy', 'judge'],
      judgeVersion: versions[0],
    });
    expect(created.code).toBe(0);
    const id = created.data.id;
    expect((await apiCall(page, 'model-evaluate/run', { id })).code).toBe(0);
    await expect
      .poll(
        async () =>
          (await apiCall<{ state: string }>(page, 'model-evaluate/progress', { id })).data.state,
        { timeout: 60_000 },
      )
      .toBe('completed');

    const loaded = nextApiAnswer<Items>(page, 'model-evaluate/report/items');
    await gotoApp(page, `/model-evaluate/report-detail?id=${id}`);
    const items = (await loaded).data;
    const results = items.list.flatMap((i) => i.results);
    const reasons = results.map((r) => r.scores?.judgeReason).filter(Boolean);
    expect(reasons.length).toBe(results.length);
    const answer = page.locator('.evaluate-item').first().locator('.evaluate-item__answer').first();
    await answer.waitFor();
    const judge = answer.locator('.evaluate-item__judge');
    await expect.poll(() => judge.textContent()).toContain(tr('model-evaluate.report.judgeReason'));
    expect(await judge.textContent()).toContain(
      String(items.list[0]!.results[0]!.scores!.judgeReason),
    );
    expect(await answer.locator('[data-metric="judge"]').textContent()).toContain(
      tr('model-evaluate.enums.metrics.judge'),
    );
    await page.screenshot({ path: '/tmp/report-judge-zh.png', fullPage: true });
    expect(e2e.pageErrors).toEqual([]);
  });

  it('the report is the user role’s page: an admin typing its address lands on its first page', async () => {
    const { page } = e2e;
    await signIn(page, 'admin');
    const evaluation = await finishedEvaluation(page);
    await page.goto(`/model-evaluate/report?id=${evaluation.id}`);
    const first = firstPermittedPath('admin', policy);
    expect(first).toBeTruthy();
    await waitForPath(page, (p) => p.startsWith(first!));
    expect(await page.locator('.evaluate-versus').count()).toBe(0);
  });
});
