/**
 * Agents and plugins in Chromium against the real server: the user builds an agent
 * from the option lists (model version, plugins, directives, scenes), opens it and publishes it;
 * the admin adds a plugin with a secret and a parameter schema, and the secret never comes back
 * into the browser: the edit form shows it as set, and saving untouched keeps it.
 */
import { mkdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { SECRET_MASK } from '../contract/resource';
import {
  buttonLabel,
  e2eDescribe,
  en,
  gotoApp,
  login,
  selectOptions,
  setLocale,
  useE2E,
  zh,
  type LocaleName,
} from './harness';
import { apiCall, confirmPopover, nextApiAnswer, settledPopover } from './harness/ui';
import { text } from './harness/texts';

const SHOTS = '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });

const stamp = () => Date.now().toString(36);

interface AgentAnswer {
  id: number;
  version: number;
  agentName: string;
  modelVersion: string | null;
  plugins: string[];
  directives: string[];
  scenes: string[];
  status: string;
}

interface PluginAnswer {
  id: number;
  version: number;
  pluginCode: string;
  secret: string | null;
  parameterSchema: unknown;
}

async function signIn(page: Page, user: string): Promise<void> {
  await page.goto('/login');
  await login(page, user, user);
}

/** The list's create button (its name also has the icon's). */
const createButton = (page: Page, label: string) =>
  page.locator('.ant-card-extra').getByRole('button', { name: label });

/** The open modal (antd keeps closed ones in the page, hidden). */
const modal = (page: Page) => page.locator('.ant-modal-wrap:visible .ant-modal');

/** Opens a form select and picks its `n`-th option; answers the option's text. */
async function pickOption(page: Page, select: Locator, n = 0): Promise<string> {
  const option = (await selectOptions(page, select)).nth(n);
  // A click while the form still settles can leave the dropdown shut: open it again if so.
  for (let attempt = 1; ; attempt++) {
    // Forced: a chosen value's text lies over the input (the click still reaches the select).
    await select.click({ force: true });
    try {
      await option.waitFor({ timeout: 5_000 });
      break;
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
  const label = (await option.textContent()) ?? '';
  await option.click();
  // Under load a click can land while the dropdown animates and choose nothing: the chosen
  // value must show in the select before the form goes on (a CI run saved modelVersion null).
  const chosen = select
    .locator('xpath=ancestor::*[contains(concat(" ", @class, " "), " ant-select ")][1]')
    .locator('.ant-select-selection-item, .ant-select-selection-item-content')
    .filter({ hasText: label });
  for (let attempt = 1; ; attempt++) {
    try {
      await chosen.first().waitFor({ timeout: 2_000 });
      return label;
    } catch (error) {
      if (attempt === 3) throw error;
      await select.click({ force: true });
      await option.waitFor({ timeout: 5_000 });
      await option.click();
    }
  }
}

/** Closes an open multi-select's dropdown (it stays open after a pick): a click beside it. */
async function closeDropdown(page: Page): Promise<void> {
  await modal(page).locator('.ant-modal-title').click();
  await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
}

e2eDescribe('agents and plugins', () => {
  const e2e = useE2E();

  it('the user creates an agent from the option lists, opens it and publishes it (zh-CN)', async () => {
    const { page } = e2e;
    const t = zh;
    await signIn(page, 'user');
    await gotoApp(page, '/agent/list');
    await page.locator('.ant-table-row').first().waitFor();
    await page.screenshot({ path: `${SHOTS}/agent-list.png`, fullPage: true });

    await createButton(page, t('buttons.create')).click();
    const form = modal(page);
    await form.waitFor();
    const name = `E2E 智能体 ${stamp()}`;
    const code = `e2e-agent-${stamp()}`;
    await form.getByLabel(t('agent.fields.agentName'), { exact: true }).fill(name);
    await form.getByLabel(t('agent.fields.agentCode'), { exact: true }).fill(code);
    const combo = (field: string) =>
      form.getByRole('combobox', { name: t(`agent.fields.${field}`), exact: true });
    const version = await pickOption(page, combo('modelVersion'));
    const plugin = await pickOption(page, combo('plugins'));
    await closeDropdown(page);
    const directive = await pickOption(page, combo('directives'));
    await closeDropdown(page);
    const scene = await pickOption(page, combo('scenes'));
    await closeDropdown(page);
    await form
      .getByLabel(t('agent.fields.systemPrompt'), { exact: true })
      .fill('你是一名客服助手。\n回答要简洁。');
    // The chosen plugin shows by its name, not its code.
    expect(
      await form
        .locator('.ant-select', {
          has: page.getByRole('combobox', { name: t('agent.fields.plugins'), exact: true }),
        })
        .locator('.ant-select-selection-item-content')
        .allTextContents(),
    ).toEqual([plugin]);
    await page.screenshot({ path: `${SHOTS}/agent-form.png` });

    const created = nextApiAnswer<AgentAnswer>(page, 'agent/create');
    await form.locator('.ant-modal-footer .ant-btn-primary').click();
    const made = await created;
    expect(made.code).toBe(0);
    expect(made.data).toMatchObject({
      agentName: name,
      modelVersion: version,
      status: 'draft',
    });
    expect(made.data.plugins).toHaveLength(1);
    expect(made.data.directives).toHaveLength(1);
    expect(made.data.scenes).toHaveLength(1);
    await form.waitFor({ state: 'hidden' });

    // The new row: name, badge, plugin and scene by their names; its detail from the eye.
    const row = page.locator('.ant-table-row', { hasText: code });
    await row.waitFor();
    expect(await row.textContent()).toContain(t('agent.enums.status.draft'));
    await expect.poll(() => row.textContent()).toContain(plugin);
    await expect.poll(() => row.textContent()).toContain(scene);
    await page.screenshot({ path: `${SHOTS}/agent-list-new.png`, fullPage: true });
    await row.getByRole('button', { name: t('buttons.show') }).click();
    await page.waitForURL(
      (u) => u.pathname === '/agent/detail' && u.searchParams.get('id') === String(made.data.id),
    );

    await page.getByRole('heading', { name }).waitFor();
    const body = page.locator('.agent-detail');
    await expect.poll(() => body.textContent()).toContain(directive);
    const text = (await body.textContent()) ?? '';
    for (const shown of [code, version, plugin, scene, t('agent.enums.status.draft')]) {
      expect(text).toContain(shown);
    }
    // The system prompt keeps its line break.
    expect(await page.locator('.agent-detail__prompt').first().innerText()).toBe(
      '你是一名客服助手。\n回答要简洁。',
    );
    await page.screenshot({ path: `${SHOTS}/agent-detail.png`, fullPage: true });

    const updated = nextApiAnswer<AgentAnswer>(page, 'agent/update');
    await page.getByRole('button', { name: buttonLabel(t('agent.detail.publish')) }).click();
    // The header's question opens below its button: above, it covered the navbar's user name.
    const question = settledPopover(page, t('agent.detail.publishConfirm', { name }));
    const [questionBox, navbarBox] = await Promise.all([
      question.boundingBox(),
      page.locator('.navbar').boundingBox(),
    ]);
    expect(questionBox!.y).toBeGreaterThanOrEqual(navbarBox!.y + navbarBox!.height);
    await confirmPopover(page, t('agent.detail.publishConfirm', { name }));
    const published = await updated;
    expect(published.code).toBe(0);
    expect(published.data.status).toBe('published');
    expect(published.data.version).toBe(made.data.version + 1);
    const badge = page.locator('.agent-detail__head .ant-badge-status');
    await expect.poll(() => badge.textContent()).toBe(t('agent.enums.status.published'));
    expect(await badge.locator('.ant-badge-status-success').count()).toBe(1);
    await page.getByRole('button', { name: buttonLabel(t('agent.detail.offline')) }).waitFor();
    await expect.poll(() => page.locator('.ant-btn-loading').count()).toBe(0);
    await page.screenshot({ path: `${SHOTS}/agent-published.png`, fullPage: true });
  });

  const pluginFlow = async (locale: LocaleName) => {
    const { page, context } = e2e;
    const t = (key: string, params?: Record<string, string | number>) => text(key, locale, params);
    await setLocale(context, locale);
    await signIn(page, 'admin');
    await gotoApp(page, '/plugin-config/list');
    await page.locator('.ant-table-row').first().waitFor();

    await createButton(page, t('buttons.create')).click();
    const form = modal(page);
    await form.waitFor();
    const code = `e2e-plugin-${locale.toLowerCase()}-${stamp()}`;
    const field = (name: string) =>
      form.getByLabel(t(`plugin-config.fields.${name}`), { exact: true });
    await field('pluginName').fill(`E2E plugin ${locale}`);
    await field('pluginCode').fill(code);
    await field('endpoint').fill('https://api.example.com/e2e');
    await pickOption(
      page,
      form.getByRole('combobox', { name: t('plugin-config.fields.authType'), exact: true }),
      1,
    );
    const secret = field('secret');
    expect(await secret.getAttribute('type')).toBe('password');
    await secret.fill('sk-e2e-secret');

    // Not JSON: the form says so and sends nothing.
    const schema = field('parameterSchema');
    await schema.fill('{"type": "object",');
    await form.locator('.ant-modal-footer .ant-btn-primary').click();
    const error = form.locator('.ant-form-item-explain-error', {
      hasText: t('form.badJson', { field: t('plugin-config.fields.parameterSchema'), reason: '' }),
    });
    await error.waitFor();
    await page.screenshot({ path: `${SHOTS}/plugin-json-error-${locale}.png` });

    await schema.fill('{\n  "type": "object",\n  "properties": { "q": { "type": "string" } }\n}');
    await error.waitFor({ state: 'detached' });
    const created = nextApiAnswer<PluginAnswer>(page, 'plugin-config/create');
    await form.locator('.ant-modal-footer .ant-btn-primary').click();
    const made = await created;
    expect(made.code).toBe(0);
    expect(made.data.secret).toBe(SECRET_MASK);
    expect(made.data.parameterSchema).toEqual({
      type: 'object',
      properties: { q: { type: 'string' } },
    });
    await form.waitFor({ state: 'hidden' });

    const row = page.locator('.ant-table-row', { hasText: code });
    await row.waitFor();
    expect(await row.textContent()).toContain(SECRET_MASK);
    // The secret's column is to the right: bring it into the picture.
    await row.locator('td', { hasText: SECRET_MASK }).scrollIntoViewIfNeeded();
    await page.screenshot({ path: `${SHOTS}/plugin-list-${locale}.png`, fullPage: true });

    // Reopen: the secret is not in the form, only said to be set; save untouched keeps it.
    await row.getByRole('button', { name: t('buttons.edit') }).click();
    const edit = modal(page);
    await edit.waitFor();
    const kept = edit.getByLabel(t('plugin-config.fields.secret'), { exact: true });
    expect(await kept.inputValue()).toBe('');
    expect(await kept.getAttribute('placeholder')).toBe(t('form.secretKept'));
    expect(await edit.innerHTML()).not.toContain(SECRET_MASK);
    expect(await edit.getByLabel(t('plugin-config.fields.parameterSchema')).inputValue()).toContain(
      '"properties"',
    );
    await page.screenshot({ path: `${SHOTS}/plugin-edit-${locale}.png` });

    const sent = page.waitForRequest(
      (r) => new URL(r.url()).pathname === '/api/manage/v1/plugin-config/update',
    );
    const updated = nextApiAnswer<PluginAnswer>(page, 'plugin-config/update');
    await edit.locator('.ant-modal-footer .ant-btn-primary').click();
    const body = (await sent).postDataJSON() as Record<string, unknown>;
    expect(body).not.toHaveProperty('secret');
    const saved = await updated;
    expect(saved.code).toBe(0);
    expect(saved.data.secret).toBe(SECRET_MASK);
    await edit.waitFor({ state: 'hidden' });
    await expect.poll(() => row.textContent()).toContain(SECRET_MASK);
  };

  it('the admin adds a plugin with a secret and a parameter schema; the secret stays hidden and kept (en-US)', async () => {
    await pluginFlow('en-US');
  });

  it('the same in Chinese (zh-CN)', async () => {
    await pluginFlow('zh-CN');
  });

  it("an agent's avatar from an https address shows as its picture, in the list and the detail", async () => {
    const { page, context } = e2e;
    await setLocale(context, 'en-US');
    // A CDN's address, answered here: the browser checks the page's policy before the request.
    const avatar = `https://avatars.e2e.test/${stamp()}.svg`;
    await context.route('https://avatars.e2e.test/**', (route) =>
      route.fulfill({
        contentType: 'image/svg+xml',
        body: '<svg xmlns="http://www.w3.org/2000/svg" width="64" height="64"><rect width="64" height="64" fill="#1677ff"/></svg>',
      }),
    );
    await signIn(page, 'user');
    const agentName = `Avatar ${stamp()}`;
    const created = await apiCall<AgentAnswer>(page, 'agent/create', {
      agentName,
      agentCode: `avatar-${stamp()}`,
      avatar,
    });
    expect(created.code).toBe(0);
    const shown = (where: Locator) =>
      where.locator('.agent-avatar img').evaluate((img: HTMLImageElement) => ({
        src: img.currentSrc,
        width: img.naturalWidth,
      }));
    await gotoApp(page, '/agent/list');
    const row = page.locator('.ant-table-row', { hasText: agentName });
    await row.locator('.agent-avatar img').waitFor();
    await expect.poll(() => shown(row)).toEqual({ src: avatar, width: 64 });
    await gotoApp(page, `/agent/detail?id=${created.data.id}`);
    const card = page.locator('.ant-card', { hasText: agentName }).first();
    await card.locator('.agent-avatar img').waitFor();
    await expect.poll(() => shown(card)).toEqual({ src: avatar, width: 64 });
    expect((await apiCall(page, 'agent/delete', { id: created.data.id })).code).toBe(0);
  });

  it("the list's filter controls keep a gap between them and between their rows", async () => {
    const { page, context } = e2e;
    await setLocale(context, 'en-US');
    await signIn(page, 'user');
    // The agent list: a keyword, eight filters and the reset button, two rows at 1,366 px.
    await gotoApp(page, '/agent/list');
    const toolbar = page.locator('.resource-list__toolbar');
    await toolbar.locator('button', { hasText: en('table.resetFilters') }).waitFor();
    const boxes = await toolbar.evaluate((bar) =>
      [...bar.children].map((c) => {
        const r = c.getBoundingClientRect();
        return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
      }),
    );
    expect(boxes.length).toBeGreaterThan(5);
    const rows = [...new Set(boxes.map((b) => Math.round(b.top)))];
    expect(rows.length).toBeGreaterThan(1);
    for (let i = 1; i < boxes.length; i++) {
      const [before, box] = [boxes[i - 1]!, boxes[i]!];
      if (Math.round(box.top) === Math.round(before.top)) {
        expect(box.left - before.right).toBeGreaterThanOrEqual(8);
      } else {
        expect(box.top - before.bottom).toBeGreaterThanOrEqual(8);
      }
    }
  });

  it('the agent form, taller than the window, scrolls inside its dialog with Save in view', async () => {
    const { page, context } = e2e;
    await setLocale(context, 'en-US');
    await signIn(page, 'user');
    await gotoApp(page, '/agent/list');
    await createButton(page, en('buttons.create')).click();
    const dialog = modal(page);
    const save = dialog.locator('.ant-modal-footer .ant-btn-primary');
    await save.waitFor();
    const body = dialog.locator('.ant-modal-body');
    const box = await body.evaluate((b) => ({ scroll: b.scrollHeight, client: b.clientHeight }));
    // The form is longer than the window: its body scrolls, the page does not.
    expect(box.scroll).toBeGreaterThan(box.client);
    const footer = (await save.boundingBox())!;
    expect(footer.y + footer.height).toBeLessThanOrEqual(page.viewportSize()!.height);
    // Scrolled to the end, then saved empty: the first field at fault comes back into view.
    await body.evaluate((b) => b.scrollTo(0, b.scrollHeight));
    await save.click();
    const name = dialog.getByLabel(en('agent.fields.agentName'));
    await expect.poll(() => name.evaluate((el) => el === document.activeElement)).toBe(true);
    // With its label: the field's whole row lies inside the body's visible part.
    const label = dialog.locator('label[for$="agentName"]');
    const inView = () =>
      Promise.all([label.boundingBox(), body.boundingBox()]).then(
        ([l, b]) => !!l && !!b && l.y >= b.y && l.y + l.height <= b.y + b.height,
      );
    await expect.poll(inView).toBe(true);
  });

  it('the agent pages in English', async () => {
    const { page, context } = e2e;
    await setLocale(context, 'en-US');
    await signIn(page, 'user');
    await gotoApp(page, '/agent/list');
    const row = page.locator('.ant-table-row').first();
    await row.waitFor();
    await row.getByRole('button', { name: en('buttons.show') }).click();
    await page.waitForURL((u) => u.pathname === '/agent/detail');
    await page.getByText(en('agent.detail.configuration'), { exact: true }).waitFor();
    await page.screenshot({ path: `${SHOTS}/agent-detail-en.png`, fullPage: true });
  });
});
