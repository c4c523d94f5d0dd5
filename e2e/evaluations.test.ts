/**
 * Model evaluations: the report of a finished evaluation (chart, table, baseline
 * switch), its per-item comparison with a human score saved and kept, a stale score reloaded,
 * and a new evaluation created through the form; in both locales. Uses the demo seed's
 * finished evaluations, which carry results (results cannot be created through the API).
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import {
  buttonLabel,
  e2eDescribe,
  exactly,
  gotoApp,
  login,
  selectOptions,
  setLocale,
  text,
  useE2E,
} from './harness';
import type { LocaleName } from './harness';
import { apiCall, nextApiAnswer, settledPopover } from './harness/ui';
import { formatCount, formatScore } from '../src/components/charts/format';
import type { ReportRow } from '../src/resources/model-evaluate/api';

const SHOTS = '/tmp/shots';

interface Evaluation {
  id: number;
  version: number;
  evaluateName: string;
  modelVersions: string[];
  baselineVersion: string | null;
  state: string;
  resultCount: number;
}
interface Result {
  id: number;
  version: number;
  modelVersion: string;
  humanScore: number | null;
  latencyMs: number;
  totalTokens: number;
}
interface Items {
  total: number;
  list: { itemId: number; question: string; results: Result[] }[];
}

async function signIn(page: Page): Promise<void> {
  await page.goto('/login');
  await login(page, 'user', 'user');
}

/** A finished evaluation of the demo that has results. */
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

function shot(page: Page, name: string): Promise<Buffer> {
  mkdirSync(SHOTS, { recursive: true });
  return page.screenshot({ path: `${SHOTS}/eval-${name}.png`, fullPage: true });
}

e2eDescribe('model evaluations', () => {
  const e2e = useE2E();

  for (const locale of ['zh-CN', 'en-US'] as LocaleName[]) {
    const tr = (key: string, params?: Record<string, string | number>) => text(key, locale, params);
    const suffix = locale === 'zh-CN' ? 'zh' : 'en';

    it(`${locale}: the report charts and tables each version; the baseline can be switched`, async () => {
      const { page } = e2e;
      if (locale !== 'zh-CN') await setLocale(e2e.context, locale);
      await signIn(page);
      const evaluation = await finishedEvaluation(page);
      const reported = nextApiAnswer<{ baseline: string; rows: ReportRow[] }>(
        page,
        'model-evaluate/report',
      );
      await gotoApp(page, `/model-evaluate/report?id=${evaluation.id}`);
      const first = await reported;
      expect(first.code).toBe(0);
      const rows = page.locator('.ant-table-row');
      await expect.poll(() => rows.count()).toBe(evaluation.modelVersions.length);
      await expect
        .poll(() => page.locator('.ant-table-thead').textContent())
        .toContain(tr('model-evaluate.report.humanScore'));
      // The chart draws on a canvas once its chunk has loaded.
      await page.locator('.evaluate-report__chart canvas').first().waitFor();
      expect(
        await page.locator('.ant-table-row', { hasText: first.data.baseline }).textContent(),
      ).toContain(tr('model-evaluate.report.baselineTag'));
      // Latency and tokens carry the locale's separators; means have two decimals.
      const baselineRow = first.data.rows.find((r) => r.modelVersion === first.data.baseline)!;
      const cells = await page
        .locator('.ant-table-row', { hasText: first.data.baseline })
        .locator('td')
        .allTextContents();
      expect(cells).toContain(formatCount(baselineRow.totalTokens, locale));
      if (baselineRow.latencyMs !== null) {
        expect(cells).toContain(formatCount(baselineRow.latencyMs, locale));
      }
      for (const mean of Object.values(baselineRow.metrics)) {
        expect(cells.join(' ')).toContain(formatScore(mean, locale));
      }
      await shot(page, `report-${suffix}`);

      // Another baseline: the URL keeps it and the diff follows it.
      const other = evaluation.modelVersions.find((v) => v !== first.data.baseline)!;
      const switched = nextApiAnswer<{ baseline: string }>(page, 'model-evaluate/report');
      const baselineSelect = page.locator('.evaluate-report__select input[role=combobox]');
      await page.locator('.evaluate-report__select').click();
      await (await selectOptions(page, baselineSelect)).filter({ hasText: other }).first().click();
      expect((await switched).data.baseline).toBe(other);
      await expect.poll(() => new URL(page.url()).searchParams.get('baseline')).toBe(other);
      await expect
        .poll(() => page.locator('.ant-table-row', { hasText: other }).first().textContent())
        .toContain(tr('model-evaluate.report.baselineTag'));
      expect(e2e.pageErrors).toEqual([]);
    });

    it(`${locale}: report detail shows answers side by side; a human score is saved and kept`, async () => {
      const { page } = e2e;
      if (locale !== 'zh-CN') await setLocale(e2e.context, locale);
      await signIn(page);
      const evaluation = await finishedEvaluation(page);
      await gotoApp(page, `/model-evaluate/report?id=${evaluation.id}`);
      const loaded = nextApiAnswer<Items>(page, 'model-evaluate/report/items');
      await page
        .getByRole('button', { name: buttonLabel(tr('model-evaluate.actions.reportDetail')) })
        .click();
      const items = await loaded;
      expect(items.code).toBe(0);
      expect(items.data.total).toBeGreaterThan(0);
      const item = items.data.list[0]!;
      const firstItem = page.locator('.evaluate-item').first();
      await firstItem.waitFor();
      expect(await firstItem.textContent()).toContain(item.question);
      const answers = firstItem.locator('.evaluate-item__answer');
      await expect.poll(() => answers.count()).toBe(item.results.length);
      // An answer's cost with the locale's separators, as the report's table writes it.
      expect(await answers.first().textContent()).toContain(
        tr('model-evaluate.items.cost', {
          latency: formatCount(item.results[0]!.latencyMs, locale),
          tokens: formatCount(item.results[0]!.totalTokens, locale),
        }),
      );
      await shot(page, `report-detail-${suffix}`);

      // Score the first answer: a different number of stars than it has.
      const target = item.results[0]!;
      const stars = target.humanScore === 4 ? 3 : 4;
      const card = answers.first();
      await card
        .locator('.ant-rate-star')
        .nth(stars - 1)
        .locator('div[role=radio]')
        .click();
      const comment = `E2E ${locale} ${Date.now().toString(36)}`;
      await card.getByPlaceholder(tr('model-evaluate.items.commentPlaceholder')).fill(comment);
      const saved = nextApiAnswer<Result & { comment: string }>(
        page,
        'model-evaluate/result/update',
      );
      await card.getByRole('button', { name: buttonLabel(tr('buttons.save')) }).click();
      const answer = await saved;
      expect(answer.code).toBe(0);
      expect(answer.data).toMatchObject({ humanScore: stars, comment });
      await page
        .locator('.ant-message-notice', { hasText: tr('model-evaluate.items.saved') })
        .waitFor();
      // Kept: a reload shows the stars and the comment.
      await page.reload();
      const again = page.locator('.evaluate-item').first().locator('.evaluate-item__answer');
      await again.first().waitFor();
      await expect.poll(() => again.first().locator('.ant-rate-star-full').count()).toBe(stars);
      expect(
        await again
          .first()
          .getByPlaceholder(tr('model-evaluate.items.commentPlaceholder'))
          .inputValue(),
      ).toBe(comment);

      // Someone else scores it meanwhile: saving the stale copy reloads it and says so.
      const fresh = await apiCall<Result>(page, 'model-evaluate/result/update', {
        id: target.id,
        version: answer.data.version,
        humanScore: 1,
      });
      expect(fresh.code).toBe(0);
      await again.first().locator('.ant-rate-star').nth(4).locator('div[role=radio]').click();
      const stale = nextApiAnswer(page, 'model-evaluate/result/update');
      await again
        .first()
        .getByRole('button', { name: buttonLabel(tr('buttons.save')) })
        .click();
      expect((await stale).code).toBe(40900);
      await page
        .locator('.ant-message-notice', { hasText: tr('model-evaluate.items.reloaded') })
        .waitFor();
      await expect.poll(() => again.first().locator('.ant-rate-star-full').count()).toBe(1);

      // Paging lives in the URL.
      if (items.data.total > items.data.list.length) {
        const next = nextApiAnswer<Items>(page, 'model-evaluate/report/items');
        await page.locator('.ant-pagination-item-2').click();
        expect((await next).data.list[0]!.itemId).not.toBe(item.itemId);
        await expect.poll(() => new URL(page.url()).searchParams.get('page')).toBe('2');
      }
      expect(e2e.pageErrors).toEqual([]);
    });
  }

  it('zh-CN: the list creates an evaluation through its form and cancels it', async () => {
    const { page } = e2e;
    const tr = (key: string, params?: Record<string, string | number>) =>
      text(key, 'zh-CN', params);
    await signIn(page);
    await gotoApp(page, '/model-evaluate/list');
    await page.locator('.ant-table-row').first().waitFor();
    // The generic create button's icon is part of its name ("plus 新建").
    await page.getByRole('button', { name: tr('buttons.create') }).click();
    const dialog = page.locator('.ant-modal-content', {
      hasText: tr('model-evaluate.fields.evaluateName'),
    });
    await dialog.waitFor();
    const name = `E2E 评测 ${Date.now().toString(36)}`;
    await dialog.getByLabel(tr('model-evaluate.fields.evaluateName'), { exact: true }).fill(name);
    const pick = async (label: string, count = 1) => {
      const item = dialog
        .locator('.ant-form-item')
        .filter({ has: page.locator('label', { hasText: exactly(label) }) });
      await item.locator('.ant-select-selector').click();
      const options = await selectOptions(page, item.locator('input[role=combobox]'));
      await options.first().waitFor();
      for (let i = 0; i < count; i++) await options.nth(i).click();
      // Escape would close the dialog (and ask about the unsaved input): click elsewhere.
      await dialog.locator('.ant-modal-title').click();
    };
    const item = (label: string) =>
      dialog
        .locator('.ant-form-item')
        .filter({ has: page.locator('label', { hasText: exactly(label) }) });
    const baseline = item(tr('model-evaluate.fields.baselineVersion')).locator(
      '.ant-select-selection-placeholder',
    );
    await expect.poll(() => baseline.textContent()).toBe(tr('model-evaluate.form.baselineFirst'));
    await pick(tr('model-evaluate.fields.corpusId'));
    await pick(tr('model-evaluate.fields.modelVersions'), 2);
    // The baseline follows the first version chosen; cleared, its hint says it still will.
    const firstChosen = await item(tr('model-evaluate.fields.modelVersions'))
      .locator('.ant-select-selection-item-content')
      .first()
      .textContent();
    const baselineItem = item(tr('model-evaluate.fields.baselineVersion'));
    await expect
      .poll(() => baselineItem.locator('.ant-select-selection-item').textContent())
      .toBe(firstChosen);
    await baselineItem.locator('.ant-select').hover();
    await baselineItem.locator('.ant-select-clear').click();
    await expect
      .poll(() => baseline.textContent())
      .toBe(tr('model-evaluate.form.baselineDefault', { version: firstChosen ?? '' }));
    await dialog
      .getByRole('checkbox', { name: tr('model-evaluate.enums.metrics.fluency') })
      .check();
    await shot(page, 'create-zh');
    const created = nextApiAnswer<Evaluation & { metrics: string[] }>(
      page,
      'model-evaluate/create',
    );
    await dialog.getByRole('button', { name: buttonLabel(tr('buttons.save')) }).click();
    const made = await created;
    expect(made.code).toBe(0);
    expect(made.data.modelVersions).toHaveLength(2);
    expect(made.data.baselineVersion).toBe(made.data.modelVersions[0]);
    expect(made.data.metrics).toEqual(['accuracy', 'fluency']);
    await page.waitForURL(
      (u) =>
        u.pathname === '/model-evaluate/detail' &&
        u.searchParams.get('id') === String(made.data.id),
    );
    await page.locator('.evaluate-detail').waitFor();
    await shot(page, 'detail-zh');

    // Pending: it can be cancelled after a confirm.
    await page
      .getByRole('button', { name: buttonLabel(tr('model-evaluate.actions.cancel')) })
      .click();
    const cancelled = nextApiAnswer<Evaluation>(page, 'model-evaluate/cancel');
    await settledPopover(page).locator('.ant-popconfirm-buttons .ant-btn-primary').click();
    expect((await cancelled).data.state).toBe('cancelled');
    await expect
      .poll(() => page.locator('.evaluate-detail').textContent())
      .toContain(tr('model-evaluate.enums.state.cancelled'));
    expect(e2e.pageErrors).toEqual([]);
  });
});
