/**
 * An evaluation really runs: an operator builds a small corpus set, creates an evaluation of two
 * demo model versions, presses Run on its page and watches it complete, then opens its report
 * and the answers of an item. The server runs its evaluation worker. Both locales.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
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
import { idleDemoVersions } from './harness/models';
import { apiCall, nextApiAnswer } from './harness/ui';

const LOCALES: readonly LocaleName[] = ['zh-CN', 'en-US'];
const ITEMS = 6;

async function signIn(page: Page): Promise<void> {
  await page.goto('/login');
  await login(page, 'user', 'user');
}

/** A corpus set of a few questions with answers, and an evaluation of it on two demo versions. */
async function newEvaluation(page: Page, name: string): Promise<number> {
  const corpus = await apiCall<{ id: number }>(page, 'corpus/create', {
    corpusName: `${name} set`,
    type: 'qa',
  });
  expect(corpus.code).toBe(0);
  for (let i = 0; i < ITEMS; i++) {
    const item = await apiCall(page, 'corpus/item/create', {
      corpusId: corpus.data.id,
      question: `年假第 ${i} 条怎么规定？`,
      answer: `年假第 ${i} 条规定五天。`,
    });
    expect(item.code).toBe(0);
  }
  const versions = (await idleDemoVersions(page)).slice(0, 2);
  expect(versions).toHaveLength(2);
  const evaluation = await apiCall<{ id: number }>(page, 'model-evaluate/create', {
    evaluateName: name,
    corpusId: corpus.data.id,
    modelVersions: versions,
    metrics: ['accuracy', 'bleu', 'rougeL'],
  });
  expect(evaluation.code).toBe(0);
  return evaluation.data.id;
}

e2eDescribe('evaluation runs', () => {
  const e2e = useE2E({ env: { EVALUATION_WORKER: '1' } });

  for (const locale of LOCALES) {
    it(`${locale}: Run on the page, watch it complete, read the report and an item`, async () => {
      const { page } = e2e;
      const say = (key: string, params?: Record<string, string | number>) =>
        text(key, locale, params);
      if (locale !== 'zh-CN') await setLocale(e2e.context, locale);
      await signIn(page);
      const id = await newEvaluation(page, `E2E run ${locale} ${Date.now().toString(36)}`);

      await gotoApp(page, `/model-evaluate/detail?id=${id}`);
      await page.getByText(say('model-evaluate.enums.state.pending')).first().waitFor();
      const started = nextApiAnswer<{ total: number }>(page, 'model-evaluate/run');
      await page
        .getByRole('button', { name: buttonLabel(say('model-evaluate.actions.run')) })
        .click();
      expect((await started).data.total).toBe(ITEMS * 2);
      // Live: the page follows the run to its end without a reload.
      await page
        .locator('.evaluate-detail__progress')
        .getByText(say('model-evaluate.enums.state.completed'), { exact: true })
        .waitFor({ timeout: 30_000 });
      await expect
        .poll(
          async () =>
            (await apiCall<{ done: number }>(page, 'model-evaluate/progress', { id })).data.done,
        )
        .toBe(ITEMS * 2);
      expect(e2e.pageErrors).toEqual([]);

      // The report reads what the run wrote.
      const reported = nextApiAnswer<{
        rows: { results: number; metrics: Record<string, number> }[];
      }>(page, 'model-evaluate/report');
      await page
        .getByRole('button', { name: buttonLabel(say('model-evaluate.actions.report')) })
        .click();
      const report = await reported;
      expect(report.data.rows.map((r) => r.results)).toEqual([ITEMS, ITEMS]);
      expect(Object.keys(report.data.rows[0]!.metrics)).toEqual(
        expect.arrayContaining(['accuracy', 'bleu', 'rougeL']),
      );
      await page.locator('.evaluate-report__chart canvas').first().waitFor();

      const loaded = nextApiAnswer<{ list: { question: string; results: unknown[] }[] }>(
        page,
        'model-evaluate/report/items',
      );
      await page
        .getByRole('button', { name: buttonLabel(say('model-evaluate.actions.reportDetail')) })
        .click();
      const items = await loaded;
      const first = page.locator('.evaluate-item').first();
      await first.waitFor();
      expect(await first.textContent()).toContain(items.data.list[0]!.question);
      await expect.poll(() => first.locator('.evaluate-item__answer').count()).toBe(2);
    });
  }
});
