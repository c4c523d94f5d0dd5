/**
 * One access answer in the browser (spec §2, §6): the console offers only what it would then
 * allow, and personal templates stay their owner's.
 */
import { expect, it } from 'vitest';
import { e2eDescribe, gotoApp, login, useE2E, zh } from './harness';

const viewButtons = (page: import('playwright-core').Page) =>
  page.locator('.ant-table-row').getByRole('button', { name: zh('buttons.show') });

e2eDescribe('access in the console', () => {
  const e2e = useE2E();

  it('the admin’s scene list has no view button; the user’s has one per row', async () => {
    const { page } = e2e;
    await page.goto('/login');
    await login(page, 'admin', 'admin');
    // The list shows cards by default; these checks read the table view.
    await gotoApp(page, '/scene/list?display=table');
    await page.locator('.ant-table-row').first().waitFor();
    expect(await viewButtons(page).count()).toBe(0);
    // Edit and delete stay: the admin may change scenes in place.
    expect(
      await page.locator('.ant-table-row').first().getByRole('button').count(),
    ).toBeGreaterThan(0);

    await page.goto('/login');
    await login(page, 'user', 'user');
    // The list shows cards by default; these checks read the table view.
    await gotoApp(page, '/scene/list?display=table');
    await page.locator('.ant-table-row').first().waitFor();
    const rows = await page.locator('.ant-table-row').count();
    expect(await viewButtons(page).count()).toBe(rows);
  });

  it('a personal template shows to its owner only, even to the admin in the user view', async () => {
    const { page } = e2e;
    await page.goto('/login');
    await login(page, 'user', 'user');
    await gotoApp(page, '/prompt/list');
    await page.locator('.ant-table-row', { hasText: '我的周报模板' }).waitFor();

    await page.goto('/login');
    await login(page, 'admin', 'admin');
    await page.evaluate(() => localStorage.setItem('role', 'user'));
    await gotoApp(page, '/prompt/list');
    await page.locator('.ant-table').waitFor();
    await page.locator('.ant-table-placeholder, .ant-table-row').first().waitFor();
    expect(await page.locator('.ant-table-row', { hasText: '我的周报模板' }).count()).toBe(0);
    await gotoApp(page, '/prompt/list-public');
    await page.locator('.ant-table-row').first().waitFor();
    expect(await page.locator('.ant-table-row', { hasText: '我的周报模板' }).count()).toBe(0);
  });
});
