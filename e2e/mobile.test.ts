/**
 * Narrow screens: below 992 px the device is 'mobile' and the menu lives in a drawer.
 */
import { expect, it } from 'vitest';
import {
  e2eDescribe,
  en,
  login,
  readSettings,
  setLocale,
  useE2E,
  waitForPath,
  zh,
} from './harness';

e2eDescribe('mobile layout', () => {
  const e2e = useE2E({ viewport: { width: 420, height: 800 } });

  it('hides the side menu behind a drawer that closes after navigating', async () => {
    const { page } = e2e;
    await page.goto('/login');
    await login(page, 'user', 'user');
    await page.locator('[data-testid=navbar]').waitFor();

    await expect.poll(async () => (await readSettings(page)).device).toBe('mobile');
    expect(await page.locator('[data-testid=sider]').count()).toBe(0);

    await page.getByRole('button', { name: zh('navbar.menu') }).click();
    const drawer = page
      .locator('.ant-drawer-content')
      .filter({ has: page.locator('[data-testid=side-menu]') });
    await expect.poll(() => drawer.isVisible()).toBe(true);

    await drawer.getByText(zh('scene.menu.title'), { exact: true }).click();
    await drawer.getByText(zh('scene.menu.list'), { exact: true }).click();
    await waitForPath(page, /^\/scene\/list/);
    await expect.poll(() => drawer.isVisible()).toBe(false);
  });

  it("keeps a detail page's title whole: its buttons wrap under it (en-US)", async () => {
    const { context, page } = e2e;
    await setLocale(context, 'en-US');
    await page.goto('/login');
    await login(page, 'user', 'user');
    await page.goto('/agent/detail?id=1');
    const title = page
      .locator('.ant-card-head-title')
      .filter({ hasText: en('agent.menu.detail') })
      .first();
    await title.waitFor();
    // Beside Publish, Edit and Delete it was cut to one letter ("A…").
    expect(await title.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    const extra = page.locator('.ant-card-extra').first();
    const [titleBox, extraBox] = await Promise.all([title.boundingBox(), extra.boundingBox()]);
    expect(extraBox!.y).toBeGreaterThanOrEqual(titleBox!.y + titleBox!.height - 1);
  });

  it("a list's filters share lines two by two, and its actions column scrolls with the row", async () => {
    const { context, page } = e2e;
    await setLocale(context, 'en-US');
    await page.goto('/login');
    await login(page, 'user', 'user');
    await page.goto('/agent/list');
    await page.locator('.ant-table-row').first().waitFor();
    // Nine filters and the reset button, each 180 px or more wide: one per line filled the
    // first screen.
    const tops = await page
      .locator('.resource-list__toolbar > *')
      .evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().top)));
    expect(tops.length).toBe(10);
    expect(new Set(tops).size).toBe(5);
    // Fixed at the right edge, 150 px of actions left one data column beside them.
    const actions = page.locator('.ant-table-thead th').last();
    expect(await actions.textContent()).toBe(en('table.actions'));
    expect(await actions.evaluate((th) => getComputedStyle(th).position)).not.toBe('sticky');
    await page.locator('.ant-table-row').first().getByRole('button').first().click();
    await waitForPath(page, /^\/agent\/detail/);
  });
});
