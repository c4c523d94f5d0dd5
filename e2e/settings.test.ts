/**
 * App settings (spec §2, §3, §4): theme, colour weak, navbar, footer, the drawer's texts.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import {
  buttonText,
  closeSettings,
  e2eDescribe,
  gotoApp,
  login,
  openSettings,
  readSettings,
  setLocale,
  setSwitch,
  text,
  useE2E,
  zh,
  type LocaleName,
} from './harness';

const bodyTheme = (page: Page) => page.evaluate(() => document.body.getAttribute('data-theme'));
const bodyFilter = (page: Page) => page.evaluate(() => document.body.style.filter);

async function loggedIn(page: Page): Promise<void> {
  await page.goto('/login');
  await login(page, 'user', 'user');
  await gotoApp(page, '/dashboard/workplace');
}

e2eDescribe('settings', () => {
  const e2e = useE2E();

  it('the theme switch turns the page dark, and it stays dark after a reload', async () => {
    const { page } = e2e;
    await loggedIn(page);
    expect(await bodyTheme(page)).toBeNull();

    await page.locator('[data-testid=theme-switch]').click();
    await expect.poll(() => bodyTheme(page)).toBe('dark');
    expect(await readSettings(page)).toMatchObject({ theme: 'dark' });

    await page.reload();
    await page.locator('[data-testid=navbar]').waitFor();
    await expect.poll(() => bodyTheme(page)).toBe('dark');
    // The open page's menu entry reads white on its tint (the theme's blue measured 2.2:1).
    const selected = page.locator('[data-testid=side-menu] .ant-menu-item-selected').first();
    await expect
      .poll(() => selected.evaluate((el) => getComputedStyle(el).color))
      .toBe('rgb(255, 255, 255)');

    await page.locator('[data-testid=theme-switch]').click();
    await expect.poll(() => bodyTheme(page)).toBeNull();
  });

  it('colour weak inverts the page by 80 %, and persists after a reload', async () => {
    const { page } = e2e;
    await loggedIn(page);
    expect(await bodyFilter(page)).toBe('');

    await openSettings(page);
    await setSwitch(page, 'colorWeak', true);
    await expect.poll(() => bodyFilter(page)).toBe('invert(80%)');

    await page.reload();
    await page.locator('[data-testid=navbar]').waitFor();
    await expect.poll(() => bodyFilter(page)).toBe('invert(80%)');

    await openSettings(page);
    await setSwitch(page, 'colorWeak', false);
    await expect.poll(() => bodyFilter(page)).toBe('');
  });

  it('without the navbar, the floating button opens the settings drawer', async () => {
    const { page } = e2e;
    await loggedIn(page);
    expect(await page.locator('[data-testid=settings-float]').count()).toBe(0);

    await openSettings(page);
    await setSwitch(page, 'navbar', false);
    await closeSettings(page);
    await expect.poll(() => page.locator('[data-testid=navbar]').count()).toBe(0);

    const float = page.locator('[data-testid=settings-float]');
    await float.click();
    const drawer = page.locator('[data-testid=settings-drawer]');
    await drawer.waitFor();
    // Turn it back on from there.
    await setSwitch(page, 'navbar', true);
    await page.locator('[data-testid=navbar]').waitFor();
    await expect.poll(() => float.count()).toBe(0);
  });

  it('the footer switch hides the footer', async () => {
    const { page } = e2e;
    await loggedIn(page);
    const footer = page.locator('.ant-layout-footer', { hasText: zh('app.footer') });
    await footer.waitFor();

    await openSettings(page);
    await setSwitch(page, 'footer', false);
    await expect.poll(() => footer.count()).toBe(0);
    expect(await readSettings(page)).toMatchObject({ footer: false });

    await page.reload();
    await page.locator('[data-testid=navbar]').waitFor();
    expect(await footer.count()).toBe(0);
  });

  for (const locale of ['zh-CN', 'en-US'] as const satisfies readonly LocaleName[]) {
    it(`the drawer's title, close and copy buttons and texts are translated (${locale})`, async () => {
      const { page, context } = e2e;
      await setLocale(context, locale);
      await loggedIn(page);
      const t = (key: string) => text(key, locale);
      const drawer = await openSettings(page);

      expect((await drawer.locator('.ant-drawer-title').textContent())?.trim()).toBe(
        t('settings.title'),
      );
      expect(buttonText(await drawer.locator('.ant-drawer-extra button').textContent())).toBe(
        buttonText(t('settings.close')),
      );
      expect(buttonText(await drawer.locator('[data-testid=copy-settings]').textContent())).toBe(
        buttonText(t('settings.copy')),
      );
      expect(await drawer.locator('.ant-alert').textContent()).toContain(t('settings.alert'));
      for (const key of ['navbar', 'menu', 'topMenu', 'footer', 'tabBar', 'menuFromServer']) {
        expect(await drawer.locator(`#setting-${key}`).textContent()).toBe(t(`settings.${key}`));
      }
      expect(await drawer.locator('#setting-colorWeak').textContent()).toBe(
        t('settings.colorWeak'),
      );
      expect(await drawer.locator('#setting-menuWidth').textContent()).toBe(
        t('settings.menuWidth'),
      );
      // The menu-width input is 80 px wide (spec §2).
      const width = await drawer
        .locator('[data-testid=setting-menuWidth]')
        .evaluate((el) => (el.closest('.ant-input-number') ?? el).getBoundingClientRect().width);
      expect(Math.round(width)).toBe(80);

      await closeSettings(page);
    });
  }

  it('menu width changes the side menu width', async () => {
    const { page } = e2e;
    await loggedIn(page);
    const sider = page.locator('[data-testid=sider]');
    await expect.poll(async () => (await sider.boundingBox())?.width).toBe(220);

    await openSettings(page);
    const input = page.locator('[data-testid=setting-menuWidth]');
    await input.fill('300');
    await input.press('Enter');
    await expect.poll(async () => (await sider.boundingBox())?.width).toBe(300);
    expect(await readSettings(page)).toMatchObject({ menuWidth: 300 });
  });
});
