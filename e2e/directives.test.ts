/**
 * Directives: create in the dialog (the command checked as the server checks it),
 * edit, reorder by dragging a row's handle and by the keyboard, switch off, delete; the page in
 * both locales. The test makes its own directives (they go to the end of the order).
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { message } from '../contract/messages';
import {
  buttonLabel,
  e2eDescribe,
  en,
  exactly,
  gotoApp,
  login,
  setLocale,
  text,
  useE2E,
  zh,
  type LocaleName,
} from './harness';
import { apiCall, confirmPopover, nextApiAnswer, settledDialog } from './harness/ui';

interface Directive {
  id: number;
  directiveName: string;
  command: string;
  sortOrder: number;
  status: number;
}

const SHOTS = '/tmp/shots';
/** One page holds the demo's directives and the test's (new ones go to the end). */
const LIST = '/directive/list?pageSize=100';

const stamp = () => Date.now().toString(36);

/** A button's name that ends with `label` (after its icon's name), antd's spaces allowed. */
const iconButton = (label: string) => new RegExp(`${buttonLabel(label).source.replace(/^\^/, '')}`);

async function signIn(page: Page): Promise<void> {
  await page.goto('/login');
  await login(page, 'user', 'user');
}

/** The toast every record form shows once a save is stored. */
const savedToast = (page: Page, locale: LocaleName) =>
  page.locator('.ant-message-notice-success', {
    hasText: exactly(text('notifications.saved', locale)),
  });

const rows = (page: Page) => page.locator('.directive-list tbody tr.ant-table-row');
const row = (page: Page, name: string) => rows(page).filter({ hasText: name });

/** The names among `names` in the order the table shows them. */
async function shownOrder(page: Page, names: readonly string[]): Promise<string[]> {
  const texts = await rows(page).allTextContents();
  return texts.flatMap((t) => names.filter((n) => t.includes(n)));
}

/** The names among `names` in the order the server lists them. */
async function storedOrder(page: Page, names: readonly string[]): Promise<string[]> {
  const answer = await apiCall<{ list: Directive[] }>(page, 'directive/page', {
    current: 1,
    pageSize: 100,
    sorters: [{ field: 'sortOrder', order: 'asc' }],
  });
  return answer.data.list.map((d) => d.directiveName).filter((n) => names.includes(n));
}

async function createByApi(page: Page, name: string, command: string): Promise<Directive> {
  const answer = await apiCall<Directive>(page, 'directive/create', {
    directiveName: name,
    command,
    content: `${name} 的内容`,
  });
  expect(answer.code, JSON.stringify(answer)).toBe(0);
  return answer.data;
}

/** Drags a row by its handle onto another row with the mouse, in small steps. */
async function dragRow(page: Page, from: string, onto: string, locale: LocaleName = 'zh-CN') {
  const handle = row(page, from).getByRole('button', {
    name: text('directive.list.handle', locale, { name: from }),
  });
  // dnd-kit scrolls the page while the pointer is near the viewport's edge, by as much as the
  // drag lasts: rows at the bottom of the screen on a loaded machine dropped ten places too high
  // (seen once in CI). Mid-screen, no scrolling starts and the boxes below stay true.
  await row(page, onto).evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const source = await handle.boundingBox();
  const target = await row(page, onto).boundingBox();
  if (!source || !target) throw new Error('rows not on screen');
  await page.mouse.move(source.x + source.width / 2, source.y + source.height / 2);
  await page.mouse.down();
  const x = source.x + source.width / 2;
  const y = target.y + target.height / 2;
  await page.mouse.move(x, source.y + source.height / 2 + (y > source.y ? 6 : -6), { steps: 3 });
  await page.mouse.move(x, y, { steps: 12 });
  await page.mouse.up();
}

e2eDescribe('directives', () => {
  const e2e = useE2E();

  it('create, edit, reorder by drag and by keyboard, switch off and delete (zh-CN)', async () => {
    const { page } = e2e;
    mkdirSync(SHOTS, { recursive: true });
    await signIn(page);
    const s = stamp();
    const [a, b, c] = [`E2E 甲 ${s}`, `E2E 乙 ${s}`, `E2E 丙 ${s}`];
    await createByApi(page, a, `/e2e-a-${s}`);
    await createByApi(page, b, `/e2e-b-${s}`);
    await gotoApp(page, LIST);
    await row(page, b).waitFor();
    expect(await page.locator('.ant-card-head-title').first().textContent()).toContain(
      zh('directive.menu.list'),
    );

    // Create: the command is checked before anything is sent.
    await page.getByRole('button', { name: iconButton(zh('buttons.create')) }).click();
    // By its name: a closing dialog stays on screen through its animation, beside the next one.
    let dialog = page.getByRole('dialog', { name: zh('directive.titles.create') });
    await dialog.waitFor();
    await dialog.getByLabel(zh('directive.fields.directiveName'), { exact: true }).fill(c);
    const command = dialog.getByLabel(zh('directive.fields.command'), { exact: true });
    await command.fill('Summary');
    await dialog.getByRole('button', { name: buttonLabel(zh('buttons.save')) }).click();
    await dialog
      .getByText(zh('directive.form.badCommand', { example: '/summary' }), { exact: true })
      .waitFor();
    await dialog.getByText(zh('directive.form.contentRequired'), { exact: true }).waitFor();
    await page.screenshot({ path: `${SHOTS}/directive-form-zh-CN.png` });
    await command.fill(`/e2e-c-${s}`);
    await dialog.getByLabel(zh('directive.fields.content'), { exact: true }).fill('请总结。');
    const created = nextApiAnswer<Directive>(page, 'directive/create');
    await dialog.getByRole('button', { name: buttonLabel(zh('buttons.save')) }).click();
    expect((await created).code).toBe(0);
    await dialog.waitFor({ state: 'hidden' });
    // Acknowledged as a template's save is.
    await savedToast(page, 'zh-CN').first().waitFor();
    await row(page, c).waitFor();
    expect(await shownOrder(page, [a, b, c])).toEqual([a, b, c]);

    // Edit: a new name, and the answer taken from a template instead.
    const c2 = `${c} 改`;
    await row(page, c)
      .getByRole('button', { name: buttonLabel(zh('buttons.edit')) })
      .click();
    dialog = page.getByRole('dialog', { name: zh('directive.titles.edit') });
    await dialog.waitFor();
    const name = dialog.getByLabel(zh('directive.fields.directiveName'), { exact: true });
    expect(await name.inputValue()).toBe(c);
    await name.fill(c2);
    // The create's toast gone first, so the one seen next is the edit's.
    await expect.poll(() => savedToast(page, 'zh-CN').count(), { timeout: 15_000 }).toBe(0);
    const updated = nextApiAnswer<Directive>(page, 'directive/update');
    await dialog.getByRole('button', { name: buttonLabel(zh('buttons.save')) }).click();
    expect((await updated).code).toBe(0);
    await savedToast(page, 'zh-CN').first().waitFor();
    await row(page, c2).waitFor();
    // The drag below is raw mouse events: the closing dialog's mask must be gone first.
    await dialog.waitFor({ state: 'hidden' });
    const names = [a, b, c2];

    // Drag the last one to the top of the three.
    let reordered = nextApiAnswer<{ count: number }>(page, 'directive/reorder');
    await dragRow(page, c2, a);
    expect((await reordered).code).toBe(0);
    await expect.poll(() => shownOrder(page, names)).toEqual([c2, a, b]);
    expect(await storedOrder(page, names)).toEqual([c2, a, b]);
    await page.screenshot({ path: `${SHOTS}/directive-list-zh-CN.png`, fullPage: true });

    // Keyboard: the move-down button of the first one, focused and pressed with Enter.
    reordered = nextApiAnswer<{ count: number }>(page, 'directive/reorder');
    await row(page, c2)
      .getByRole('button', { name: zh('directive.list.moveDownNamed', { name: c2 }) })
      .focus();
    await page.keyboard.press('Enter');
    expect((await reordered).code).toBe(0);
    await expect.poll(() => shownOrder(page, names)).toEqual([a, c2, b]);
    expect(await storedOrder(page, names)).toEqual([a, c2, b]);

    // Keyboard drag with the handle: Space picks up, ArrowDown moves, Space drops; each step
    // is announced in the live region (in the page's language).
    const live = page.locator('[role=status][aria-live]').filter({ hasText: /\S/ });
    const positionOf = async (name: string) =>
      (await rows(page).allTextContents()).findIndex((t) => t.includes(name)) + 1;
    const target = await positionOf(b);
    reordered = nextApiAnswer<{ count: number }>(page, 'directive/reorder');
    await row(page, a)
      .getByRole('button', { name: zh('directive.list.handle', { name: a }) })
      .focus();
    await page.keyboard.press('Space');
    // Picked up, then at once "over" its own place.
    await expect
      .poll(() => live.allTextContents())
      .toContain(zh('directive.dnd.over', { name: a, position: target - 2 }));
    // One ArrowDown per place; a press that lands while dnd-kit still measures the rows moves
    // nothing, so it is pressed again (a press that moves announces at once: no overshoot).
    const downTo = async (position: number) => {
      const over = zh('directive.dnd.over', { name: a, position });
      for (let press = 1; ; press++) {
        await page.keyboard.press('ArrowDown');
        try {
          await expect.poll(() => live.allTextContents(), { timeout: 2_000 }).toContain(over);
          return;
        } catch (error) {
          if (press === 3) throw error;
        }
      }
    };
    await downTo(target - 1);
    await downTo(target);
    await page.keyboard.press('Space');
    expect((await reordered).code).toBe(0);
    await expect.poll(() => shownOrder(page, names)).toEqual([c2, b, a]);
    expect(await storedOrder(page, names)).toEqual([c2, b, a]);

    // Status: switched off from the row.
    const disabled = nextApiAnswer<{ count: number }>(page, 'directive/disable');
    await row(page, b)
      .getByRole('switch', { name: zh('directive.list.statusSwitch', { name: b }) })
      .click();
    expect((await disabled).data.count).toBe(1);
    await expect
      .poll(() =>
        row(page, b)
          .getByRole('switch', { name: zh('directive.list.statusSwitch', { name: b }) })
          .getAttribute('aria-checked'),
      )
      .toBe('false');

    // Delete, confirmed naming it.
    await row(page, b)
      .getByRole('button', { name: buttonLabel(zh('buttons.delete')) })
      .click();
    const deleted = nextApiAnswer(page, 'directive/delete');
    await confirmPopover(page, zh('form.deleteConfirm', { title: b }));
    expect((await deleted).code).toBe(0);
    await expect.poll(() => row(page, b).count()).toBe(0);
    expect(await storedOrder(page, names)).toEqual([c2, a]);
    expect(e2e.pageErrors).toEqual([]);
  });

  it('the page in en-US: labels, the form, and no dragging while filtered', async () => {
    const { page, context } = e2e;
    mkdirSync(SHOTS, { recursive: true });
    await setLocale(context, 'en-US');
    await signIn(page);
    const s = stamp();
    const a = `E2E first ${s}`;
    await createByApi(page, a, `/e2e-en-${s}`);
    await gotoApp(page, LIST);
    await row(page, a).waitFor();
    expect(await page.locator('.ant-card-head-title').first().textContent()).toContain(
      en('directive.menu.list'),
    );
    const head = (await page.locator('.directive-list thead').textContent()) ?? '';
    for (const f of ['directiveName', 'command', 'sceneName', 'content', 'status']) {
      expect(head).toContain(en(`directive.fields.${f}`));
    }
    const handle = row(page, a).getByRole('button', {
      name: en('directive.list.handle', { name: a }),
    });
    expect(await handle.isEnabled()).toBe(true);
    await page.screenshot({ path: `${SHOTS}/directive-list-en-US.png`, fullPage: true });

    // The form: the command hint and the radio between content and template.
    await page.getByRole('button', { name: iconButton(en('buttons.create')) }).click();
    // By its name: the leave confirmation below closes beside it, both on screen for a moment.
    const dialog = page.getByRole('dialog', { name: en('directive.titles.create') });
    await settledDialog(page, en('directive.titles.create')).waitFor();
    expect(await dialog.textContent()).toContain(
      en('directive.form.commandHint', { example: '/summary' }),
    );
    await dialog.getByText(en('directive.form.sourceTemplate'), { exact: true }).click();
    await dialog.getByLabel(en('directive.fields.templateId'), { exact: true }).waitFor();
    await dialog.getByLabel(en('directive.fields.command'), { exact: true }).fill('/Bad');
    await dialog.getByRole('button', { name: buttonLabel(en('buttons.save')) }).click();
    await dialog
      .getByText(en('directive.form.badCommand', { example: '/summary' }), { exact: true })
      .waitFor();
    await dialog.getByText(en('directive.form.templateRequired'), { exact: true }).waitFor();
    await page.screenshot({ path: `${SHOTS}/directive-form-en-US.png` });
    await dialog.getByRole('button', { name: buttonLabel(en('buttons.cancel')) }).click();
    // Touched: leaving asks first.
    await settledDialog(page, en('form.unsaved'))
      .getByRole('button', { name: buttonLabel(en('buttons.discard')) })
      .click();
    await dialog.waitFor({ state: 'hidden' });

    // A save says so; the same command again is refused, the field named by its label.
    const saved = `E2E saved ${s}`;
    const savedCommand = `/e2e-saved-${s}`;
    const fillNew = async (name: string) => {
      await page.getByRole('button', { name: iconButton(en('buttons.create')) }).click();
      await settledDialog(page, en('directive.titles.create')).waitFor();
      await dialog.getByLabel(en('directive.fields.directiveName'), { exact: true }).fill(name);
      await dialog.getByLabel(en('directive.fields.command'), { exact: true }).fill(savedCommand);
      await dialog.getByLabel(en('directive.fields.content'), { exact: true }).fill('Summarise.');
    };
    await fillNew(saved);
    const created = nextApiAnswer<Directive>(page, 'directive/create');
    await dialog.getByRole('button', { name: buttonLabel(en('buttons.save')) }).click();
    expect((await created).code).toBe(0);
    await savedToast(page, 'en-US').first().waitFor();
    await dialog.waitFor({ state: 'hidden' });
    await fillNew(`${saved} again`);
    const refused = nextApiAnswer(page, 'directive/create');
    await dialog.getByRole('button', { name: buttonLabel(en('buttons.save')) }).click();
    expect((await refused).code).toBe(40000);
    const duplicate = message('en-US', 'duplicate', { field: en('directive.fields.command') });
    await dialog.getByText(duplicate, { exact: true }).waitFor();
    await page.locator('.ant-message-notice-error', { hasText: exactly(duplicate) }).waitFor();
    await dialog.getByRole('button', { name: buttonLabel(en('buttons.cancel')) }).click();
    await settledDialog(page, en('form.unsaved'))
      .getByRole('button', { name: buttonLabel(en('buttons.discard')) })
      .click();
    await dialog.waitFor({ state: 'hidden' });

    // Filtered by keyword: the order cannot be changed, and the tooltip says why.
    const keyword = page.getByRole('searchbox', { name: en('table.keyword') });
    await keyword.fill(a);
    await keyword.press('Enter');
    await expect.poll(() => rows(page).count()).toBe(1);
    await expect.poll(() => handle.isDisabled()).toBe(true);
    await handle.locator('xpath=..').hover();
    await page
      .getByRole('tooltip')
      .filter({ hasText: en('directive.list.reorderDisabled') })
      .waitFor();
    // The page says so too (a keyboard reaches no disabled button's tooltip), with the way back.
    const notice = page.getByRole('status').filter({
      hasText: en('directive.list.reorderDisabled'),
    });
    await notice.waitFor();
    await page.screenshot({ path: `${SHOTS}/directive-list-filtered-en-US.png` });
    await notice.getByRole('button', { name: en('directive.list.showInOrder') }).click();
    await notice.waitFor({ state: 'hidden' });
    await expect.poll(() => keyword.inputValue()).toBe('');
    await expect.poll(() => handle.isEnabled()).toBe(true);

    // The header shows the operators' order; sorted by name, the rows cannot be dragged, and
    // one click on the order column (not two, nor a sort added to the name's) brings it back.
    const header = (f: string) =>
      page
        .locator('.directive-list thead th')
        .filter({ hasText: exactly(en(`directive.fields.${f}`)) });
    expect(await header('sortOrder').getAttribute('aria-sort')).toBe('ascending');
    await header('directiveName').click();
    await expect.poll(() => header('directiveName').getAttribute('aria-sort')).toBe('ascending');
    expect(await header('sortOrder').getAttribute('aria-sort')).toBeNull();
    await expect.poll(() => handle.isDisabled()).toBe(true);
    await header('sortOrder').click();
    await expect.poll(() => header('sortOrder').getAttribute('aria-sort')).toBe('ascending');
    await expect.poll(() => handle.isEnabled()).toBe(true);
    expect(decodeURIComponent(page.url())).not.toContain('sorters[1]');
    expect(e2e.pageErrors).toEqual([]);
  });
});
