/**
 * Resources declared without code, in Chromium: the admin declares a "知识库 / Knowledge base" resource on
 * the resource configuration page (no code, no rebuild); the user finds it in the menu in both
 * locales and creates, edits, filters and deletes rows; a reload and a server restart (same data
 * directory) keep everything; the admin disables it: gone from the user's menu and from the API
 * (40400), its rows kept. Screenshots go to /tmp/shots/resource-config-*.png.
 *
 * The tests run in order and build on each other (one server for the file): the declaration of
 * the first is the resource of the others, the rows of the second are what the third and fourth
 * find again.
 */
import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { localeTextsOf, resourceDeclarationSchema } from '../contract/resource-config';
import type { DeclarationList } from '../contract/resource-config-api';
import {
  buttonLabel,
  clickMenuItem,
  e2eDescribe,
  en,
  gotoApp,
  login,
  selectOptions,
  topMenuLabels,
  useE2E,
  waitForPath,
  zh,
} from './harness';
import { apiCall, confirmPopover, nextApiAnswer, settledDialog } from './harness/ui';

const SHOTS = '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/resource-config-${name}.png`, fullPage: true });

/** The labels the declaration gives; they are the resource's texts, in no locale file. */
const LABEL = { zh: '知识库', en: 'Knowledge base' } as const;
const FIELD = {
  title: { zh: '标题', en: 'Title' },
  status: { zh: '状态', en: 'Status' },
} as const;
const STATUS = {
  draft: { zh: '草稿', en: 'Draft' },
  published: { zh: '已发布', en: 'Published' },
} as const;

/** What the admin types into the JSON tab: the README's knowledge base, cut to two fields. */
const DECLARATION = {
  name: 'knowledge',
  labels: { 'zh-CN': LABEL.zh, 'en-US': LABEL.en },
  permissions: { user: ['list', 'show', 'create', 'edit', 'delete'] },
  menu: { order: 6, icon: 'BookOutlined' },
  fields: [
    {
      name: 'title',
      type: 'string',
      required: true,
      list: true,
      search: true,
      sortable: true,
      filter: 'contains',
      max: 120,
      labels: { 'zh-CN': FIELD.title.zh, 'en-US': FIELD.title.en },
    },
    {
      name: 'status',
      type: 'enum',
      list: true,
      filter: 'eq',
      default: 'draft',
      options: [
        { value: 'draft', labels: { 'zh-CN': STATUS.draft.zh, 'en-US': STATUS.draft.en } },
        {
          value: 'published',
          labels: { 'zh-CN': STATUS.published.zh, 'en-US': STATUS.published.en },
        },
      ],
      labels: { 'zh-CN': FIELD.status.zh, 'en-US': FIELD.status.en },
    },
  ],
};

/** The page titles the console derives from the labels (the contract words them). */
const TITLES = (() => {
  const texts = localeTextsOf(resourceDeclarationSchema.parse(DECLARATION));
  return { zh: texts['zh-CN'].titles, en: texts['en-US'].titles };
})();

const LIST_PATH = '/knowledge/list';
/** The calls of the resource, below the API prefix (its prefix defaults to its name). */
const PAGE_CALL = 'knowledge/page';

/** The rows of the flow: two kept, one deleted; the first is renamed by the edit. */
const ROWS = {
  vector: 'E2E 向量检索入门',
  vectorEdited: 'E2E 向量检索进阶',
  prompt: 'E2E 提示词工程',
  doomed: 'E2E 待删除条目',
} as const;

const rowWith = (page: Page, title: string) =>
  page.locator('.ant-table-row').filter({ hasText: title });

/** The titles of the rows on screen, sorted (the list's own order is newest first). */
const shownTitles = async (page: Page): Promise<string[]> => {
  const headers = (await page.locator('.ant-table-thead th').allTextContents()).map((h) =>
    h.trim(),
  );
  const column = headers.findIndex((h) => h === FIELD.title.zh || h === FIELD.title.en);
  if (column < 0) throw new Error(`no title column among ${headers.join(' | ')}`);
  const titles = await page
    .locator('.ant-table-row')
    .evaluateAll(
      (rows, i) => rows.map((r) => r.querySelectorAll('td')[i]?.textContent?.trim() ?? ''),
      column,
    );
  return titles.sort();
};

const cardTitle = (page: Page) =>
  page
    .locator('.ant-card-head-title')
    .first()
    .textContent()
    .then((t) => t?.trim());

const declarationRow = (page: Page) =>
  page.locator('[data-testid=resource-config-page] .ant-table-row[data-row-key=knowledge]');

/** Total rows of the user's knowledge list, asked of the API as the console asks it. */
async function apiTotal(page: Page): Promise<number> {
  const answer = await apiCall<{ total: number }>(page, PAGE_CALL, {});
  expect(answer.code, answer.message).toBe(0);
  return answer.data.total;
}

async function asUser(page: Page, path = '/dashboard/workplace'): Promise<void> {
  await page.goto('/login');
  await login(page, 'user', 'user');
  await gotoApp(page, path);
}

async function asAdminOnConfigPage(page: Page): Promise<void> {
  await page.goto('/login');
  await login(page, 'admin', 'admin');
  await gotoApp(page, '/dashboard/workplace');
  // Through the menu, as an admin finds it (system group).
  await clickMenuItem(page, zh('menu.system.title'), zh('menu.system.resourceConfig'));
  await waitForPath(page, '/system/resource-config');
  await page.locator('[data-testid=resource-config-page]').waitFor();
}

/** Opens the list's create or a row's edit dialog; answers the modal. */
async function openForm(page: Page, opener: Locator, title: string): Promise<Locator> {
  await opener.click();
  const modal = settledDialog(page, title);
  await modal.waitFor();
  return modal;
}

async function pickStatus(page: Page, modal: Locator, form: string, label: string) {
  const select = modal.locator(`#${form}_status`);
  // The shown value (the declared default) covers the input: open the select by its box.
  await modal
    .locator('.ant-select', { has: page.locator(`#${form}_status`) })
    .locator('.ant-select-selector')
    .click();
  await (await selectOptions(page, select)).filter({ hasText: label }).click();
}

async function saveForm(page: Page, modal: Locator, call: 'create' | 'update') {
  const saved = nextApiAnswer(page, `knowledge/${call}`);
  await modal.getByRole('button', { name: buttonLabel(zh('buttons.save')) }).click();
  const answer = await saved;
  expect(answer.code, answer.message).toBe(0);
  await modal.waitFor({ state: 'hidden' });
}

async function createRow(page: Page, title: string, status?: keyof typeof STATUS) {
  const opener = page
    .locator('.ant-card-extra button')
    .filter({ hasText: buttonLabel(zh('buttons.create')) });
  const modal = await openForm(page, opener, TITLES.zh.create);
  await modal.locator('#knowledge-create_title').fill(title);
  if (status) await pickStatus(page, modal, 'knowledge-create', STATUS[status].zh);
  await saveForm(page, modal, 'create');
  await rowWith(page, title).waitFor();
}

/** Types into a text filter and commits it (Enter), waiting for the list's answer. */
async function filterText(page: Page, label: string, value: string) {
  const input = page.locator(`.resource-list__toolbar input[aria-label="${label}"]`);
  const answered = nextApiAnswer(page, PAGE_CALL);
  await input.fill(value);
  await input.press('Enter');
  await answered;
}

e2eDescribe('resource configuration', () => {
  const e2e = useE2E();

  it('the admin declares the knowledge base on the configuration page (JSON tab)', async () => {
    const { page } = e2e;
    await asAdminOnConfigPage(page);
    // A fresh server: nothing declared yet (the list settled, not still loading).
    await page.getByText(zh('resourceConfig.empty'), { exact: true }).waitFor();
    // The table fades in from its loading blur; the picture is of the settled page.
    const tableBody = page.locator('[data-testid=resource-config-page] .ant-spin-container');
    await expect.poll(() => tableBody.evaluate((el) => getComputedStyle(el).opacity)).toBe('1');
    await shot(page, 'admin-empty');

    await page.locator('[data-testid=resource-config-create]').click();
    // The one drawer open: the declaration editor.
    const editor = page.locator('.ant-drawer-content:visible');
    await editor.waitFor();
    await editor.getByRole('tab', { name: zh('resourceConfig.editor.tabs.json') }).click();
    await editor
      .locator('[data-testid=declaration-json]')
      .fill(JSON.stringify(DECLARATION, null, 2));
    await editor.locator('[data-testid=declaration-valid]').waitFor();

    // The form follows the JSON: the same draft under both tabs.
    await editor.getByRole('tab', { name: zh('resourceConfig.editor.tabs.form') }).click();
    await expect
      .poll(() => editor.locator('[data-testid=declaration-name]').inputValue())
      .toBe('knowledge');
    expect(await editor.locator('[data-testid=declaration-label-zh]').inputValue()).toBe(LABEL.zh);
    expect(await editor.locator('[data-testid=declaration-label-en]').inputValue()).toBe(LABEL.en);

    // The preview shows the list page the declaration generates.
    await editor.getByRole('tab', { name: zh('resourceConfig.editor.tabs.preview') }).click();
    const preview = editor.locator('.ant-tabs-tabpane-active');
    await preview.getByText(FIELD.title.zh, { exact: true }).first().waitFor();
    await shot(page, 'admin-preview');

    const created = nextApiAnswer(page, 'meta/declaration/create');
    await editor.locator('[data-testid=declaration-save]').click();
    const answer = await created;
    expect(answer.code, answer.message).toBe(0);
    await editor.waitFor({ state: 'hidden' });

    const row = declarationRow(page);
    await row.waitFor();
    expect(await row.textContent()).toContain(LABEL.zh);
    expect(await row.locator('[data-testid=enable-knowledge]').getAttribute('aria-checked')).toBe(
      'true',
    );
    await shot(page, 'admin-created');

    // The admin was given no knowledge rights: the policy comes from the declaration.
    expect(await topMenuLabels(page)).not.toContain(LABEL.zh);
    expect((await apiCall(page, PAGE_CALL, {})).code).toBe(40300);
  });

  it('the user finds it in the menu, creates, edits, filters and deletes rows; a reload keeps them (zh-CN, then en-US)', async () => {
    const { page } = e2e;
    await asUser(page);
    expect(await topMenuLabels(page)).toContain(LABEL.zh);
    // The group is the label, its page the list title (知识库 → 知识库列表), as for built-ins.
    await clickMenuItem(page, LABEL.zh, TITLES.zh.list);
    await waitForPath(page, (p) => p.startsWith(LIST_PATH));
    await expect.poll(() => cardTitle(page)).toBe(TITLES.zh.list);
    // Empty at first; the column headers are the declaration's labels.
    await page.locator('.ant-table-thead').waitFor();
    const headers = (await page.locator('.ant-table-thead th').allTextContents()).map((h) =>
      h.trim(),
    );
    expect(headers).toEqual(expect.arrayContaining([FIELD.title.zh, FIELD.status.zh]));

    // Create: one published, two left at the declared default (draft).
    await createRow(page, ROWS.vector, 'published');
    await createRow(page, ROWS.prompt);
    await createRow(page, ROWS.doomed);
    expect(await rowWith(page, ROWS.vector).textContent()).toContain(STATUS.published.zh);
    expect(await rowWith(page, ROWS.prompt).textContent()).toContain(STATUS.draft.zh);
    expect(await apiTotal(page)).toBe(3);

    // Edit: rename the first row.
    const edit = await openForm(
      page,
      rowWith(page, ROWS.vector).getByRole('button', { name: zh('buttons.edit') }),
      TITLES.zh.edit,
    );
    const title = edit.locator('#knowledge-edit_title');
    await expect.poll(() => title.inputValue()).toBe(ROWS.vector);
    await title.fill(ROWS.vectorEdited);
    await saveForm(page, edit, 'update');
    await rowWith(page, ROWS.vectorEdited).waitFor();
    await expect.poll(() => rowWith(page, ROWS.vector).count()).toBe(0);

    // Filter by the title (contains) …
    await filterText(page, FIELD.title.zh, '向量');
    await expect.poll(() => shownTitles(page)).toEqual([ROWS.vectorEdited]);
    expect(new URL(page.url()).search).toContain('title');
    await shot(page, 'user-filtered-zh');
    await filterText(page, FIELD.title.zh, '');
    await expect.poll(() => shownTitles(page)).toHaveLength(3);
    // … and by the status (eq), through its select.
    const statusFilter = page.locator(
      `.resource-list__toolbar input[aria-label="${FIELD.status.zh}"]`,
    );
    const answered = nextApiAnswer(page, PAGE_CALL);
    await page
      .locator('.resource-list__toolbar .ant-select', {
        has: page.locator(`input[aria-label="${FIELD.status.zh}"]`),
      })
      .locator('.ant-select-selector')
      .click();
    await (await selectOptions(page, statusFilter)).filter({ hasText: STATUS.draft.zh }).click();
    await answered;
    await expect.poll(() => shownTitles(page)).toEqual([ROWS.doomed, ROWS.prompt].sort());
    await page
      .locator('.resource-list__toolbar button')
      .filter({ hasText: buttonLabel(zh('table.resetFilters')) })
      .click();
    await expect.poll(() => shownTitles(page)).toHaveLength(3);

    // Delete, after the confirmation naming the row.
    const deleted = nextApiAnswer(page, 'knowledge/delete');
    await rowWith(page, ROWS.doomed)
      .getByRole('button', { name: zh('buttons.delete') })
      .click();
    await confirmPopover(page, zh('form.deleteConfirm', { title: ROWS.doomed }));
    expect((await deleted).code).toBe(0);
    await expect.poll(() => rowWith(page, ROWS.doomed).count()).toBe(0);

    // A reload: the rows are stored, the resource is still served.
    await page.reload();
    await expect.poll(() => shownTitles(page)).toEqual([ROWS.prompt, ROWS.vectorEdited].sort());
    expect(await apiTotal(page)).toBe(2);
    await shot(page, 'user-list-zh');

    // English: the menu, title, headers and enum labels follow the declaration's en-US labels.
    const switcher = page.locator('[data-testid=locale-switch]').first();
    await switcher.click();
    await expect.poll(() => topMenuLabels(page)).toContain(LABEL.en);
    expect(await topMenuLabels(page)).not.toContain(LABEL.zh);
    await expect.poll(() => cardTitle(page)).toBe(TITLES.en.list);
    await expect
      .poll(async () =>
        (await page.locator('.ant-table-thead th').allTextContents()).map((h) => h.trim()),
      )
      .toEqual(expect.arrayContaining([FIELD.title.en, FIELD.status.en]));
    expect(await rowWith(page, ROWS.vectorEdited).textContent()).toContain(STATUS.published.en);
    expect(await rowWith(page, ROWS.prompt).textContent()).toContain(STATUS.draft.en);
    // The create dialog too speaks English.
    const create = await openForm(
      page,
      page.locator('.ant-card-extra button').filter({ hasText: buttonLabel(en('buttons.create')) }),
      TITLES.en.create,
    );
    await create.getByText(FIELD.title.en, { exact: true }).waitFor();
    await shot(page, 'user-create-en');
    await create.getByRole('button', { name: buttonLabel(en('buttons.cancel')) }).click();
    await create.waitFor({ state: 'hidden' });
    await shot(page, 'user-list-en');
  });

  it('after a server restart on the same data, the resource and its rows are still there', async () => {
    const { page } = e2e;
    // The user has the list open while the server restarts (SIGTERM, same data directory).
    await asUser(page, LIST_PATH);
    await rowWith(page, ROWS.prompt).waitFor();
    await e2e.restartServer();
    // A reload: the session (stored too) still holds, the declaration and the rows are back.
    await page.reload();
    await page.locator('[data-testid=side-menu]').first().waitFor();
    expect(new URL(page.url()).pathname).toBe(LIST_PATH);
    expect(await topMenuLabels(page)).toContain(LABEL.zh);
    await expect.poll(() => cardTitle(page)).toBe(TITLES.zh.list);
    await expect.poll(() => shownTitles(page)).toEqual([ROWS.prompt, ROWS.vectorEdited].sort());
    expect(await rowWith(page, ROWS.vectorEdited).textContent()).toContain(STATUS.published.zh);
    expect(await apiTotal(page)).toBe(2);
  });

  it('the admin disables it: gone from the user menu and the API (40400), its rows kept', async () => {
    const { page } = e2e;
    // The user is on the list while the admin disables the resource elsewhere.
    await asUser(page, LIST_PATH);
    await rowWith(page, ROWS.prompt).waitFor();

    const admin = await (await e2e.newContext()).newPage();
    await asAdminOnConfigPage(admin);
    const row = declarationRow(admin);
    await row.waitFor();
    const toggled = nextApiAnswer(admin, 'meta/declaration/enable');
    await row.locator('[data-testid=enable-knowledge]').click();
    expect((await toggled).code).toBe(0);
    await expect
      .poll(() => row.locator('[data-testid=enable-knowledge]').getAttribute('aria-checked'))
      .toBe('false');
    // The rows are kept: the configuration list still counts them.
    const list = await apiCall<DeclarationList>(admin, 'meta/declaration/list', {});
    const entry = list.data.list.find((e) => e.name === 'knowledge');
    expect(entry?.enabled).toBe(false);
    expect(entry?.rows).toBe(2);
    await shot(admin, 'admin-disabled');

    // The API refuses at once; the menu follows at the console's next registry fetch (a reload).
    const refused = await apiCall(page, PAGE_CALL, {});
    expect(refused.code).toBe(40400);
    await page.reload();
    await page.locator('[data-testid=side-menu]').first().waitFor();
    await expect.poll(() => topMenuLabels(page)).not.toContain(LABEL.zh);
    // Its URL is now an unknown page: the console's not-found page, no rows.
    await page.locator('[data-testid=exception-404]').waitFor();
    expect(await page.locator('.ant-table-row').count()).toBe(0);
    await shot(page, 'user-disabled');

    // Enabling it again brings the same rows back.
    const again = nextApiAnswer(admin, 'meta/declaration/enable');
    await row.locator('[data-testid=enable-knowledge]').click();
    expect((await again).code).toBe(0);
    expect(await apiTotal(page)).toBe(2);
    await gotoApp(page, LIST_PATH);
    await expect.poll(() => shownTitles(page)).toEqual([ROWS.prompt, ROWS.vectorEdited].sort());
    expect(await topMenuLabels(page)).toContain(LABEL.zh);

    // The configuration page in English names the resource by its en-US label.
    await admin.locator('[data-testid=locale-switch]').first().click();
    await expect
      .poll(() => admin.locator('.ant-card-head-title').first().textContent())
      .toBe(en('resourceConfig.title'));
    await expect.poll(() => row.textContent()).toContain(LABEL.en);
    await expect
      .poll(() => row.locator('[data-testid=enable-knowledge]').getAttribute('aria-checked'))
      .toBe('true');
    await shot(admin, 'admin-list-en');
  });
});
