/**
 * The breadcrumb (spec §2, §3): stored routes; a non-last entry navigates with its query.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { e2eDescribe, gotoApp, login, useE2E, waitForPath, zh } from './harness';

async function crumbs(page: Page): Promise<string[]> {
  return (
    await page.locator('[data-testid=breadcrumb] .ant-breadcrumb-link').allTextContents()
  ).map((s) => s.trim());
}

e2eDescribe('breadcrumb', () => {
  const e2e = useE2E();

  it('shows group, list and detail, and goes back to the list with its query', async () => {
    const { page } = e2e;
    await page.goto('/login');
    await login(page, 'user', 'user');

    // The second page of the list: its query must survive the round trip.
    await gotoApp(page, '/scene/list?display=table&currentPage=2&pageSize=5');
    await page.locator('.ant-table-row').first().waitFor();
    await expect.poll(() => crumbs(page)).toEqual([zh('scene.menu.title'), zh('scene.menu.list')]);
    const listURL = new URL(page.url());
    expect(listURL.searchParams.get('currentPage')).toBe('2');
    expect(listURL.searchParams.get('pageSize')).toBe('5');

    const row = page.locator('.ant-table-row').first();
    const id = await row.getAttribute('data-row-key');
    expect(id).toBeTruthy();
    await row.getByRole('button', { name: zh('buttons.show') }).click();
    await waitForPath(page, `/scene/detail?id=${id}`);

    await expect
      .poll(() => crumbs(page))
      .toEqual([zh('scene.menu.title'), zh('scene.menu.list'), zh('scene.menu.detail')]);
    // Only non-last stored entries are links; the group is a plain label.
    const links = page.locator('[data-testid=breadcrumb] a');
    expect(await links.allTextContents()).toEqual([zh('scene.menu.list')]);

    await links.first().click();
    await waitForPath(page, (p) => p.startsWith('/scene/list'));
    const back = new URL(page.url());
    expect(back.searchParams.get('currentPage')).toBe('2');
    expect(back.searchParams.get('pageSize')).toBe('5');
    await expect.poll(() => crumbs(page)).toEqual([zh('scene.menu.title'), zh('scene.menu.list')]);
    // The list shows that page again.
    await page.locator('.ant-pagination-item-active[title="2"]').waitFor();
  });

  it('the stored trail survives a reload of the detail page', async () => {
    const { page } = e2e;
    await page.goto('/login');
    await login(page, 'user', 'user');
    // The table view of the scene list (cards are the default).
    await gotoApp(page, '/scene/list?display=table');
    const row = page.locator('.ant-table-row').first();
    await row.waitFor();
    await row.getByRole('button', { name: zh('buttons.show') }).click();
    await waitForPath(page, (p) => p.startsWith('/scene/detail?id='));

    await page.reload();
    await expect
      .poll(() => crumbs(page))
      .toEqual([zh('scene.menu.title'), zh('scene.menu.list'), zh('scene.menu.detail')]);
  });
});
