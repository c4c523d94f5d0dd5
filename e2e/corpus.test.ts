/**
 * Corpus sets: importing a CSV (a bad row names its line and imports nothing; a good
 * file adds its items), annotating with the keyboard only while the progress moves, reviewing
 * an item, and the new screens in both languages (screenshots in /tmp/shots/corpus-*.png).
 */
import { mkdirSync, readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import {
  buttonLabel,
  e2eDescribe,
  en,
  expectFocusOn,
  gotoApp,
  login,
  setLocale,
  text,
  useE2E,
  zh,
} from './harness';
import { apiCall, nextApiAnswer, settledDialog } from './harness/ui';

interface Corpus {
  id: number;
  itemCount: number;
  annotatedCount: number;
  reviewedCount: number;
}
interface Item {
  id: number;
  question: string;
  label: string | null;
  status: string;
}

const SHOTS = '/tmp/shots';
const stamp = () => Date.now().toString(36);

const BAD_CSV = [
  'question,answer,recommendedAnswer,tags',
  '第一个问题,回答一,,常见',
  ',这一行没有问题',
  '第三个问题,回答三,,',
].join('\n');
const GOOD_CSV = [
  'question,answer,recommendedAnswer,tags',
  'E2E 问题 1,回答 1,,常见;账号',
  'E2E 问题 2,回答 2,推荐 2,',
  'E2E 问题 3,"回答 3, 含逗号",,付款',
  'E2E 问题 4,回答 4,,',
].join('\n');

async function signIn(page: Page): Promise<void> {
  await page.goto('/login');
  await login(page, 'user', 'user');
}

async function createSet(page: Page, name: string): Promise<number> {
  const made = await apiCall<Corpus>(page, 'corpus/create', { corpusName: name, type: 'qa' });
  expect(made.code).toBe(0);
  return made.data.id;
}

async function corpusOf(page: Page, id: number): Promise<Corpus> {
  const answer = await apiCall<Corpus>(page, 'corpus/detail', { id });
  expect(answer.code).toBe(0);
  return answer.data;
}

async function itemsOf(page: Page, corpusId: number): Promise<Item[]> {
  const answer = await apiCall<{ list: Item[] }>(page, 'corpus/item/page', {
    current: 1,
    pageSize: 100,
    filters: [{ field: 'corpusId', operator: 'eq', value: corpusId }],
    sorters: [{ field: 'id', order: 'asc' }],
  });
  expect(answer.code).toBe(0);
  return answer.data.list;
}

/** Opens the import dialog, chooses a file and sends it; answers the import's envelope. */
async function importFile(page: Page, name: string, content: string) {
  const modal = page.locator('.ant-modal', { hasText: zh('corpus.import.title') });
  if (!(await modal.isVisible())) {
    await page.getByRole('button', { name: buttonLabel(zh('corpus.import.button')) }).click();
    await modal.waitFor();
  }
  await modal.locator('input[type=file]').setInputFiles({
    name,
    mimeType: 'text/csv',
    buffer: Buffer.from(content, 'utf8'),
  });
  // The chosen file's name shows once it has been read (the last file's name shows until then).
  await expect.poll(() => modal.getByTestId('import-chosen').textContent()).toContain(name);
  const answer = nextApiAnswer<{ count?: number; issues?: { message: string }[] }>(
    page,
    'corpus/item/import',
  );
  // The dialog's primary button: its accessible name gains "loading" while a send runs.
  await modal.locator('.ant-modal-footer .ant-btn-primary').click();
  return { modal, answer: await answer };
}

const tableRows = (page: Page) => page.locator('.ant-table-tbody tr.ant-table-row');

e2eDescribe('corpus sets', () => {
  const e2e = useE2E();

  it('imports a CSV (a bad row refuses the file), annotates with keys, reviews', async () => {
    const { page } = e2e;
    mkdirSync(SHOTS, { recursive: true });
    await signIn(page);
    const id = await createSet(page, `E2E 语料 ${stamp()}`);
    await gotoApp(page, `/corpus/detail?id=${id}`);
    await page.getByRole('tab', { name: zh('corpus.tabs.items') }).waitFor();

    // A bad row: the error names its line, nothing is imported.
    const bad = await importFile(page, 'bad.csv', BAD_CSV);
    expect(bad.answer.code).toBe(40000);
    const issues = bad.modal.locator(`ul[aria-label="${zh('corpus.import.issues')}"] li`);
    await expect.poll(() => issues.count()).toBeGreaterThan(0);
    expect(await issues.allTextContents()).toEqual([expect.stringContaining('第 3 行')]);
    expect(await bad.modal.textContent()).toContain(zh('corpus.import.refused'));
    expect((await corpusOf(page, id)).itemCount).toBe(0);

    // A good file: its four items appear.
    const good = await importFile(page, 'good.csv', GOOD_CSV);
    expect(good.answer.code).toBe(0);
    expect(good.answer.data.count).toBe(4);
    await good.modal.waitFor({ state: 'hidden' });
    await expect.poll(() => tableRows(page).count()).toBe(4);
    expect(await tableRows(page).first().textContent()).toContain('E2E 问题 1');
    await expect
      .poll(() => page.locator('.corpus-progress').first().textContent())
      .toContain(zh('corpus.progress.annotated', { done: 0, total: 4 }));
    await page.screenshot({ path: `${SHOTS}/corpus-detail-zh.png`, fullPage: true });

    // Export from the keyboard: Enter opens the menu on its first item, ↓ Enter takes JSONL.
    await page.getByRole('button', { name: buttonLabel(zh('corpus.export.button')) }).focus();
    await page.keyboard.press('Enter');
    await expectFocusOn(page, zh('corpus.export.csv'));
    await page.keyboard.press('ArrowDown');
    await expectFocusOn(page, zh('corpus.export.jsonl'));
    const download = page.waitForEvent('download');
    await page.keyboard.press('Enter');
    const exported = await download;
    expect(exported.suggestedFilename()).toMatch(/\.jsonl$/);
    const lines = readFileSync(await exported.path(), 'utf8')
      .trim()
      .split('\n');
    expect(lines.map((l) => (JSON.parse(l) as { question: string }).question)).toEqual([
      'E2E 问题 1',
      'E2E 问题 2',
      'E2E 问题 3',
      'E2E 问题 4',
    ]);

    // Annotate with the keyboard only: 1 / 2 / 3 then Ctrl+Enter, three times.
    await page
      .getByRole('button', { name: buttonLabel(zh('corpus.actions.startAnnotating')) })
      .click();
    await page.waitForURL((u) => u.pathname === '/corpus/mark' && u.searchParams.has('item'));
    const progress = page.getByTestId('mark-progress');
    const question = page.getByTestId('mark-question');
    await expect.poll(() => question.textContent()).toBe('E2E 问题 1');
    expect(await progress.textContent()).toBe(
      zh('corpus.progress.annotated', { done: 0, total: 4 }),
    );
    // The question's card and the annotation's card start on one line (a vertical Space on
    // its parent's baseline sat 5 px lower).
    const cardTops = await page
      .locator('.ant-row > .ant-col > :first-child')
      .evaluateAll((els) => els.map((e) => Math.round(e.getBoundingClientRect().top)));
    expect(cardTops).toHaveLength(2);
    expect(cardTops[0]).toBe(cardTops[1]);
    for (const [i, key] of ['1', '2', '3'].entries()) {
      await page.keyboard.press(key);
      const saved = nextApiAnswer(page, 'corpus/item/mark');
      await page.keyboard.press('Control+Enter');
      expect((await saved).code).toBe(0);
      await expect
        .poll(() => progress.textContent())
        .toBe(zh('corpus.progress.annotated', { done: i + 1, total: 4 }));
      await expect.poll(() => question.textContent()).toBe(`E2E 问题 ${i + 2}`);
    }
    const items = await itemsOf(page, id);
    expect(items.map((it) => it.label)).toEqual(['correct', 'incorrect', 'needs-review', null]);
    expect(new URL(page.url()).searchParams.get('item')).toBe(String(items[3]?.id));

    // Typing in the recommended answer: digits are text, not labels.
    const answerBox = page.getByLabel(zh('corpus-item.fields.recommendedAnswer'), { exact: true });
    await answerBox.click();
    await page.keyboard.type('12');
    expect(await answerBox.inputValue()).toBe('12');
    expect(await page.locator('.ant-radio-button-wrapper-checked').count()).toBe(0);

    // ? opens the shortcuts, Esc closes them; ← goes back (after leaving the text field).
    await page.locator('.corpus-mark__text').first().click();
    await page.keyboard.press('Shift+Slash');
    const help = page.locator('.ant-modal', { hasText: zh('corpus.mark.shortcuts.title') });
    await help.waitFor();
    await page.screenshot({ path: `${SHOTS}/corpus-mark-help-zh.png` });
    await page.keyboard.press('Escape');
    await help.waitFor({ state: 'hidden' });
    await page.keyboard.press('ArrowLeft');
    await expect.poll(() => question.textContent()).toBe('E2E 问题 3');
    await expect
      .poll(() => page.locator('.ant-radio-button-wrapper-checked').textContent())
      .toContain(zh('corpus-item.enums.label.needs-review'));
    // A reload stays on the item.
    await page.reload();
    await expect.poll(() => question.textContent()).toBe('E2E 问题 3');
    await page.screenshot({ path: `${SHOTS}/corpus-mark-zh.png`, fullPage: true });

    // Review the first item: accept it.
    await gotoApp(page, `/corpus/detail?id=${id}`);
    await expect.poll(() => tableRows(page).count()).toBe(4);
    await tableRows(page)
      .first()
      .getByRole('button', { name: zh('corpus.review.action'), exact: true })
      .click();
    const dialog = settledDialog(page, zh('corpus.review.title'));
    await dialog.waitFor();
    const reviewed = nextApiAnswer<Item>(page, 'corpus/item/review');
    await dialog.getByRole('button', { name: buttonLabel(zh('corpus.review.submit')) }).click();
    expect((await reviewed).code).toBe(0);
    await dialog.waitFor({ state: 'hidden' });
    await expect
      .poll(() => tableRows(page).first().textContent())
      .toContain(zh('corpus-item.enums.status.reviewed'));
    const after = await corpusOf(page, id);
    expect(after.annotatedCount).toBe(3);
    expect(after.reviewedCount).toBe(1);
    await expect
      .poll(() => page.locator('.corpus-progress').first().textContent())
      .toContain(zh('corpus.progress.reviewed', { done: 1, total: 4 }));

    // The agreement tab explains kappa.
    await page.getByRole('tab', { name: zh('corpus.tabs.agreement') }).click();
    await page.getByText(zh('corpus.agreement.kappaTitle')).waitFor();
  });

  it('shows the new screens in English', async () => {
    const { page, context } = e2e;
    await setLocale(context, 'en-US');
    await signIn(page);
    const id = await createSet(page, `E2E corpus ${stamp()}`);
    const made = await apiCall<{ count: number }>(page, 'corpus/item/import', {
      corpusId: id,
      format: 'csv',
      content: 'question,answer\nWhat is a refund?,Money back.\nHow long does it take?,A week.\n',
    });
    expect(made.code).toBe(0);

    await gotoApp(page, `/corpus/detail?id=${id}`);
    await page.getByRole('tab', { name: en('corpus.tabs.items') }).waitFor();
    await expect.poll(() => tableRows(page).count()).toBe(2);
    for (const key of ['corpus.actions.startAnnotating', 'corpus.import.button']) {
      await page.getByRole('button', { name: buttonLabel(en(key)) }).waitFor();
    }
    expect(await page.locator('.corpus-progress').first().textContent()).toContain(
      en('corpus.progress.annotated', { done: 0, total: 2 }),
    );
    await page.screenshot({ path: `${SHOTS}/corpus-detail-en.png`, fullPage: true });

    await page.getByRole('button', { name: buttonLabel(en('corpus.import.button')) }).click();
    const modal = page.locator('.ant-modal', { hasText: en('corpus.import.title') });
    await modal.waitFor();
    expect(await modal.textContent()).toContain(en('corpus.import.columns.recommendedAnswer'));
    await page.screenshot({ path: `${SHOTS}/corpus-import-en.png` });
    // The close button, not Escape: Escape reaches the dialog only once its opening animation
    // has moved the focus into it, which a busy machine may not have done yet.
    await modal.locator('.ant-modal-close').click();
    await modal.waitFor({ state: 'hidden' });

    await page.getByRole('tab', { name: en('corpus.tabs.agreement') }).click();
    await page.getByText(en('corpus.agreement.kappaTitle')).waitFor();

    await gotoApp(page, `/corpus/mark?id=${id}`);
    await expect
      .poll(() => page.getByTestId('mark-question').textContent())
      .toBe('What is a refund?');
    await page.getByRole('button', { name: new RegExp(en('corpus.mark.saveNext')) }).waitFor();
    expect(await page.getByTestId('mark-progress').textContent()).toBe(
      en('corpus.progress.annotated', { done: 0, total: 2 }),
    );
    await page.keyboard.press('1');
    const saved = nextApiAnswer(page, 'corpus/item/mark');
    await page.keyboard.press('Control+Enter');
    expect((await saved).code).toBe(0);
    await expect
      .poll(() => page.getByTestId('mark-progress').textContent())
      .toBe(en('corpus.progress.annotated', { done: 1, total: 2 }));
    await page.screenshot({ path: `${SHOTS}/corpus-mark-en.png`, fullPage: true });
  });

  for (const locale of ['zh-CN', 'en-US'] as const) {
    it(`${locale}: the double-annotated set counts alike on its list, its progress and its agreement`, async () => {
      const { page, context } = e2e;
      const tr = (key: string, params?: Record<string, string | number>) =>
        text(key, locale, params);
      if (locale === 'en-US') await setLocale(context, 'en-US');
      await signIn(page);
      const found = await apiCall<{ list: (Corpus & { corpusName: string })[] }>(
        page,
        'corpus/page',
        {
          pageSize: 20,
          filters: [{ field: 'corpusName', operator: 'contains', value: '双人标注' }],
        },
      );
      const set = found.data.list[0]!;
      const counts = await apiCall<{ disputed: number; skipped: number; pending: number }>(
        page,
        'corpus/counts',
        { id: set.id },
      );
      expect(counts.code).toBe(0);
      expect(counts.data.disputed).toBeGreaterThan(0);

      await gotoApp(page, `/corpus/detail?id=${set.id}`);
      const progress = page.getByTestId('corpus-progress');
      await expect
        .poll(() => progress.textContent())
        .toContain(
          tr('corpus.progress.annotated', { done: set.annotatedCount, total: set.itemCount }),
        );
      await expect
        .poll(() => page.getByTestId('corpus-breakdown').textContent())
        .toBe(tr('corpus.progress.breakdown', counts.data));
      await page.getByTestId('corpus-annotators').waitFor();

      // The agreement's "items both labelled" is the annotated count the list and bar show.
      await page.getByRole('tab', { name: tr('corpus.tabs.agreement') }).click();
      const pairs = page.locator('.corpus-agreement .ant-card').filter({
        has: page.locator('.ant-card-head', { hasText: tr('corpus.agreement.pairs') }),
      });
      const row = pairs.locator('tbody tr.ant-table-row').first();
      await row.waitFor();
      const heads = (await pairs.locator('thead th').allTextContents()).map((h) => h.trim());
      const itemsAt = heads.indexOf(tr('corpus.agreement.items'));
      expect(itemsAt).toBeGreaterThanOrEqual(0);
      expect((await row.locator('td').nth(itemsAt).textContent())?.trim()).toBe(
        String(set.annotatedCount),
      );
    });
  }
});
