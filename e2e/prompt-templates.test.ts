/**
 * Prompt templates: a personal template's versions (edit, side-by-side history,
 * restore), a new platform template taking its create form's tab and breadcrumb, its variable
 * table at a laptop's width, and a platform template's change going through review (draft
 * compared with the live version, submit, the admin's pending tab, diff, approve).
 */
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import {
  buttonLabel,
  clickMenuItem,
  closeSettings,
  e2eDescribe,
  gotoApp,
  login,
  openSettings,
  setLocale,
  setSwitch,
  text,
  useE2E,
  waitForPath,
  zh,
  type LocaleName,
} from './harness';
import { confirmPopover, nextApiAnswer, selectOptions, settledDialog } from './harness/ui';

interface PromptAnswer {
  id: number;
  content: string;
  liveVersion: number;
  pendingVersion: number | null;
  reviewState: string;
}

/** A locale's text by key (zh by default, as the app starts). */
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

/** The editor's template text (a textarea labelled by its form item). */
const contentInput = (page: Page | Locator, say: Say = zh) =>
  page.getByLabel(say('prompt.fields.content'), { exact: true });
/** The detail page's read-only template text. */
const liveText = (page: Page, say: Say = zh) =>
  page.locator(`[role=document][aria-label="${say('prompt.fields.content')}"]`);
const tab = (page: Page, key: string, say: Say = zh) =>
  page.getByRole('tab', { name: say(`prompt.detail.tabs.${key}`), exact: true });
const saveButton = (page: Page, say: Say = zh) =>
  page.getByRole('button', { name: buttonLabel(say('buttons.save')) });
const editButton = (page: Page, say: Say = zh) =>
  page.getByRole('button', { name: buttonLabel(say('buttons.edit')) });
const headerTags = (page: Page) => page.locator('.ant-card-head-title').first();
/** The diff on screen (a detail page keeps the tabs it has shown, hidden). */
const diffTable = (page: Page, say: Say = zh) =>
  page.locator(`table[aria-label="${say('prompt.diff.title')}"]:visible`);
const diffCells = (diff: Locator, kind: 'removed' | 'added') =>
  diff.locator(`td[data-kind=${kind}]`).allTextContents();
/** A variable table's input by its column and row (1-based). */
const variableCell = (page: Page | Locator, column: string, row: number, say: Say = zh) =>
  page.getByLabel(
    say('prompt.variables.cell', { column: say(`prompt.variables.${column}`), row }),
    { exact: true },
  );
const crumbs = async (page: Page) =>
  (await page.locator('[data-testid=breadcrumb] .ant-breadcrumb-link').allTextContents()).map((s) =>
    s.trim(),
  );
const tabNames = (page: Page) =>
  page
    .locator('[data-testid=tab-bar] .ant-tabs-nav-list > .ant-tabs-tab')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-node-key') ?? ''));

e2eDescribe('prompt templates', () => {
  const e2e = useE2E();

  for (const locale of LOCALES) {
    it(`${locale}: a personal template: create with two variables, edit, compare v1 and v2, restore v1 as v3`, async () => {
      const { page } = e2e;
      const say = sayIn(locale);
      if (locale !== 'zh-CN') await setLocale(e2e.context, locale);
      await signIn(page, 'user');
      await gotoApp(page, '/prompt/add');
      const title = `E2E 模板 ${stamp()}`;
      const first = '你好 {{customer}}，\n旧的第二行：{{product}}\n结尾';
      const second = '你好 {{customer}}，\n新的第二行：{{product}}\n结尾';

      await page.getByLabel(say('prompt.fields.title'), { exact: true }).fill(title);
      await contentInput(page, say).fill(first);
      const addVariable = page.getByRole('button', {
        name: buttonLabel(say('prompt.variables.add')),
        exact: true,
      });
      const cell = (column: string, row: number) => variableCell(page, column, row, say);
      await addVariable.click();
      await cell('name', 1).fill('客户');
      await cell('fieldName', 1).fill('customer');
      await addVariable.click();
      await cell('name', 2).fill('产品');
      await cell('fieldName', 2).fill('product');
      // The live preview renders the text with sample values.
      await expect
        .poll(() =>
          page
            .locator(`[aria-label="${say('prompt.preview.output')}"]`)
            .first()
            .textContent(),
        )
        .toContain('旧的第二行');

      // Its two-character buttons read as words, not antd's "保 存" / "取 消".
      expect(await saveButton(page, say).textContent()).toBe(say('buttons.save'));
      expect(
        await page.getByRole('button', { name: say('buttons.cancel'), exact: true }).count(),
      ).toBe(1);
      const created = nextApiAnswer<PromptAnswer>(page, 'prompt/create');
      await saveButton(page, say).click();
      const made = await created;
      expect(made.code).toBe(0);
      expect(made.data.liveVersion).toBe(1);
      await page.waitForURL(
        (u) => u.pathname === '/prompt/detail' && u.searchParams.get('id') === String(made.data.id),
      );
      await expect.poll(() => liveText(page, say).textContent()).toBe(first);
      await expect
        .poll(() => headerTags(page).textContent())
        .toContain(say('prompt.badges.live', { n: 1 }));
      // Both variables are listed.
      const variables = page.locator(
        `[aria-label="${say('prompt.fields.variables')}"] .ant-table-row`,
      );
      expect(await variables.allTextContents()).toEqual([
        expect.stringContaining('customer'),
        expect.stringContaining('product'),
      ]);

      // Edit: change the text; a personal template's change goes live at once (v2).
      await editButton(page, say).click();
      await contentInput(page, say).fill(second);
      await page.getByLabel(say('prompt.fields.note'), { exact: true }).fill('改第二行');
      const updated = nextApiAnswer<PromptAnswer>(page, 'prompt/update');
      await saveButton(page, say).click();
      const up = await updated;
      expect(up.code).toBe(0);
      expect(up.data.liveVersion).toBe(2);
      await expect.poll(() => liveText(page, say).textContent()).toBe(second);
      await expect
        .poll(() => headerTags(page).textContent())
        .toContain(say('prompt.badges.live', { n: 2 }));

      // History: both versions, and v1 → v2 side by side by default.
      await tab(page, 'history', say).click();
      const versions = page.locator(`[aria-label="${say('prompt.history.title')}"] .ant-table-row`);
      await expect.poll(() => versions.count()).toBe(2);
      expect(await versions.first().textContent()).toContain('v2');
      expect(await versions.first().textContent()).toContain(say('prompt.versionState.live'));
      expect(await versions.nth(1).textContent()).toContain(say('prompt.versionState.archived'));
      await expect
        .poll(() => page.getByRole('combobox', { name: say('prompt.history.older') }).count())
        .toBe(1);
      const diff = diffTable(page, say);
      await diff.waitFor();
      const head = await diff.locator('thead').textContent();
      expect(head).toMatch(/v1.*v2/);
      expect((await diffCells(diff, 'removed')).join('\n')).toContain('旧的第二行：{{product}}');
      expect((await diffCells(diff, 'added')).join('\n')).toContain('新的第二行：{{product}}');
      expect((await diffCells(diff, 'removed')).join('\n')).not.toContain('新的第二行');
      // The unchanged lines are on both sides, unmarked.
      expect(await diff.locator('td[data-kind=same]', { hasText: '结尾' }).count()).toBe(2);

      // Restore v1: a new live version v3 with the first text.
      await page
        .getByRole('button', { name: say('prompt.history.restoreVersion', { n: 1 }), exact: true })
        .click();
      const restored = nextApiAnswer<PromptAnswer>(page, 'prompt/restore');
      await confirmPopover(page, say('prompt.history.restoreConfirm', { n: 1 }));
      const back = await restored;
      expect(back.code).toBe(0);
      expect(back.data.liveVersion).toBe(3);
      expect(back.data.content).toBe(first);
      await expect.poll(() => versions.count()).toBe(3);
      expect(await versions.first().textContent()).toContain('v3');
      // Each saved version is kept: the comparison now shows v2 against the restored v3.
      await expect
        .poll(async () => (await diffTable(page, say).locator('thead').textContent()) ?? '')
        .toMatch(/v2.*v3/);
      expect((await diffCells(diffTable(page, say), 'added')).join('\n')).toContain('旧的第二行');

      await tab(page, 'template', say).click();
      await expect.poll(() => liveText(page, say).textContent()).toBe(first);
      await expect
        .poll(() => headerTags(page).textContent())
        .toContain(say('prompt.badges.live', { n: 3 }));
      // Stored: a reload shows the same.
      await page.reload();
      await expect.poll(() => liveText(page, say).textContent()).toBe(first);
    });
  }

  for (const locale of LOCALES) {
    it(`${locale}: a new platform template takes its form's tab and crumb; the variable table fits a 1,366 px window; its draft is compared with the live version`, async () => {
      const { page } = e2e;
      const say = sayIn(locale);
      if (locale !== 'zh-CN') await setLocale(e2e.context, locale);
      await signIn(page, 'user');
      await waitForPath(page, '/dashboard/workplace');
      await openSettings(page);
      await setSwitch(page, 'tabBar', true);
      await closeSettings(page);
      await page.locator('[data-testid=tab-bar]').waitFor();

      // From the list to the create form: both have a tab and a crumb.
      await clickMenuItem(page, say('prompt.menu.title'), say('prompt.menu.list-public'));
      await waitForPath(page, (p) => p.startsWith('/prompt/list-public'));
      // Its icon's name comes first ("plus 新建").
      await page
        .locator('.ant-card-extra')
        .getByRole('button', {
          name: new RegExp(`${buttonLabel(say('buttons.create')).source.slice(1)}`),
        })
        .click();
      await waitForPath(page, '/prompt/add-public');
      await expect
        .poll(async () => (await crumbs(page)).slice(-2))
        .toEqual([say('prompt.menu.list-public'), say('prompt.menu.add-public')]);
      await expect
        .poll(() => tabNames(page))
        .toEqual(['dashboard.workplace', 'prompt.list-public', 'prompt.add-public']);

      const title = `E2E ${locale} ${stamp()}`;
      // The list stays open in its tab, hidden: its own inputs share these labels.
      const form = page.locator('form#prompt-create');
      await form.getByLabel(say('prompt.fields.title'), { exact: true }).fill(title);
      await contentInput(form, say).fill('{{topic}}');
      await form
        .getByRole('button', { name: buttonLabel(say('prompt.variables.add')), exact: true })
        .click();
      await variableCell(form, 'name', 1, say).fill('Topic');
      await variableCell(form, 'fieldName', 1, say).fill('topic');
      const typeName = say('prompt.variables.cell', {
        column: say('prompt.variables.type'),
        row: 1,
      });
      const type = form.getByRole('combobox', { name: typeName, exact: true });
      // Its shown value covers the input: the select's box takes the click. (`has` is a
      // query inside each candidate, so it starts from the page.)
      await form
        .locator('.ant-select', {
          has: page.getByRole('combobox', { name: typeName, exact: true }),
        })
        .click();
      await (
        await selectOptions(page, type)
      )
        .filter({ hasText: say('prompt.variables.types.interface') })
        .click();

      // An interface URL and its error message fit their cell, and the table its card.
      const url = variableCell(form, 'url', 1, say);
      await url.fill('ftp://example.com/topics');
      const cell = form.locator('td', { has: variableCell(page, 'url', 1, say) });
      const error = cell.locator('.ant-form-item-explain-error');
      await expect.poll(() => error.textContent()).toBe(say('prompt.validation.urlInvalid'));
      const fit = () =>
        cell.evaluate((td) => {
          const scroller = td.closest('.ant-table-content') ?? td.closest('table');
          const box = td.getBoundingClientRect();
          const message = td.querySelector('.ant-form-item-explain-error');
          const input = td.querySelector('input');
          if (!scroller || !message || !input) return null;
          const m = message.getBoundingClientRect();
          return {
            sideways: scroller.scrollWidth - scroller.clientWidth,
            inputWidth: input.getBoundingClientRect().width,
            messageInside: m.left >= box.left && m.right <= box.right,
            messageLines: Math.round(m.height / parseFloat(getComputedStyle(message).lineHeight)),
          };
        });
      expect(page.viewportSize()?.width).toBe(1366);
      // Polled: the message grows into place.
      await expect.poll(fit).toMatchObject({ sideways: 0, messageInside: true, messageLines: 1 });
      expect((await fit())?.inputWidth).toBeGreaterThanOrEqual(280);
      const address = 'https://api.example.com/v1/topics';
      await url.fill(address);
      await error.waitFor({ state: 'detached' });
      // The whole address is in view, not scrolled inside its input.
      expect(await url.evaluate((el: HTMLInputElement) => el.scrollWidth <= el.clientWidth)).toBe(
        true,
      );

      const created = nextApiAnswer<PromptAnswer>(page, 'prompt/create');
      await saveButton(page, say).click();
      const made = await created;
      expect(made.code).toBe(0);
      const detailPath = `/prompt/detail-public?id=${made.data.id}`;
      await waitForPath(page, detailPath);

      // The form's tab and crumb now lead to the new template; nothing leads back to the form.
      await expect
        .poll(() => tabNames(page))
        .toEqual(['dashboard.workplace', 'prompt.list-public', 'prompt.detail-public']);
      await expect
        .poll(async () => (await crumbs(page)).slice(-2))
        .toEqual([say('prompt.menu.list-public'), say('prompt.menu.detail-public')]);
      await page
        .locator('[data-testid=breadcrumb] a', { hasText: say('prompt.menu.list-public') })
        .click();
      await waitForPath(page, (p) => p.startsWith('/prompt/list-public'));
      await page.locator('[data-testid="tab-prompt.detail-public"]').click();
      await waitForPath(page, detailPath);
      await expect.poll(() => liveText(page, say).textContent()).toBe('{{topic}}');

      // A change is a draft beside live v1.
      const marker = `E2E draft ${stamp()}`;
      await editButton(page, say).click();
      await contentInput(page, say).fill(`{{topic}}\n${marker}`);
      const updated = nextApiAnswer<PromptAnswer>(page, 'prompt/update');
      await saveButton(page, say).click();
      const up = await updated;
      expect(up.data).toMatchObject({ liveVersion: 1, pendingVersion: 2, reviewState: 'draft' });

      // History: live v1 against draft v2 by default; neither is offered for restore.
      await tab(page, 'history', say).click();
      const versions = page.locator(`[aria-label="${say('prompt.history.title')}"] .ant-table-row`);
      await expect.poll(() => versions.count()).toBe(2);
      const history = diffTable(page, say);
      await history.waitFor();
      expect(await history.locator('thead').textContent()).toMatch(
        new RegExp(
          `v1 · ${say('prompt.versionState.live')}.*v2 · ${say('prompt.versionState.draft')}`,
        ),
      );
      expect((await diffCells(history, 'added')).join('\n')).toContain(marker);
      expect(await page.getByText(say('prompt.diff.same'), { exact: true }).count()).toBe(0);
      for (const n of [1, 2]) {
        const restore = page.getByRole('button', {
          name: say('prompt.history.restoreVersion', { n }),
          exact: true,
        });
        expect(await restore.count()).toBe(0);
      }

      // The review tab shows its author the same comparison before they submit it.
      await tab(page, 'review', say).click();
      await page.getByText(say('prompt.review.draftBanner', { n: 2 })).waitFor();
      const review = diffTable(page, say);
      await review.waitFor();
      expect(await review.locator('thead').textContent()).toBe(
        `${say('prompt.review.liveSide', { n: 1 })}${say('prompt.review.draftSide', { n: 2 })}`,
      );
      expect((await diffCells(review, 'added')).join('\n')).toContain(marker);
      await page.getByRole('button', { name: buttonLabel(say('prompt.review.submit')) }).waitFor();
    });
  }

  it('a platform template change: saved as a draft, submitted, approved by the admin from the pending tab', async () => {
    const { page } = e2e;
    await signIn(page, 'user');
    await gotoApp(page, '/prompt/list-public');
    const rows = page.locator('.ant-table-row');
    await rows.first().waitFor();
    // A template with no change waiting.
    const quiet = rows
      .filter({ hasNotText: zh('prompt.badges.pending') })
      .filter({ hasNotText: zh('prompt.badges.draft') })
      .filter({ hasNotText: zh('prompt.badges.rejected') });
    expect(await quiet.count()).toBeGreaterThan(0);
    await quiet
      .first()
      .getByRole('button', { name: zh('buttons.show'), exact: true })
      .click();
    await page.waitForURL(
      (u) => u.pathname === '/prompt/detail-public' && u.searchParams.has('id'),
    );
    const id = new URL(page.url()).searchParams.get('id') ?? '';
    await liveText(page).waitFor();
    const live = (await liveText(page).textContent()) ?? '';
    expect(live).not.toBe('');
    const title = ((await headerTags(page).locator('span').first().textContent()) ?? '').split(
      ' · ',
    )[1];
    expect(title).toBeTruthy();

    // Edit and save: a draft; the live text does not change.
    const marker = `E2E 审核修改 ${stamp()}`;
    await editButton(page).click();
    await contentInput(page).waitFor();
    const editing = (await contentInput(page).inputValue()) ?? '';
    await contentInput(page).fill(`${editing}\n${marker}`);
    const updated = nextApiAnswer<PromptAnswer>(page, 'prompt/update');
    await saveButton(page).click();
    const up = await updated;
    expect(up.code).toBe(0);
    expect(up.data.reviewState).toBe('draft');
    const pendingNumber = up.data.pendingVersion;
    expect(pendingNumber).toBeGreaterThan(0);
    await page
      .locator('.ant-message-notice', { hasText: zh('prompt.detail.savedDraft') })
      .waitFor();
    await expect.poll(() => liveText(page).textContent()).toBe(live);
    await expect.poll(() => headerTags(page).textContent()).toContain(zh('prompt.badges.draft'));

    // Submit it for review.
    await tab(page, 'review').click();
    await page.getByText(zh('prompt.review.draftBanner', { n: pendingNumber ?? '' })).waitFor();
    const submitted = nextApiAnswer<PromptAnswer>(page, 'prompt/submit');
    await page.getByRole('button', { name: buttonLabel(zh('prompt.review.submit')) }).click();
    const sub = await submitted;
    expect(sub.code).toBe(0);
    expect(sub.data.reviewState).toBe('pending');
    await page.getByText(zh('prompt.review.waiting', { n: pendingNumber ?? '' })).waitFor();
    // The user cannot approve.
    expect(
      await page.getByRole('button', { name: buttonLabel(zh('prompt.review.approve')) }).count(),
    ).toBe(0);

    // The admin, in another browser: the platform list's pending tab has it.
    const admin = await (await e2e.newContext()).newPage();
    await signIn(admin, 'admin');
    await gotoApp(admin, '/prompt/list-public');
    const pendingTab = admin.getByRole('tab', { name: /待审核（\d+）/ });
    await pendingTab.waitFor();
    await expect
      .poll(async () => Number(/（(\d+)）/.exec((await pendingTab.textContent()) ?? '')?.[1] ?? 0))
      .toBeGreaterThan(0);
    await admin.getByRole('tab', { name: zh('prompt.tabs.all'), exact: true }).waitFor();
    await pendingTab.click();
    // By its id: a seeded template's title may be part of another pending one's.
    const listed = admin.locator(`.ant-table-row[data-row-key="${id}"]`);
    await listed.first().waitFor();
    // Every row of the tab waits for review.
    for (const text of await admin.locator('.ant-table-row').allTextContents()) {
      expect(text).toContain(zh('prompt.badges.pending'));
    }
    await listed
      .first()
      .getByRole('button', { name: zh('buttons.show'), exact: true })
      .click();
    await admin.waitForURL((u) => u.searchParams.get('id') === id);

    await tab(admin, 'review').click();
    const diff = diffTable(admin);
    await diff.waitFor();
    expect(await diff.locator('thead').textContent()).toContain(
      zh('prompt.review.pendingSide', { n: pendingNumber ?? '' }),
    );
    expect((await diffCells(diff, 'added')).join('\n')).toContain(marker);
    const approved = nextApiAnswer<PromptAnswer>(admin, 'prompt/approve');
    await admin.getByRole('button', { name: buttonLabel(zh('prompt.review.approve')) }).click();
    const ok = await approved;
    expect(ok.code).toBe(0);
    expect(ok.data.reviewState).toBe('none');
    expect(ok.data.liveVersion).toBe(pendingNumber);
    await admin.getByText(zh('prompt.review.none'), { exact: true }).waitFor();

    // The new text is live, for the admin and for the user.
    await tab(admin, 'template').click();
    await expect.poll(() => liveText(admin).textContent()).toContain(marker);
    await page.reload();
    await expect.poll(() => liveText(page).textContent()).toContain(marker);
    await expect
      .poll(() => headerTags(page).textContent())
      .toContain(zh('prompt.badges.live', { n: pendingNumber ?? '' }));
  });

  it('a rejected platform change needs a reason, which its author then reads; the live text stays', async () => {
    const { page } = e2e;
    await signIn(page, 'user');
    await gotoApp(page, '/prompt/add-public');
    const title = `E2E 平台模板 ${stamp()}`;
    const first = '请总结：{{topic}}';
    await page.getByLabel(zh('prompt.fields.title'), { exact: true }).fill(title);
    await contentInput(page).fill(first);
    // The checks offer to add the missing variable.
    await page.getByRole('button', { name: buttonLabel(zh('prompt.editor.addMissing')) }).click();
    const nameCell = page.getByLabel(
      zh('prompt.variables.cell', { column: zh('prompt.variables.name'), row: 1 }),
      { exact: true },
    );
    await nameCell.waitFor();
    if (!(await nameCell.inputValue())) await nameCell.fill('主题');
    expect(
      await page
        .getByLabel(
          zh('prompt.variables.cell', { column: zh('prompt.variables.fieldName'), row: 1 }),
          {
            exact: true,
          },
        )
        .inputValue(),
    ).toBe('topic');
    const created = nextApiAnswer<PromptAnswer>(page, 'prompt/create');
    await saveButton(page).click();
    const made = await created;
    expect(made.code).toBe(0);
    const id = made.data.id;
    await page.waitForURL(
      (u) => u.pathname === '/prompt/detail-public' && u.searchParams.get('id') === String(id),
    );

    // A change, submitted.
    await editButton(page).click();
    await contentInput(page).fill('请用三句话总结：{{topic}}');
    const updated = nextApiAnswer<PromptAnswer>(page, 'prompt/update');
    await saveButton(page).click();
    expect((await updated).data.reviewState).toBe('draft');
    await tab(page, 'review').click();
    const submitted = nextApiAnswer<PromptAnswer>(page, 'prompt/submit');
    await page.getByRole('button', { name: buttonLabel(zh('prompt.review.submit')) }).click();
    expect((await submitted).data.reviewState).toBe('pending');

    // The admin rejects it: the reason is required.
    const admin = await (await e2e.newContext()).newPage();
    await signIn(admin, 'admin');
    await gotoApp(admin, `/prompt/detail-public?id=${id}`);
    await tab(admin, 'review').click();
    await admin.getByRole('button', { name: buttonLabel(zh('prompt.review.reject')) }).click();
    const dialog = settledDialog(admin, zh('prompt.review.rejectTitle', { n: 2 }));
    await dialog.waitFor();
    const confirm = dialog.getByRole('button', { name: buttonLabel(zh('prompt.review.reject')) });
    await confirm.click();
    await dialog.getByText(zh('prompt.review.reasonRequired'), { exact: true }).waitFor();
    const reason = '第二句表述不清，请修改';
    await dialog.getByLabel(zh('prompt.review.reason'), { exact: true }).fill(reason);
    const rejected = nextApiAnswer<PromptAnswer>(admin, 'prompt/reject');
    await confirm.click();
    const no = await rejected;
    expect(no.code).toBe(0);
    expect(no.data.reviewState).toBe('rejected');
    await dialog.waitFor({ state: 'hidden' });

    // The author reads the reason; the live text is still the first; they may submit again.
    await page.reload();
    await tab(page, 'review').click();
    const banner = page.locator('.ant-alert-error', {
      hasText: zh('prompt.review.rejectedBanner', { n: 2 }),
    });
    await banner.waitFor();
    expect(await banner.textContent()).toContain(reason);
    await page.getByRole('button', { name: buttonLabel(zh('prompt.review.submit')) }).waitFor();
    await expect.poll(() => headerTags(page).textContent()).toContain(zh('prompt.badges.rejected'));
    await tab(page, 'template').click();
    await expect.poll(() => liveText(page).textContent()).toBe(first);
  });
});
