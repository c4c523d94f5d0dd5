/**
 * Locale switching (spec §1, §4, §9): Chinese by default, English on demand, remembered.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { menuForRole } from '../contract/menu';
import { loadPolicy } from '../src/providers/access-enforcer';
import {
  e2eDescribe,
  en,
  escapeRegExp,
  gotoApp,
  localStorageItem,
  login,
  topMenuLabels,
  useE2E,
  zh,
} from './harness';

const policy = await loadPolicy();

/** Labels the user's menu shows, in a given locale (order and entries from the contract). */
function menuLabels(t: (key: string) => string): string[] {
  return menuForRole('user', policy)
    .filter((n) => !n.hidden)
    .map((n) => t(n.locale));
}

const cardTitle = (page: Page) => page.locator('.ant-card-head-title').first().textContent();
const sizeChanger = (page: Page) =>
  page.locator('.ant-pagination-options-size-changer .ant-select-selection-item').textContent();

async function onSceneList(page: Page): Promise<void> {
  await page.goto('/login');
  await login(page, 'user', 'user');
  // The table view of the scene list (cards are the default): its pagination is read below.
  await gotoApp(page, '/scene/list?display=table');
  await page.locator('.ant-table-row').first().waitFor();
}

async function switchToEnglish(page: Page): Promise<void> {
  const button = page.locator('[data-testid=locale-switch]').first();
  expect((await button.textContent())?.trim()).toBe(zh('locale.en-US'));
  await button.click();
  await expect.poll(() => localStorageItem(page, 'locale')).toBe('en-US');
}

e2eDescribe('locale', () => {
  const e2e = useE2E();

  it('starts in Chinese and switches to English with a notice; the choice survives a reload', async () => {
    const { page } = e2e;
    await onSceneList(page);
    expect(await topMenuLabels(page)).toEqual(menuLabels(zh));
    expect(await cardTitle(page)).toBe(zh('scene.menu.list'));
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');

    await switchToEnglish(page);
    // A success notice confirms the switch (its language: see the next test).
    const notice = page.locator('.ant-message-notice-success', {
      hasText: new RegExp(
        `${escapeRegExp(en('locale.switched'))}|${escapeRegExp(zh('locale.switched'))}`,
      ),
    });
    await notice.waitFor();

    await expect.poll(() => topMenuLabels(page)).toEqual(menuLabels(en));
    await expect.poll(() => cardTitle(page)).toBe(en('scene.menu.list'));
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-US');
    // The switch now offers Chinese.
    expect((await page.locator('[data-testid=locale-switch]').first().textContent())?.trim()).toBe(
      en('locale.zh-CN'),
    );

    await page.reload();
    await page.locator('.ant-table-row').first().waitFor();
    expect(await localStorageItem(page, 'locale')).toBe('en-US');
    expect(await topMenuLabels(page)).toEqual(menuLabels(en));
    expect(await cardTitle(page)).toBe(en('scene.menu.list'));
  });

  it('the switch notice speaks the newly chosen language', async () => {
    const { page } = e2e;
    await onSceneList(page);
    await switchToEnglish(page);
    // Any success notice but the login's welcome.
    const notice = page
      .locator('.ant-message-notice-success')
      .filter({ hasNotText: zh('login.success') })
      .filter({ hasNotText: en('login.success') });
    await notice.waitFor();
    expect((await notice.textContent())?.trim()).toBe(en('locale.switched'));
  });

  it('the login page switches too, and the choice carries into the console', async () => {
    const { page } = e2e;
    await page.goto('/login');
    expect((await page.locator('.login-page__title').textContent())?.trim()).toBe(
      zh('login.title'),
    );
    await switchToEnglish(page);
    await expect
      .poll(async () => (await page.locator('.login-page__title').textContent())?.trim())
      .toBe(en('login.title'));

    await login(page, 'user', 'user');
    await gotoApp(page, '/dashboard/workplace');
    expect(await topMenuLabels(page)).toEqual(menuLabels(en));
  });

  it('antd components follow the locale (table pagination)', async () => {
    const { page } = e2e;
    await onSceneList(page);
    // antd's own Chinese texts: "10 条/页" and "上一页".
    await expect.poll(() => sizeChanger(page)).toMatch(/^10\s*条\/页$/);
    expect(await page.locator('.ant-pagination-prev').getAttribute('title')).toBe('上一页');

    await switchToEnglish(page);
    await expect.poll(() => sizeChanger(page)).toMatch(/^10\s*\/\s*page$/);
    expect(await page.locator('.ant-pagination-prev').getAttribute('title')).toBe('Previous Page');
  });
});
