/**
 * The side menu per role (spec §2, §6, §9): entries and order come from contract/menu.ts.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { menuForRole, routesFor, type RouteNode } from '../contract/menu';
import type { Role } from '../contract/resource';
import { visibleMenu } from '../src/layout/menu-model';
import { loadPolicy } from '../src/providers/access-enforcer';
import { e2eDescribe, exactly, gotoApp, login, topMenuLabels, useE2E, zh } from './harness';

const policy = await loadPolicy();

/** The menu a role should see: its slice of the route tree without hidden entries. */
function expectedMenu(role: Role): RouteNode[] {
  return visibleMenu(role, policy, false, []);
}

const label = (name: string) => {
  const node = routesFor().find((n) => n.name === name);
  if (!node) throw new Error(`no top-level route ${name}`);
  return zh(node.locale);
};

async function menuAs(page: Page, user: string): Promise<string[]> {
  await page.goto('/login');
  await login(page, user, user);
  await gotoApp(page, '/dashboard/workplace');
  return topMenuLabels(page);
}

e2eDescribe('side menu', () => {
  const e2e = useE2E();

  it('admin sees the admin menu in contract order', async () => {
    const labels = await menuAs(e2e.page, 'admin');
    expect(labels).toEqual(expectedMenu('admin').map((n) => zh(n.locale)));

    expect(labels).toContain(label('plugin-config'));
    for (const name of ['record', 'directive', 'corpus', 'model-evaluate', 'agent']) {
      expect(labels).not.toContain(label(name));
    }
    expect(labels[0]).toBe(label('dashboard'));
    expect(labels.at(-1)).toBe(label('wiki'));
  });

  it('user sees the user menu in contract order', async () => {
    const labels = await menuAs(e2e.page, 'user');
    expect(labels).toEqual(expectedMenu('user').map((n) => zh(n.locale)));

    expect(labels).not.toContain(label('plugin-config'));
    for (const name of ['record', 'directive', 'corpus', 'model-evaluate', 'agent']) {
      expect(labels).toContain(label(name));
    }
    expect(labels[0]).toBe(label('dashboard'));
    expect(labels.at(-1)).toBe(label('wiki'));
  });

  it('a group opens to its visible children, without hidden routes', async () => {
    const { page } = e2e;
    await menuAs(page, 'user');
    const scene = expectedMenu('user').find((n) => n.name === 'scene');
    const menu = page.locator('[data-testid=side-menu]').first();
    const group = menu.locator(':scope > li.ant-menu-submenu').filter({
      has: page.locator('.ant-menu-submenu-title', { hasText: exactly(label('scene')) }),
    });
    const title = group.locator('.ant-menu-submenu-title');
    if ((await title.getAttribute('aria-expanded')) !== 'true') await title.click();
    const items = group.locator('li.ant-menu-item');
    await items.first().waitFor();
    const texts = (await items.allTextContents()).map((s) => s.trim());
    expect(texts).toEqual((scene?.children ?? []).map((c) => zh(c.locale)));
    expect(texts).not.toContain(zh('scene.menu.detail'));
  });

  it('stays beside a long page scrolled to its end, and scrolls itself in a short window', async () => {
    const { page } = e2e;
    await menuAs(page, 'user');
    const menu = page.locator('[data-testid=side-menu]').first();
    const wiki = menu
      .locator(':scope > li.ant-menu-item')
      .filter({ hasText: exactly(label('wiki')) });
    await page.getByTestId('sample-links').waitFor();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
    // Still under the navbar (60 px), the last entry in view: in the page's flow the menu had
    // scrolled away and left an empty column.
    const sider = page.getByTestId('sider');
    await expect.poll(async () => Math.round((await sider.boundingBox())?.y ?? 0)).toBe(60);
    expect(await wiki.isVisible()).toBe(true);
    const box = await wiki.boundingBox();
    expect(box!.y + box!.height).toBeLessThanOrEqual(900);

    // A window shorter than the menu: the menu scrolls within its column to its last entry.
    await page.setViewportSize({ width: 1366, height: 360 });
    const column = page.locator('[data-testid=sider] .ant-layout-sider-children');
    await expect.poll(() => column.evaluate((el) => el.scrollHeight > el.clientHeight)).toBe(true);
    await wiki.scrollIntoViewIfNeeded();
    const end = await wiki.boundingBox();
    expect(end!.y + end!.height).toBeLessThanOrEqual(360);
    expect(await column.evaluate((el) => el.scrollTop)).toBeGreaterThan(0);
  });

  it('the wiki entry opens a new page instead of navigating', async () => {
    const { page, context } = e2e;
    // Answer the external wiki locally: the test must not depend on the internet.
    await context.route(
      (url) => url.origin !== new URL(e2e.baseURL).origin,
      (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<p>wiki</p>' }),
    );
    await menuAs(page, 'user');
    const before = page.url();

    const popup = context.waitForEvent('page');
    await page
      .locator('[data-testid=side-menu] > li.ant-menu-item')
      .filter({ hasText: exactly(label('wiki')) })
      .click();
    const wiki = await popup;
    await expect
      .poll(() => wiki.url(), { timeout: 15_000 })
      .toSatisfy((u: string) => /^https?:/.test(u));
    expect(new URL(wiki.url()).origin).not.toBe(new URL(e2e.baseURL).origin);
    // The console itself stayed where it was.
    expect(page.url()).toBe(before);
    expect(context.pages()).toHaveLength(2);
  });
});

e2eDescribe('role switch and server menu', () => {
  const e2e = useE2E();

  it('the role switch is an admin view: the menu follows it, users never see the switch', async () => {
    const { page } = e2e;
    const adminLabels = await menuAs(page, 'admin');
    expect(adminLabels).toEqual(expectedMenu('admin').map((n) => zh(n.locale)));

    await page.locator('[data-testid=role-switch]').click();
    await expect
      .poll(() => topMenuLabels(page))
      .toEqual(expectedMenu('user').map((n) => zh(n.locale)));
    expect(await page.evaluate(() => localStorage.getItem('role'))).toBe('user');

    // Back to the admin view: the switch stays available to the admin account.
    await page.locator('[data-testid=role-switch]').click();
    await expect
      .poll(() => topMenuLabels(page))
      .toEqual(expectedMenu('admin').map((n) => zh(n.locale)));

    const other = await (await e2e.newContext()).newPage();
    await menuAs(other, 'user');
    expect(await other.locator('[data-testid=role-switch]').count()).toBe(0);
  });

  it('menu from server: fetched with a notice, then the menu is the server’s', async () => {
    const { page } = e2e;
    await menuAs(page, 'user');
    const menuCall = page.waitForResponse((r) => r.url().endsWith('/api/user/menu'));
    await page.locator('[data-testid=settings-button]').click();
    await page.locator('[data-testid=setting-menuFromServer]').click();
    expect((await menuCall).status()).toBe(200);
    await page.getByText(zh('settings.menuLoaded')).waitFor();
    const stored = await page.evaluate(
      () =>
        (JSON.parse(localStorage.getItem('app-settings') ?? '{}') as { serverMenu?: unknown[] })
          .serverMenu,
    );
    expect(stored?.length).toBe(menuForRole('user', policy).length);
    expect(await topMenuLabels(page)).toEqual(expectedMenu('user').map((n) => zh(n.locale)));
  });
});
