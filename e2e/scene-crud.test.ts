/**
 * Scenes through the console (spec §3, §7): create, validate, duplicate code, delete; a save
 * acknowledged and a duplicate named by its label in both locales.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { message } from '../contract/messages';
import {
  buttonLabel,
  e2eDescribe,
  exactly,
  expectFocusOn,
  focused,
  gotoApp,
  login,
  setLocale,
  text,
  useE2E,
  zh,
} from './harness';

const FORM = 'scene-create';
const field = (page: Page, name: string) => page.locator(`#${FORM}_${name}`);
const fieldErrors = (page: Page, name: string) =>
  page
    .locator('.ant-form-item')
    .filter({ has: page.locator(`#${FORM}_${name}`) })
    .locator('.ant-form-item-explain-error');
const required = (name: string) => zh('form.required', { field: zh(`scene.fields.${name}`) });

function rowWith(page: Page, code: string) {
  return page.locator('.ant-table-row').filter({ hasText: code });
}

async function onSceneList(page: Page): Promise<void> {
  await page.goto('/login');
  await login(page, 'user', 'user');
  // The list shows cards by default; these checks read the table view.
  await gotoApp(page, '/scene/list?display=table');
  await page.locator('.ant-table-row').first().waitFor();
}

async function openCreate(page: Page) {
  await page
    .locator('.ant-card-extra button')
    .filter({ hasText: buttonLabel(zh('buttons.create')) })
    .click();
  const dialog = page.locator('.ant-modal:visible', { hasText: zh('scene.titles.create') });
  await dialog.waitFor();
  await field(page, 'sceneName').waitFor();
  return dialog;
}

const save = (page: Page) => page.locator('.ant-modal:visible .ant-modal-footer .ant-btn-primary');

e2eDescribe('scene CRUD', () => {
  const e2e = useE2E();

  it('creates a scene through the dialog, then deletes it after confirmation', async () => {
    const { page } = e2e;
    await onSceneList(page);
    const code = `e2e-${Date.now().toString(36)}`;
    const name = `E2E 场景 ${code}`;

    const dialog = await openCreate(page);
    expect(buttonLabel(zh('buttons.save')).test((await save(page).textContent()) ?? '')).toBe(true);
    await field(page, 'sceneName').fill(name);
    await field(page, 'sceneCode').fill(code);
    await save(page).click();
    await dialog.waitFor({ state: 'hidden' });

    const row = rowWith(page, code);
    await row.waitFor();
    expect(await row.textContent()).toContain(name);
    // The default type (chat mode) is shown translated.
    expect(await row.textContent()).toContain(zh('scene.enums.type.1'));

    // It is really stored: a reload still lists it.
    await page.reload();
    await rowWith(page, code).waitFor();

    const remove = rowWith(page, code).getByRole('button', { name: zh('buttons.delete') });
    const confirm = page.locator('.ant-popover:visible', {
      hasText: zh('form.deleteConfirm', { title: name }),
    });
    // The question is open with the focus on its Cancel.
    const asked = async () => {
      await confirm.waitFor();
      await expectFocusOn(page, buttonLabel(zh('buttons.cancel')));
    };
    const deleteTip = page.getByRole('tooltip').filter({ hasText: zh('buttons.delete') });
    // The mouse asks, and Cancel keeps the row. The question has the focus (on Cancel), and gives
    // it back to the row's button without a tooltip left behind.
    await remove.click();
    await asked();
    await confirm.locator('.ant-popconfirm-buttons button').first().click();
    await confirm.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await focused(page)).label).toBe(zh('buttons.delete'));
    // The pointer leaves where Cancel was: when the question opened below the row, that spot is
    // over another row's delete button, whose hover tip is not the one looked for here.
    // Moved again while polling: on a loaded machine a hover that began before the first move
    // can open its tip late. A tip left behind by the focus would stay whatever the pointer does.
    await expect
      .poll(
        async () => {
          await page.mouse.move(0, 0);
          return deleteTip.count();
        },
        { timeout: 10_000 },
      )
      .toBe(0);

    // The keyboard: Enter asks, Escape takes it back; Enter, Tab to Delete, Enter deletes.
    await remove.focus();
    await page.keyboard.press('Enter');
    await asked();
    await page.keyboard.press('Escape');
    await confirm.waitFor({ state: 'hidden' });
    await expect.poll(async () => (await focused(page)).label).toBe(zh('buttons.delete'));
    expect(await rowWith(page, code).count()).toBe(1);
    // Typed at once, with no wait for the question's opening animation: each key reaches it.
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await page.keyboard.press('Enter');
    await asked();
    await page.keyboard.press('Escape');
    await expect.poll(async () => (await focused(page)).label).toBe(zh('buttons.delete'));
    await page.keyboard.press('Enter');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');
    await expect.poll(() => rowWith(page, code).count(), { timeout: 15_000 }).toBe(0);

    await page.reload();
    await page.locator('.ant-table-row').first().waitFor();
    expect(await rowWith(page, code).count()).toBe(0);
  });

  it('submitting empty required fields shows the translated required messages', async () => {
    const { page } = e2e;
    await onSceneList(page);
    const dialog = await openCreate(page);
    await save(page).click();

    await expect
      .poll(() => fieldErrors(page, 'sceneName').allTextContents())
      .toEqual([required('sceneName')]);
    await expect
      .poll(() => fieldErrors(page, 'sceneCode').allTextContents())
      .toEqual([required('sceneCode')]);
    // Nothing was sent: the dialog stays open.
    expect(await dialog.isVisible()).toBe(true);

    // Whitespace only is still empty.
    await field(page, 'sceneName').fill('   ');
    await save(page).click();
    await expect
      .poll(() => fieldErrors(page, 'sceneName').allTextContents())
      .toEqual([required('sceneName')]);
  });

  it('the create dialog takes keys at once; leaving a touched one asks, on "keep editing"', async () => {
    const { page } = e2e;
    await onSceneList(page);
    const create = page
      .locator('.ant-card-extra button')
      .filter({ hasText: buttonLabel(zh('buttons.create')) });
    const dialog = page.locator('.ant-modal:visible', { hasText: zh('scene.titles.create') });
    // Typed right after Enter, while the dialog is still opening: nothing is lost.
    await create.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.type('快捷场景', { delay: 20 });
    await expect.poll(() => field(page, 'sceneName').inputValue()).toBe('快捷场景');

    // Escape asks first, with the focus on "keep editing": Enter keeps the dialog and its text.
    await page.keyboard.press('Escape');
    const question = page.locator('.ant-modal-confirm:visible', { hasText: zh('form.unsaved') });
    await question.waitFor();
    await expectFocusOn(page, buttonLabel(zh('buttons.keepEditing')));
    await page.keyboard.press('Enter');
    await question.waitFor({ state: 'hidden' });
    expect(await field(page, 'sceneName').inputValue()).toBe('快捷场景');

    // Asked again, Tab reaches "discard changes" (red), Enter closes; the focus is on 新建.
    await page.keyboard.press('Escape');
    await question.waitFor();
    await expectFocusOn(page, buttonLabel(zh('buttons.keepEditing')));
    await page.keyboard.press('Tab');
    await expectFocusOn(page, buttonLabel(zh('buttons.discard')));
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'hidden' });
    await expectFocusOn(page, buttonLabel(zh('buttons.create')));

    // An untouched dialog closes on an Escape pressed at once.
    await page.keyboard.press('Enter');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('.ant-modal-wrap:visible').count()).toBe(0);
    await expectFocusOn(page, buttonLabel(zh('buttons.create')));
  });

  it("a row's icon buttons name themselves on a keyboard's focus; Enter opens the edit", async () => {
    const { page } = e2e;
    await onSceneList(page);
    const row = page.locator('.ant-table-row').first();
    const headers = (await page.locator('.ant-table-thead th').allTextContents()).map((h) =>
      h.trim(),
    );
    const column = headers.indexOf(zh('scene.fields.sceneName'));
    expect(column).toBeGreaterThanOrEqual(0);
    const name = (await row.locator('td').nth(column).textContent())?.trim();
    const view = row.getByRole('button', { name: zh('buttons.show') });
    const edit = row.getByRole('button', { name: zh('buttons.edit') });
    const isActive = (button: typeof edit) =>
      button.evaluate((el) => el === document.activeElement);
    await view.focus();
    await page.keyboard.press('Tab');
    // The tooltip is mounted around the button when the Tab lands on it; the focus stays there.
    const tip = page.getByRole('tooltip').filter({ hasText: zh('buttons.edit') });
    await tip.waitFor();
    expect(await isActive(edit)).toBe(true);
    mkdirSync('/tmp/shots', { recursive: true });
    await page.screenshot({ path: '/tmp/shots/scene-row-focus-zh-CN.png' });
    // Tab on: the edit's tip goes with the focus, and Shift+Tab brings it back.
    await page.keyboard.press('Tab');
    await tip.waitFor({ state: 'hidden' });
    await page.keyboard.press('Shift+Tab');
    await tip.waitFor();
    expect(await isActive(edit)).toBe(true);

    await page.keyboard.press('Enter');
    const dialog = page.locator('.ant-modal:visible', { hasText: zh('scene.titles.edit') });
    await dialog.waitFor();
    expect(await page.locator('#scene-edit_sceneName').inputValue()).toBe(name);
    // Escape gives the focus back to the button, and the tip with it. The dialog's first field
    // takes the focus (and so the Escape) when its opening animation ends.
    await expect.poll(async () => (await focused(page)).id).toBe('scene-edit_sceneName');
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    await tip.waitFor();

    // The page's other icon-only buttons too: the list's refresh, the navbar's theme switch.
    for (const [button, label] of [
      [page.getByRole('button', { name: zh('buttons.refresh') }), zh('buttons.refresh')],
      [page.getByTestId('theme-switch'), zh('navbar.toDark')],
    ] as const) {
      await button.focus();
      await page.getByRole('tooltip').filter({ hasText: label }).waitFor();
    }
  });

  for (const locale of ['zh-CN', 'en-US'] as const) {
    it(`${locale}: a create and an edit say "saved"; a duplicate code names the field by its label`, async () => {
      const { page, context } = e2e;
      const tr = (key: string, params?: Record<string, string | number>) =>
        text(key, locale, params);
      if (locale === 'en-US') await setLocale(context, 'en-US');
      await onSceneList(page);
      const saved = page.locator('.ant-message-notice-success', {
        hasText: exactly(tr('notifications.saved')),
      });
      const code = `e2e-saved-${locale === 'zh-CN' ? 'zh' : 'en'}-${Date.now().toString(36)}`;

      // Create: the dialog closes and the save is acknowledged as a template's is.
      await page
        .locator('.ant-card-extra button')
        .filter({ hasText: buttonLabel(tr('buttons.create')) })
        .click();
      let dialog = page.locator('.ant-modal:visible', { hasText: tr('scene.titles.create') });
      await dialog.waitFor();
      await field(page, 'sceneName').fill(`E2E ${code}`);
      await field(page, 'sceneCode').fill(code);
      await save(page).click();
      await dialog.waitFor({ state: 'hidden' });
      await saved.first().waitFor();
      await rowWith(page, code).waitFor();
      await expect.poll(() => saved.count(), { timeout: 15_000 }).toBe(0);

      // Edit: the same toast.
      await rowWith(page, code)
        .getByRole('button', { name: tr('buttons.edit') })
        .click();
      dialog = page.locator('.ant-modal:visible', { hasText: tr('scene.titles.edit') });
      await dialog.waitFor();
      await page.locator('#scene-edit_sceneName').fill(`E2E ${code} 2`);
      await save(page).click();
      await dialog.waitFor({ state: 'hidden' });
      await saved.first().waitFor();
      await expect.poll(async () => rowWith(page, code).textContent()).toContain(`E2E ${code} 2`);

      // The same code again: the field and the toast name it by its label, not as sceneCode.
      await page
        .locator('.ant-card-extra button')
        .filter({ hasText: buttonLabel(tr('buttons.create')) })
        .click();
      dialog = page.locator('.ant-modal:visible', { hasText: tr('scene.titles.create') });
      await dialog.waitFor();
      await field(page, 'sceneName').fill(`E2E dup ${code}`);
      await field(page, 'sceneCode').fill(code);
      await save(page).click();
      const expected = message(locale, 'duplicate', { field: tr('scene.fields.sceneCode') });
      expect(expected).not.toContain('sceneCode');
      await expect.poll(() => fieldErrors(page, 'sceneCode').allTextContents()).toEqual([expected]);
      await page.locator('.ant-message-notice-error', { hasText: exactly(expected) }).waitFor();
      expect(await dialog.isVisible()).toBe(true);
      expect(await fieldErrors(page, 'sceneName').count()).toBe(0);
    });
  }
});
