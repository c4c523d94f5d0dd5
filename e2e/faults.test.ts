/**
 * The console under faults: a failing list, a failing server menu, a reload.
 * Failures are made with page.route in front of the real server, so only the answer the
 * console sees changes.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../server/db/demo/accounts';
import { visibleMenu } from '../src/layout/menu-model';
import { loadPolicy } from '../src/providers/access-enforcer';
import { e2eDescribe, gotoApp, login, openSettings, topMenuLabels, useE2E, zh } from './harness';

const policy = await loadPolicy();
const demoUser = DEMO_ACCOUNTS.find((a) => a.userName === 'user');
if (!demoUser?.name) throw new Error('the demo account "user" has no name');

const FAILED_MESSAGE = 'e2e: the database is unavailable';

/** Fails every matching call with a 500 carrying an envelope; answers the calls it saw. */
async function failWith500(page: Page, glob: string): Promise<string[]> {
  const seen: string[] = [];
  await page.route(glob, (route) => {
    // The body tells one query from another (the list may settle its URL-kept paging once).
    seen.push(route.request().postData() ?? route.request().url());
    return route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({ code: 50000, msg: FAILED_MESSAGE, data: null }),
    });
  });
  return seen;
}

/**
 * Records the text of every antd toast the page shows, as it appears: one that is gone again
 * still counts, and one that replaces another counts once.
 */
async function recordToasts(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    const shown = new WeakSet<Element>();
    const log: string[] = [];
    Object.assign(window, { __toasts: log });
    new MutationObserver(() => {
      document.querySelectorAll('.ant-message-notice').forEach((el) => {
        if (shown.has(el)) return;
        shown.add(el);
        log.push(el.textContent ?? '');
      });
    }).observe(document, { childList: true, subtree: true });
  });
}

const toasts = (page: Page) =>
  page.evaluate(() => (window as unknown as { __toasts?: string[] }).__toasts ?? []);

async function loggedInAsUser(page: Page): Promise<void> {
  await page.goto('/login');
  await login(page, 'user', 'user');
  await page.locator('[data-testid=navbar]').waitFor();
}

e2eDescribe('the console under faults', () => {
  const e2e = useE2E();

  it('a list answering 500 is requested at most twice and shows exactly one toast', async () => {
    const { page, context } = e2e;
    await recordToasts(context);
    await loggedInAsUser(page);
    // The workplace asks scene/page too (its counts): let those finish before the route fails,
    // so only the list's own requests are counted (a slow machine issued them late once).
    await page.waitForLoadState('networkidle');
    const lists = await failWith500(page, '**/api/manage/v1/scene/page');

    // The table view of the scene list (cards are the default).
    await gotoApp(page, '/scene/list?display=table');
    await expect.poll(() => lists.length, { timeout: 10_000 }).toBeGreaterThan(0);
    // react-query waits 1 s before a retry and 2 s before a second one: 4 s is past both.
    await page.waitForTimeout(4_000);
    // Each distinct query is sent once and retried at most once.
    const perQuery = new Map<string, number>();
    for (const body of lists) perQuery.set(body, (perQuery.get(body) ?? 0) + 1);
    console.log(`[faults] requests per list query: ${[...perQuery.values()].join(', ')}`);
    expect(Math.max(...perQuery.values())).toBeLessThanOrEqual(2);
    expect(perQuery.size).toBeLessThanOrEqual(2);
    const errors = (await toasts(page)).filter((t) => t.includes(FAILED_MESSAGE));
    expect(errors).toHaveLength(1);
    // The failed list is empty (spec §8), and the page is still there.
    await page.locator('.ant-table-placeholder').first().waitFor();
  });

  it('after a reload the navbar and profile show the account, dates in the locale', async () => {
    const { page } = e2e;
    await loggedInAsUser(page);
    const userMenu = page.locator('[data-testid=user-menu]');
    await expect.poll(() => userMenu.textContent()).toContain(demoUser.name);

    await page.reload();
    await page.locator('[data-testid=navbar]').waitFor();
    await expect.poll(() => userMenu.textContent(), { timeout: 10_000 }).toContain(demoUser.name);

    await userMenu.click();
    await page.getByText(zh('navbar.profile'), { exact: true }).click();
    const profile = page.locator('.ant-modal:visible');
    await profile.waitFor();
    const text = (await profile.textContent()) ?? '';
    expect(text).toContain(demoUser.email ?? '');
    expect(text).toContain(demoUser.organizationName ?? '');
    const registered = demoUser.registrationDate;
    if (!registered) throw new Error('the demo account has no registration date');
    expect(text).not.toContain(registered.toISOString());
    // The zh-CN long form: 2024年3月15日…
    expect(text).toMatch(new RegExp(`${registered.getFullYear()}年\\d{1,2}月\\d{1,2}日`));
  });

  it('a failing server menu is requested once, keeps the drawer open and the local menu', async () => {
    const { page } = e2e;
    await loggedInAsUser(page);
    await gotoApp(page, '/dashboard/workplace');
    const localMenu = visibleMenu('user', policy, false, []).map((n) => zh(n.locale));
    expect(await topMenuLabels(page)).toEqual(localMenu);
    const menuCalls = await failWith500(page, '**/api/user/menu');

    const drawer = await openSettings(page);
    await page.locator('[data-testid=setting-menuFromServer]').click();
    const notice = page.locator('.ant-notification-notice', { hasText: zh('settings.menuFailed') });
    await notice.waitFor();
    expect(await notice.locator('.ant-notification-notice-close').count()).toBe(1);

    expect(menuCalls).toHaveLength(1);
    expect(await drawer.isVisible()).toBe(true);
    expect(await topMenuLabels(page)).toEqual(localMenu);
    await notice.locator('.ant-notification-notice-close').click();
    await notice.waitFor({ state: 'hidden' });
  });
});
