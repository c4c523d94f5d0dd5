/**
 * Prompt templates: a personal template's versions (edit, side-by-side history,
 * restore), and a platform template's change going through review (draft, submit, the admin's
 * pending tab, diff, approve).
 */
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { buttonLabel, e2eDescribe, gotoApp, login, useE2E, zh } from './harness';
import { confirmPopover, nextApiAnswer, settledDialog } from './harness/ui';

interface PromptAnswer {
  id: number;
  content: string;
  liveVersion: number;
  pendingVersion: number | null;
  reviewState: string;
}

const stamp = () => Date.now().toString(36);

async function signIn(page: Page, user: string): Promise<void> {
  await page.goto('/login');
  await login(page, user, user);
}

/** The editor's template text (a textarea labelled by its form item). */
const contentInput = (page: Page) => page.getByLabel(zh('prompt.fields.content'), { exact: true });
/** The detail page's read-only template text. */
const liveText = (page: Page) =>
  page.locator(`[role=document][aria-label="${zh('prompt.fields.content')}"]`);
const tab = (page: Page, key: string) =>
  page.getByRole('tab', { name: zh(`prompt.detail.tabs.${key}`), exact: true });
const saveButton = (page: Page) =>
  page.getByRole('button', { name: buttonLabel(zh('buttons.save')) });
const editButton = (page: Page) =>
  page.getByRole('button', { name: buttonLabel(zh('buttons.edit')) });
const headerTags = (page: Page) => page.locator('.ant-card-head-title').first();
const diffTable = (page: Page) => page.locator(`table[aria-label="${zh('prompt.diff.title')}"]`);
const diffCells = (diff: Locator, kind: 'removed' | 'added') =>
  diff.locator(`td[data-kind=${kind}]`).allTextContents();

e2eDescribe('prompt templates', () => {
  const e2e = useE2E();

  it('a personal template: create with two variables, edit, compare v1 and v2, restore v1 as v3', async () => {
    const { page } = e2e;
    await signIn(page, 'user');
    await gotoApp(page, '/prompt/add');
    const title = `E2E 模板 ${stamp()}`;
    const first = '你好 {{customer}}，\n旧的第二行：{{product}}\n结尾';
    const second = '你好 {{customer}}，\n新的第二行：{{product}}\n结尾';

    await page.getByLabel(zh('prompt.fields.title'), { exact: true }).fill(title);
    await contentInput(page).fill(first);
    const addVariable = page.getByRole('button', {
      name: buttonLabel(zh('prompt.variables.add')),
      exact: true,
    });
    const cell = (column: string, row: number) =>
      page.getByLabel(
        zh('prompt.variables.cell', { column: zh(`prompt.variables.${column}`), row }),
        { exact: true },
      );
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
          .locator(`[aria-label="${zh('prompt.preview.output')}"]`)
          .first()
          .textContent(),
      )
      .toContain('旧的第二行');

    // Its two-character buttons read as words, not antd's "保 存" / "取 消".
    expect(await saveButton(page).textContent()).toBe(zh('buttons.save'));
    expect(
      await page.getByRole('button', { name: zh('buttons.cancel'), exact: true }).count(),
    ).toBe(1);
    const created = nextApiAnswer<PromptAnswer>(page, 'prompt/create');
    await saveButton(page).click();
    const made = await created;
    expect(made.code).toBe(0);
    expect(made.data.liveVersion).toBe(1);
    await page.waitForURL(
      (u) => u.pathname === '/prompt/detail' && u.searchParams.get('id') === String(made.data.id),
    );
    await expect.poll(() => liveText(page).textContent()).toBe(first);
    await expect
      .poll(() => headerTags(page).textContent())
      .toContain(zh('prompt.badges.live', { n: 1 }));
    // Both variables are listed.
    const variables = page.locator(
      `[aria-label="${zh('prompt.fields.variables')}"] .ant-table-row`,
    );
    expect(await variables.allTextContents()).toEqual([
      expect.stringContaining('customer'),
      expect.stringContaining('product'),
    ]);

    // Edit: change the text; a personal template's change goes live at once (v2).
    await editButton(page).click();
    await contentInput(page).fill(second);
    await page.getByLabel(zh('prompt.fields.note'), { exact: true }).fill('改第二行');
    const updated = nextApiAnswer<PromptAnswer>(page, 'prompt/update');
    await saveButton(page).click();
    const up = await updated;
    expect(up.code).toBe(0);
    expect(up.data.liveVersion).toBe(2);
    await expect.poll(() => liveText(page).textContent()).toBe(second);
    await expect
      .poll(() => headerTags(page).textContent())
      .toContain(zh('prompt.badges.live', { n: 2 }));

    // History: both versions, and v1 → v2 side by side by default.
    await tab(page, 'history').click();
    const versions = page.locator(`[aria-label="${zh('prompt.history.title')}"] .ant-table-row`);
    await expect.poll(() => versions.count()).toBe(2);
    expect(await versions.first().textContent()).toContain('v2');
    expect(await versions.first().textContent()).toContain(zh('prompt.versionState.live'));
    expect(await versions.nth(1).textContent()).toContain(zh('prompt.versionState.archived'));
    await expect
      .poll(() => page.getByRole('combobox', { name: zh('prompt.history.older') }).count())
      .toBe(1);
    const diff = diffTable(page);
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
      .getByRole('button', { name: zh('prompt.history.restoreVersion', { n: 1 }), exact: true })
      .click();
    const restored = nextApiAnswer<PromptAnswer>(page, 'prompt/restore');
    await confirmPopover(page, zh('prompt.history.restoreConfirm', { n: 1 }));
    const back = await restored;
    expect(back.code).toBe(0);
    expect(back.data.liveVersion).toBe(3);
    expect(back.data.content).toBe(first);
    await expect.poll(() => versions.count()).toBe(3);
    expect(await versions.first().textContent()).toContain('v3');

    await tab(page, 'template').click();
    await expect.poll(() => liveText(page).textContent()).toBe(first);
    await expect
      .poll(() => headerTags(page).textContent())
      .toContain(zh('prompt.badges.live', { n: 3 }));
    // Stored: a reload shows the same.
    await page.reload();
    await expect.poll(() => liveText(page).textContent()).toBe(first);
  });

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
