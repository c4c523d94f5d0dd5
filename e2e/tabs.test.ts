/**
 * The tab bar (spec §2, §3): open pages as tabs, kept alive, with the context menu's actions.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import {
  clickMenuItem,
  closeSettings,
  dropdownItem,
  e2eDescribe,
  expectFocusOn,
  login,
  openSettings,
  setSwitch,
  useE2E,
  waitForPath,
  walkMenuTo,
  zh,
} from './harness';

const HOME = 'dashboard.workplace';

function tabNames(page: Page): Promise<string[]> {
  return page
    .locator('[data-testid=tab-bar] .ant-tabs-nav-list > .ant-tabs-tab')
    .evaluateAll((els) => els.map((el) => el.getAttribute('data-node-key') ?? ''));
}

function tab(page: Page, name: string) {
  return page.locator(`[data-testid=tab-bar] .ant-tabs-tab[data-node-key="${name}"]`);
}

async function activeTab(page: Page): Promise<string | null> {
  return page
    .locator('[data-testid=tab-bar] .ant-tabs-tab-active')
    .getAttribute('data-node-key')
    .catch(() => null);
}

/** Right-clicks a tab's label and picks an entry of its context menu. */
async function tabAction(page: Page, name: string, key: string): Promise<void> {
  await page.locator(`[data-testid="tab-${name}"]`).click({ button: 'right' });
  await dropdownItem(page, zh(key)).click();
}

/** Tabs, active tab and path, once they have stopped changing. */
async function settledState(page: Page) {
  const read = async () => ({
    tabs: await tabNames(page),
    active: await activeTab(page),
    path: new URL(page.url()).pathname,
  });
  let last = await read();
  for (let i = 0; i < 40; i++) {
    await page.waitForTimeout(150);
    const now = await read();
    if (JSON.stringify(now) === JSON.stringify(last)) return now;
    last = now;
  }
  return last;
}

function keywordInput(page: Page) {
  return page.locator(`input[placeholder="${zh('table.keyword')}"]:visible`);
}

/** Logs in as user, turns the tab bar on in the settings drawer, opens two scene pages. */
async function withTabs(page: Page): Promise<void> {
  await page.goto('/login');
  await login(page, 'user', 'user');
  await waitForPath(page, '/dashboard/workplace');
  await openSettings(page);
  await setSwitch(page, 'tabBar', true);
  await closeSettings(page);
  await page.locator('[data-testid=tab-bar]').waitFor();

  await clickMenuItem(page, zh('scene.menu.title'), zh('scene.menu.list'));
  await waitForPath(page, (p) => p.startsWith('/scene/list'));
  // The scene list shows cards by default.
  await page.locator('[data-testid=scene-card]:visible').first().waitFor();
  await clickMenuItem(page, zh('scene.menu.title'), zh('scene.menu.statistics'));
  await waitForPath(page, (p) => p.startsWith('/scene/statistics'));
  await expect.poll(() => tabNames(page)).toEqual([HOME, 'scene.list', 'scene.statistics']);
}

e2eDescribe('tab bar', () => {
  const e2e = useE2E();

  it('opens a tab per visited page, workplace first and not closable', async () => {
    const { page } = e2e;
    await withTabs(page);
    expect(await activeTab(page)).toBe('scene.statistics');
    expect(await page.locator(`[data-testid="tab-${HOME}"]`).textContent()).toBe(
      zh('menu.dashboard.workplace'),
    );
    expect(await page.locator('[data-testid="tab-scene.list"]').textContent()).toBe(
      zh('scene.menu.list'),
    );
    expect(await page.locator('[data-testid="tab-scene.statistics"]').textContent()).toBe(
      zh('scene.menu.statistics'),
    );
    expect(await tab(page, HOME).locator('.ant-tabs-tab-remove').count()).toBe(0);
    expect(await tab(page, 'scene.list').locator('.ant-tabs-tab-remove').count()).toBe(1);

    // Clicking a tab navigates to its page.
    await page.locator('[data-testid="tab-scene.list"]').click();
    await waitForPath(page, (p) => p.startsWith('/scene/list'));
    await expect.poll(() => activeTab(page)).toBe('scene.list');
  });

  it('keeps a page alive while another tab is shown', async () => {
    const { page } = e2e;
    await withTabs(page);
    await page.locator('[data-testid="tab-scene.list"]').click();
    await waitForPath(page, (p) => p.startsWith('/scene/list'));
    await keywordInput(page).fill('kept while away');

    await page.locator('[data-testid="tab-scene.statistics"]').click();
    await waitForPath(page, (p) => p.startsWith('/scene/statistics'));
    await expect.poll(() => keywordInput(page).count()).toBe(0);

    await page.locator('[data-testid="tab-scene.list"]').click();
    await waitForPath(page, (p) => p.startsWith('/scene/list'));
    await expect.poll(() => keywordInput(page).inputValue()).toBe('kept while away');
  });

  it('"close others" leaves the workplace and that tab', async () => {
    const { page } = e2e;
    await withTabs(page);
    await tabAction(page, 'scene.list', 'tabBar.closeOthers');
    // The active tab was closed: the kept one is shown.
    await waitForPath(page, (p) => p.startsWith('/scene/list'));
    expect(await settledState(page)).toEqual({
      tabs: [HOME, 'scene.list'],
      active: 'scene.list',
      path: '/scene/list',
    });
  });

  it('"close all" leaves only the workplace and navigates there', async () => {
    const { page } = e2e;
    await withTabs(page);
    await tabAction(page, 'scene.list', 'tabBar.closeAll');
    expect(await settledState(page)).toEqual({
      tabs: [HOME],
      active: HOME,
      path: '/dashboard/workplace',
    });
  });

  it('"reload" keeps the tab and remounts its page', async () => {
    const { page } = e2e;
    await withTabs(page);
    await page.locator('[data-testid="tab-scene.list"]').click();
    await waitForPath(page, (p) => p.startsWith('/scene/list'));
    await keywordInput(page).fill('gone after reload');

    await tabAction(page, 'scene.list', 'tabBar.reload');
    await expect.poll(() => keywordInput(page).inputValue()).toBe('');
    // The scene list shows cards by default.
    await page.locator('[data-testid=scene-card]:visible').first().waitFor();
    expect(await settledState(page)).toEqual({
      tabs: [HOME, 'scene.list', 'scene.statistics'],
      active: 'scene.list',
      path: '/scene/list',
    });
  });

  it("opens a tab's context menu from the keyboard and gives the focus back to the tab", async () => {
    const { page } = e2e;
    await withTabs(page);
    const tabButton = tab(page, 'scene.list').locator('.ant-tabs-tab-btn');
    const menu = page.locator('.ant-dropdown:visible');
    // Shift+F10 (like the menu key) sends its contextmenu to the focused tab, not to its label.
    await tabButton.focus();
    await page.keyboard.press('Shift+F10');
    await menu.waitFor();
    await expectFocusOn(page, zh('tabBar.reload'));
    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    await expect.poll(() => tabButton.evaluate((el) => el === document.activeElement)).toBe(true);

    // The menu key; the arrows walk to "close others" (disabled entries are skipped), Enter.
    await page.keyboard.press('ContextMenu');
    await menu.waitFor();
    await walkMenuTo(page, zh('tabBar.closeOthers'), 'ArrowDown');
    await page.keyboard.press('Enter');
    await waitForPath(page, (p) => p.startsWith('/scene/list'));
    expect(await settledState(page)).toEqual({
      tabs: [HOME, 'scene.list'],
      active: 'scene.list',
      path: '/scene/list',
    });
    await expect.poll(() => tabButton.evaluate((el) => el === document.activeElement)).toBe(true);
  });

  it('"close" on an inactive tab removes it and stays on the current page', async () => {
    const { page } = e2e;
    await withTabs(page);
    // Active: scene.statistics; close scene.list from its context menu.
    await tabAction(page, 'scene.list', 'tabBar.close');
    expect(await settledState(page)).toEqual({
      tabs: [HOME, 'scene.statistics'],
      active: 'scene.statistics',
      path: '/scene/statistics',
    });
  });

  it('closing the active tab with its × shows a neighbour', async () => {
    const { page } = e2e;
    await withTabs(page);
    // Active: scene.statistics (last); its left neighbour is scene.list.
    await tab(page, 'scene.statistics').locator('.ant-tabs-tab-remove').click();
    await waitForPath(page, (p) => p.startsWith('/scene/list'));
    expect(await settledState(page)).toEqual({
      tabs: [HOME, 'scene.list'],
      active: 'scene.list',
      path: '/scene/list',
    });

    // Closing an inactive tab leaves the current page alone.
    await page.locator(`[data-testid="tab-${HOME}"]`).click();
    await waitForPath(page, '/dashboard/workplace');
    await tab(page, 'scene.list').locator('.ant-tabs-tab-remove').click();
    expect(await settledState(page)).toEqual({
      tabs: [HOME],
      active: HOME,
      path: '/dashboard/workplace',
    });
  });
});
