/**
 * Window routes (spec §2 'win' + 32 characters): a session, a call and an evaluation open in a
 * window of their own from their detail pages; a window opened logged out asks for a login and
 * comes back to its page; a role that may not open the page gets 403 there. Both locales.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { routeByName, WINDOW_PATH_RE } from '../src/routes/table';
import {
  buttonLabel,
  e2eDescribe,
  login,
  gotoApp,
  setLocale,
  text,
  useE2E,
  waitForPath,
  type LocaleName,
} from './harness';
import { apiCall } from './harness/ui';

interface Row {
  id: number;
  title?: string | null;
  evaluateName?: string;
}

/** The three detail pages with a window entry point, and how each names its record. */
const DETAILS = [
  { route: 'record.detail', list: 'record/page', name: (r: Row) => String(r.title ?? r.id) },
  {
    route: 'prompt.call-detail',
    list: 'prompt/call/page',
    name: (r: Row) => String(r.title ?? r.id),
  },
  {
    route: 'model-evaluate.detail',
    list: 'model-evaluate/page',
    name: (r: Row) => String(r.evaluateName),
  },
] as const;

async function firstRow(page: Page, list: string): Promise<Row> {
  const answer = await apiCall<{ list: Row[] }>(page, list, { current: 1, pageSize: 1 });
  expect(answer.code, list).toBe(0);
  const row = answer.data.list[0];
  expect(row, `a row of ${list}`).toBeDefined();
  return row!;
}

/** Clicks "open in a new window" and resolves with the window it opened, loaded. */
async function openWindow(context: BrowserContext, page: Page, label: string): Promise<Page> {
  const opened = context.waitForEvent('page');
  await page.getByRole('link', { name: buttonLabel(label) }).click();
  const win = await opened;
  await win.waitForLoadState();
  return win;
}

e2eDescribe('window routes', () => {
  const e2e = useE2E();

  for (const locale of ['zh-CN', 'en-US'] as LocaleName[]) {
    const tr = (key: string) => text(key, locale);

    it(`${locale}: a session, a call and an evaluation open in a window of their own`, async () => {
      const { page, context } = e2e;
      if (locale !== 'zh-CN') await setLocale(context, locale);
      await page.goto('/login');
      await login(page, 'user', 'user');

      for (const detail of DETAILS) {
        const route = routeByName(detail.route)!;
        const row = await firstRow(page, detail.list);
        const heading = `${tr(route.locale)} · ${detail.name(row)}`;
        await gotoApp(page, `${route.path}?id=${row.id}`);
        await page.locator('.ant-card-head-title', { hasText: heading }).first().waitFor();

        const win = await openWindow(context, page, tr('window.open'));
        const url = new URL(win.url());
        expect(url.pathname, detail.route).toMatch(WINDOW_PATH_RE);
        expect(Object.fromEntries(url.searchParams)).toEqual({
          route: detail.route,
          id: String(row.id),
        });
        const shown = win.locator('[data-testid=window-page]');
        await shown.locator('.ant-card-head-title', { hasText: heading }).first().waitFor();
        // The page alone: no layout, and no second "open in a window" inside the window.
        expect(await win.locator('[data-testid=navbar]').count()).toBe(0);
        expect(await win.locator('[data-testid=side-menu]').count()).toBe(0);
        expect(await win.getByRole('link', { name: buttonLabel(tr('window.open')) }).count()).toBe(
          0,
        );
        await win.close();
      }
      expect(e2e.pageErrors).toEqual([]);
    });

    it(`${locale}: a window opened logged out asks for a login, then shows its record`, async () => {
      const { page, context } = e2e;
      if (locale !== 'zh-CN') await setLocale(context, locale);
      await page.goto('/login');
      await login(page, 'user', 'user');
      const row = await firstRow(page, 'record/page');
      const windowUrl = `/win${'Q7'.repeat(16)}?route=record.detail&id=${row.id}`;

      // Another browser, nobody logged in.
      const other = await e2e.newContext();
      if (locale !== 'zh-CN') await setLocale(other, locale);
      const win = await other.newPage();
      await win.goto(windowUrl);
      const ask = win.locator('[data-testid=window-login]');
      await ask.waitFor();
      expect(await ask.textContent()).toContain(tr('window.loginTitle'));
      expect(await win.getByText(tr('common.notFoundRecord')).count()).toBe(0);

      await win.getByRole('button', { name: buttonLabel(tr('window.login')) }).click();
      await win.locator('form#login').waitFor();
      await login(win, 'user', 'user');
      await waitForPath(win, windowUrl);
      const heading = `${tr('record.menu.detail')} · ${String(row.title ?? row.id)}`;
      await win
        .locator('[data-testid=window-page] .ant-card-head-title', { hasText: heading })
        .first()
        .waitFor();
      expect(await win.locator('[data-testid=navbar]').count()).toBe(0);
    });

    it(`${locale}: an admin's window on a user's page says 403 and leads home`, async () => {
      const { page, context } = e2e;
      if (locale !== 'zh-CN') await setLocale(context, locale);
      await page.goto('/login');
      await login(page, 'admin', 'admin');
      const row = await firstRow(page, 'record/page');
      await page.goto(`/win${'Z3'.repeat(16)}?route=record.detail&id=${row.id}`);
      const denied = page.locator('[data-testid=exception-403]');
      await denied.waitFor();
      expect(await denied.textContent()).toContain(tr('pages.error.403'));
      expect(await page.locator('[data-testid=window-page]').count()).toBe(0);
      await page.getByRole('button', { name: buttonLabel(tr('pages.error.backHome')) }).click();
      await waitForPath(page, '/dashboard/workplace');
      await page.locator('[data-testid=navbar]').waitFor();
    });
  }
});
