/**
 * Prompt labels in a platform template's history, in both languages: the admin points
 * `staging` at the live version, moves it to a draft (the dialog says from where), is refused
 * `production` before any call, and removes the label after confirming.
 */
import type { Locator, Page } from 'playwright-core';
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
import { confirmPopover, nextApiAnswer, settledDialog } from './harness/ui';

interface PromptAnswer {
  id: number;
  liveVersion: number;
  pendingVersion: number | null;
  reviewState: string;
}

interface LabelsAnswer {
  labels: Record<string, number>;
}

type Say = (key: string, params?: Record<string, string | number>) => string;
const LOCALES: readonly LocaleName[] = ['zh-CN', 'en-US'];
const sayIn =
  (locale: LocaleName): Say =>
  (key, params) =>
    text(key, locale, params);

const stamp = () => Date.now().toString(36);

async function signIn(page: Page, user: string): Promise<void> {
  await page.goto('/login');
  await login(page, user, user);
}

const tab = (page: Page, key: string, say: Say) =>
  page.getByRole('tab', { name: say(`prompt.detail.tabs.${key}`), exact: true });
const contentInput = (page: Page, say: Say) =>
  page.getByLabel(say('prompt.fields.content'), { exact: true });
/** The history's versions table (a detail page keeps the tabs it has shown, hidden). */
const historyTable = (page: Page, say: Say) =>
  page.locator(`table[aria-label="${say('prompt.history.title')}"]:visible`);
/** One version's labels, as the names of their tags. */
const tagNames = (history: Locator, n: number, say: Say) =>
  history
    .getByRole('list', { name: say('prompt.labels.ofVersion', { n }), exact: true })
    .getByRole('listitem')
    .evaluateAll((items) => items.map((li) => li.getAttribute('aria-label') ?? ''));
const toast = (page: Page, message: string) =>
  page.locator('.ant-message-notice', { hasText: message });

e2eDescribe('prompt labels', () => {
  const e2e = useE2E();

  for (const locale of LOCALES) {
    it(`${locale}: the admin sets staging on the live version, moves it to the draft, cannot set production, and removes it`, async () => {
      const { page } = e2e;
      const say = sayIn(locale);
      if (locale !== 'zh-CN') await setLocale(e2e.context, locale);
      await signIn(page, 'admin');

      // A platform template of its own, with a draft beside live v1 (the admin's change).
      await gotoApp(page, '/prompt/add-public');
      const form = page.locator('form#prompt-create');
      await form
        .getByLabel(say('prompt.fields.title'), { exact: true })
        .fill(`E2E labels ${locale} ${stamp()}`);
      await form.getByLabel(say('prompt.fields.content'), { exact: true }).fill('Hello');
      const created = nextApiAnswer<PromptAnswer>(page, 'prompt/create');
      await page.getByRole('button', { name: buttonLabel(say('buttons.save')) }).click();
      const made = await created;
      expect(made.code).toBe(0);
      await page.waitForURL(
        (u) =>
          u.pathname === '/prompt/detail-public' &&
          u.searchParams.get('id') === String(made.data.id),
      );
      await page.getByRole('button', { name: buttonLabel(say('buttons.edit')) }).click();
      await contentInput(page, say).fill('Hello again');
      // A note long enough to need wrapping in its cell.
      await page
        .getByLabel(say('prompt.fields.note'), { exact: true })
        .fill(
          '补充一句说明，较长的说明文字用来检查换行 · a longer note that has to wrap in its cell',
        );
      const updated = nextApiAnswer<PromptAnswer>(page, 'prompt/update');
      await page.getByRole('button', { name: buttonLabel(say('buttons.save')) }).click();
      const up = await updated;
      expect(up.data).toMatchObject({ liveVersion: 1, pendingVersion: 2, reviewState: 'draft' });

      // The history: production on the live version, what labels are for, no label on the draft.
      await tab(page, 'history', say).click();
      const history = historyTable(page, say);
      await expect.poll(() => history.locator('.ant-table-row').count()).toBe(2);
      expect(await tagNames(history, 1, say)).toEqual([say('prompt.labels.productionTag')]);
      expect(
        await history.getByRole('list', { name: say('prompt.labels.ofVersion', { n: 2 }) }).count(),
      ).toBe(0);
      await page.getByText(say('prompt.labels.hint'), { exact: true }).waitFor();
      // Production moves only by approval: it has no remove button.
      expect(
        await page
          .getByRole('button', {
            name: say('prompt.labels.removeFrom', { label: 'production', n: 1 }),
          })
          .count(),
      ).toBe(0);

      // staging on the live version; production is refused in the dialog, before any call.
      await history
        .getByRole('button', { name: say('prompt.labels.setFor', { n: 1 }), exact: true })
        .click();
      let dialog = settledDialog(page, say('prompt.labels.setFor', { n: 1 }));
      await dialog.waitFor();
      const input = dialog.getByLabel(say('prompt.labels.field'), { exact: true });
      await expect.poll(() => input.evaluate((el) => el === document.activeElement)).toBe(true);
      let labelCalls = 0;
      page.on('request', (r) => {
        if (new URL(r.url()).pathname === '/api/manage/v1/prompt/label') labelCalls += 1;
      });
      await input.fill('production');
      await input.press('Enter');
      await dialog.getByText(say('prompt.labels.production'), { exact: true }).waitFor();
      expect(labelCalls).toBe(0);

      await input.fill('staging');
      let labelled = nextApiAnswer<LabelsAnswer>(page, 'prompt/label');
      await input.press('Enter');
      let answer = await labelled;
      expect(answer.code).toBe(0);
      expect(answer.data.labels).toEqual({ production: 1, staging: 1 });
      await toast(page, say('prompt.labels.done', { label: 'staging', n: 1 })).waitFor();
      await dialog.waitFor({ state: 'hidden' });
      await expect
        .poll(() => tagNames(history, 1, say))
        .toEqual([
          say('prompt.labels.productionTag'),
          say('prompt.labels.tag', { label: 'staging' }),
        ]);

      // Set on the draft, it moves: the dialog says from where.
      await history
        .getByRole('button', { name: say('prompt.labels.setFor', { n: 2 }), exact: true })
        .click();
      dialog = settledDialog(page, say('prompt.labels.setFor', { n: 2 }));
      await dialog.waitFor();
      await dialog.getByLabel(say('prompt.labels.field'), { exact: true }).fill('staging');
      await dialog
        .getByText(say('prompt.labels.moves', { label: 'staging', from: 1, n: 2 }), { exact: true })
        .waitFor();
      labelled = nextApiAnswer<LabelsAnswer>(page, 'prompt/label');
      await dialog.getByRole('button', { name: buttonLabel(say('prompt.labels.set')) }).click();
      answer = await labelled;
      expect(answer.data.labels).toEqual({ production: 1, staging: 2 });
      await dialog.waitFor({ state: 'hidden' });
      await expect
        .poll(() => tagNames(history, 2, say))
        .toEqual([say('prompt.labels.tag', { label: 'staging' })]);
      expect(await tagNames(history, 1, say)).toEqual([say('prompt.labels.productionTag')]);

      // Removed after confirming.
      await history
        .getByRole('button', {
          name: say('prompt.labels.removeFrom', { label: 'staging', n: 2 }),
          exact: true,
        })
        .click();
      const removed = nextApiAnswer<LabelsAnswer>(page, 'prompt/unlabel');
      await confirmPopover(page, say('prompt.labels.removeConfirm', { label: 'staging' }));
      const gone = await removed;
      expect(gone.code).toBe(0);
      expect(gone.data.labels).toEqual({ production: 1 });
      await toast(page, say('prompt.labels.removed', { label: 'staging' })).waitFor();
      await expect
        .poll(() =>
          history.getByRole('list', { name: say('prompt.labels.ofVersion', { n: 2 }) }).count(),
        )
        .toBe(0);

      // The table fits a 1,366 px window, its long note wrapped: it does not scroll sideways.
      expect(page.viewportSize()?.width).toBe(1366);
      const sideways = await history.evaluate((table) => {
        const scroller = table.closest('.ant-table-content') ?? table;
        return scroller.scrollWidth - scroller.clientWidth;
      });
      expect(sideways).toBe(0);
      expect(e2e.pageErrors).toEqual([]);
    });
  }
});
