/**
 * Navigation and permission guards (spec §2, §4, §6).
 */
import { expect, it } from 'vitest';
import { loadPolicy } from '../src/providers/access-enforcer';
import { firstPermittedPath } from '../src/routes/guards';
import {
  buttonLabel,
  e2eDescribe,
  exactly,
  gotoApp,
  localStorageItem,
  login,
  pathOf,
  setLocale,
  text,
  useE2E,
  waitForPath,
  zh,
  type LocaleName,
} from './harness';

const policy = await loadPolicy();
const WINDOW_ID = 'win' + 'aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1dE';

e2eDescribe('route guards', () => {
  const e2e = useE2E();

  it('a user typing an admin URL lands on the first permitted route', async () => {
    const { page } = e2e;
    await page.goto('/login');
    await login(page, 'user', 'user');
    await page.goto('/plugin-config/list');
    const first = firstPermittedPath('user', policy);
    expect(first).toBe('/dashboard/workplace');
    await waitForPath(page, (p) => p === first);
    await page.locator('[data-testid=navbar]').waitFor();
  });

  it('an admin may open the plugin configuration, a user may not', async () => {
    const { page } = e2e;
    await page.goto('/login');
    await login(page, 'admin', 'admin');
    await gotoApp(page, '/plugin-config/list');
    const title = page.locator('.ant-card-head-title').first();
    await expect.poll(() => title.textContent()).toBe(zh('plugin-config.menu.list'));
    expect(new URL(page.url()).pathname).toBe('/plugin-config/list');
    expect(await page.locator('[data-testid=exception-404]').count()).toBe(0);

    const other = await (await e2e.newContext()).newPage();
    await other.goto('/login');
    await login(other, 'user', 'user');
    await other.goto('/plugin-config/list');
    await waitForPath(other, (p) => p.startsWith('/dashboard/workplace'));
    expect(
      await other
        .locator('.ant-card-head-title', { hasText: exactly(zh('plugin-config.menu.list')) })
        .count(),
    ).toBe(0);
  });

  it('a logged-out deep link goes to login with a redirect, then back after login', async () => {
    const { page } = e2e;
    await page.goto('/record/list?foo=1');
    await waitForPath(page, (p) => p.startsWith('/login'));
    const url = new URL(page.url());
    expect(url.pathname).toBe('/login');
    expect(Object.fromEntries(url.searchParams)).toEqual({ redirect: 'record.list', foo: '1' });

    await login(page, 'user', 'user');
    await waitForPath(page, (p) => p.startsWith('/record/list'));
    const back = new URL(page.url());
    expect(back.pathname).toBe('/record/list');
    expect(back.searchParams.get('foo')).toBe('1');
    expect(back.searchParams.has('redirect')).toBe(false);
    const title = page.locator('.ant-card-head-title').first();
    await expect.poll(() => title.textContent()).toBe(zh('record.menu.list'));
  });

  it('a logged-out hidden route goes to login without a redirect', async () => {
    const { page } = e2e;
    await page.goto('/scene/detail?id=1');
    await waitForPath(page, (p) => p.startsWith('/login'));
    expect(pathOf(page)).toBe('/login');
    await page.locator('form#login').waitFor();
    expect(await localStorageItem(page, 'token')).toBeNull();
  });

  it('an unknown path shows the not-found page when logged in', async () => {
    const { page } = e2e;
    await page.goto('/login');
    await login(page, 'user', 'user');
    await page.goto('/no/such/page');
    const result = page.locator('.ant-result-404');
    await result.waitFor();
    expect(await result.textContent()).toContain(zh('pages.error.404'));
    expect(new URL(page.url()).pathname).toBe('/no/such/page');
    // The layout stays around it.
    await page.locator('[data-testid=navbar]').waitFor();
    // The page's test hook (see report: antd <Result> drops data-testid).
    expect(
      await page.locator('[data-testid=exception-404]').count(),
      'data-testid=exception-404 missing from the DOM',
    ).toBe(1);
  });

  it('a window route opens without login and without the layout', async () => {
    const { page } = e2e;
    expect(WINDOW_ID).toHaveLength(35);
    await page.goto(`/${WINDOW_ID}`);
    const empty = page.locator('.ant-result', { hasText: zh('window.empty') });
    await empty.waitFor();
    expect(new URL(page.url()).pathname).toBe(`/${WINDOW_ID}`);
    expect(await page.locator('[data-testid=navbar]').count()).toBe(0);
    expect(await page.locator('[data-testid=side-menu]').count()).toBe(0);
    // The page's test hook (see report: antd <Result> drops data-testid).
    expect(
      await page.locator('[data-testid=window-empty]').count(),
      'data-testid=window-empty missing from the DOM',
    ).toBe(1);
  });

  it('a window route shows the page named by ?route= for a logged-in user', async () => {
    const { page } = e2e;
    await page.goto('/login');
    await login(page, 'user', 'user');
    await page.goto(`/${WINDOW_ID}?route=scene.list`);
    const win = page.locator('[data-testid=window-page]');
    await win.waitFor();
    // The scene list shows cards by default.
    await win.locator('[data-testid=scene-card]').first().waitFor();
    expect(await page.locator('[data-testid=navbar]').count()).toBe(0);
    expect(await page.locator('[data-testid=side-menu]').count()).toBe(0);
  });

  it('a path that is not a window route (wrong length) is not treated as one', async () => {
    const { page } = e2e;
    await page.goto(`/${WINDOW_ID}x`);
    // Not public: logged out, it goes to login.
    await waitForPath(page, (p) => p.startsWith('/login'));
  });

  for (const locale of ['zh-CN', 'en-US'] as LocaleName[]) {
    const tr = (key: string) => text(key, locale);
    for (const role of ['user', 'admin'] as const) {
      it(`${locale}, ${role}: /exception/403, /404 and /500 open by address, with home and back`, async () => {
        const { page, context } = e2e;
        if (locale !== 'zh-CN') await setLocale(context, locale);
        await page.goto('/login');
        await login(page, role, role);
        await waitForPath(page, '/dashboard/workplace');
        const home = () =>
          page.getByRole('button', { name: buttonLabel(tr('pages.error.backHome')) });
        const back = () => page.getByRole('button', { name: buttonLabel(tr('pages.error.back')) });

        // Typed in the address bar: the page, inside the layout, with a way home only.
        for (const status of ['403', '404', '500'] as const) {
          await gotoApp(page, `/exception/${status}`);
          const shown = page.locator(`[data-testid=exception-${status}]`);
          await shown.waitFor();
          expect(await shown.textContent()).toContain(tr(`pages.error.${status}`));
          expect(pathOf(page)).toBe(`/exception/${status}`);
          expect(await home().count()).toBe(1);
          expect(await back().count()).toBe(0);
        }
        await home().click();
        await waitForPath(page, '/dashboard/workplace');
        await page.locator('[data-testid=navbar]').waitFor();

        // Led there by the console (a navigation inside the app, as its links make): back too,
        // and it returns to the page before.
        await page.evaluate(() => {
          const idx = ((history.state as { idx?: number } | null)?.idx ?? 0) + 1;
          history.pushState({ usr: null, key: 'inapp', idx }, '', '/exception/403');
          dispatchEvent(new PopStateEvent('popstate', { state: history.state }));
        });
        await page.locator('[data-testid=exception-403]').waitFor();
        expect(await home().count()).toBe(1);
        await back().click();
        await waitForPath(page, '/dashboard/workplace');
        await page.locator('[data-testid=navbar]').waitFor();
      });
    }
  }
});
