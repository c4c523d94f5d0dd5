/** Browser-side helpers: locale, paths, login, navigation, local storage, settings and menu. */
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { escapeRegExp, exactly, type LocaleName } from './texts';

/** Makes the UI start in English (the default is zh-CN). Call before the first navigation. */
export async function setLocale(context: BrowserContext, locale: LocaleName): Promise<void> {
  await context.addInitScript((l: string) => {
    // Only on the first document of the test: later switches in the UI must stick.
    if (!sessionStorage.getItem('e2e-locale-set')) {
      localStorage.setItem('locale', l);
      sessionStorage.setItem('e2e-locale-set', '1');
    }
  }, locale);
}

/** Pathname (and search) of the page, without origin. */
export function pathOf(page: Page): string {
  const u = new URL(page.url());
  return `${u.pathname}${u.search}`;
}

/** Waits until the page's path plus query (`/scene/list?id=1`) equals / matches / satisfies. */
export async function waitForPath(
  page: Page,
  expected: string | RegExp | ((pathAndQuery: string) => boolean),
  timeout = 15_000,
): Promise<void> {
  const test =
    typeof expected === 'string'
      ? (p: string) => p === expected
      : expected instanceof RegExp
        ? (p: string) => expected.test(p)
        : expected;
  await expect.poll(() => pathOf(page), { timeout }).toSatisfy(test);
}

export { login } from './login';

/** Opens a console page and waits for its layout (the side menu) to render. */
export async function gotoApp(page: Page, path: string): Promise<void> {
  await page.goto(path);
  await page.locator('[data-testid=side-menu]').first().waitFor();
}

/** The element with the focus: its id, test id, role, aria-label and text ('' where it has none). */
export async function focused(page: Page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    return {
      id: el?.id ?? '',
      testId: el?.getAttribute('data-testid') ?? '',
      role: el?.getAttribute('role') ?? '',
      label: el?.getAttribute('aria-label') ?? '',
      text: el?.textContent ?? '',
    };
  });
}

/** The text of the element with the focus ('' where it has none). */
export async function focusedText(page: Page): Promise<string> {
  return (await focused(page)).text;
}

/**
 * Presses `key` in the open menu until the focus is on `label`, at most `max` times. rc-menu
 * moves the focus a frame after each key, so each step waits for it to move.
 */
export async function walkMenuTo(
  page: Page,
  label: string,
  key: 'ArrowDown' | 'ArrowUp',
  max = 6,
): Promise<void> {
  let now = await focusedText(page);
  for (let i = 0; i < max && now !== label; i++) {
    const from = now;
    await page.keyboard.press(key);
    // The poll keeps its last read: the item the next turn starts from.
    await expect.poll(async () => (now = await focusedText(page))).not.toBe(from);
  }
  expect(now).toBe(label);
}

/** Waits until the element with the focus shows `text`: exactly, or matching a RegExp. */
export async function expectFocusOn(page: Page, text: string | RegExp): Promise<void> {
  const read = () => focusedText(page);
  if (typeof text === 'string') await expect.poll(read).toBe(text);
  else await expect.poll(read).toMatch(text);
}

export async function localStorageItem(page: Page, key: string): Promise<string | null> {
  return page.evaluate((k) => localStorage.getItem(k), key);
}

export async function readSettings(page: Page): Promise<Record<string, unknown>> {
  const raw = await localStorageItem(page, 'app-settings');
  return raw ? (JSON.parse(raw) as Record<string, unknown>) : {};
}

/** Opens the settings drawer from the navbar button and returns its locator. */
export async function openSettings(page: Page) {
  await page.locator('[data-testid=settings-button]').click();
  const drawer = page.locator('[data-testid=settings-drawer]');
  await drawer.waitFor();
  return drawer;
}

/** A CSS filter for a visible antd popup whose opening motion is over (rc-motion's classes). */
const OPENED = ':visible:not([class*="-appear"]):not([class*="-enter"])';
/** The same, and not closing either. */
const SETTLED = `${OPENED}:not([class*="-leave"])`;

/**
 * An item of the open antd dropdown, once its opening animation is over. Clicking while it
 * still slides in can land beside it (antd first renders it off-screen, then places it).
 */
export function dropdownItem(page: Page, label: string) {
  return page
    .locator(`.ant-dropdown${SETTLED}:not(.ant-dropdown-hidden)`)
    .locator('.ant-dropdown-menu-item')
    .filter({ hasText: exactly(label) });
}

/**
 * The open antd dialog (a modal or a confirm) showing `text`, once its zoom-in is over: a click
 * during it can press and release on different spots. Closing, it stays until faded out.
 */
export function settledDialog(page: Page, text: string): Locator {
  return page.locator(`.ant-modal${OPENED}`, { hasText: text });
}

/**
 * The enabled options of one antd select's own dropdown. Another select's dropdown may still be
 * fading out (and `:visible`) after a pick; only this one holds the listbox its input names.
 */
export async function selectOptions(page: Page, combobox: Locator): Promise<Locator> {
  const id = (await combobox.getAttribute('id')) ?? '';
  if (!id) throw new Error('selectOptions: the combobox has no id');
  return page
    .locator('.ant-select-dropdown', { has: page.locator(`[id="${id}_list"]`) })
    .locator('.ant-select-item-option:not(.ant-select-item-option-disabled)');
}

/**
 * Waits until an element has stayed in place for `quietMs` (Playwright's "stable" spans only two
 * frames), so a click is not aimed at a spot a late layout shift moves away.
 */
export async function waitForSteadyBox(
  locator: Locator,
  quietMs = 500,
  timeout = 15_000,
): Promise<void> {
  const started = Date.now();
  let last = '';
  let since = Date.now();
  for (;;) {
    const box = await locator.boundingBox();
    const page = locator.page();
    const scroll = await page.evaluate(() => window.scrollY);
    const now = box ? `${Math.round(box.x)},${Math.round(box.y + scroll)},${box.height}` : '';
    if (now !== last) {
      last = now;
      since = Date.now();
    } else if (now && Date.now() - since >= quietMs) {
      return;
    }
    if (Date.now() - started > timeout) throw new Error(`waitForSteadyBox: still moving (${now})`);
    await page.waitForTimeout(50);
  }
}

/** Closes the settings drawer with its close button. */
export async function closeSettings(page: Page): Promise<void> {
  const drawer = page.locator('[data-testid=settings-drawer]');
  await drawer.locator('.ant-drawer-extra button').click();
  await drawer.waitFor({ state: 'hidden' });
}

/** Text of a button without the space antd puts between two CJK characters ("关 闭"). */
export function buttonText(s: string | null): string {
  return (s ?? '').replace(/\s+/g, '');
}

/** A RegExp matching a button's label, allowing antd's inserted spaces. */
export function buttonLabel(label: string): RegExp {
  const chars = [...label.replace(/\s+/g, '')].map(escapeRegExp);
  return new RegExp(`^\\s*${chars.join('\\s*')}\\s*$`);
}

/** Clicks a side-menu entry: opens its group if needed, then clicks the item. */
export async function clickMenuItem(page: Page, groupLabel: string, itemLabel: string) {
  const menu = page.locator('[data-testid=side-menu]').first();
  const group = menu.locator(':scope > li.ant-menu-submenu').filter({
    has: page.locator(':scope > .ant-menu-submenu-title', { hasText: exactly(groupLabel) }),
  });
  const title = group.locator(':scope > .ant-menu-submenu-title');
  if ((await title.getAttribute('aria-expanded')) !== 'true') await title.click();
  // Once the group has unfolded: while it grows from nothing, a click may land on the next one.
  await group
    .locator(`:scope > ul.ant-menu-sub${OPENED}`)
    .locator('li.ant-menu-item')
    .filter({ hasText: exactly(itemLabel) })
    .click();
}

/** Sets a settings-drawer switch to the wanted state (clicks only if needed). */
export async function setSwitch(page: Page, key: string, on: boolean): Promise<void> {
  const sw = page.locator(`[data-testid=setting-${key}]`);
  const checked = (await sw.getAttribute('aria-checked')) === 'true';
  if (checked !== on) await sw.click();
  await expect.poll(() => sw.getAttribute('aria-checked')).toBe(String(on));
}

/** Top-level labels of the side menu, in order. */
export async function topMenuLabels(page: Page): Promise<string[]> {
  const menu = page.locator('[data-testid=side-menu]').first();
  return menu
    .locator(':scope > li.ant-menu-submenu, :scope > li.ant-menu-item')
    .evaluateAll((els) =>
      els.map((el) => {
        const title = el.classList.contains('ant-menu-submenu')
          ? el.querySelector(':scope > .ant-menu-submenu-title')
          : el;
        const label = title?.querySelector('.ant-menu-title-content') ?? title;
        return (label?.textContent ?? '').trim();
      }),
    );
}

/** The envelope every console call answers. */
export interface ApiEnvelope<T = unknown> {
  code: number;
  message?: string;
  data: T;
}

/**
 * Calls the console API from inside the page (`POST /api/manage/v1/<path>`), with the page's
 * token and locale, as the app would; answers the envelope.
 */
export async function apiCall<T = unknown>(
  page: Page,
  path: string,
  body: unknown = {},
): Promise<ApiEnvelope<T>> {
  return page.evaluate(
    async ({ path, body }) => {
      const token = localStorage.getItem('token');
      const res = await fetch(`/api/manage/v1/${path}`, {
        method: 'POST',
        headers: {
          'Content-Type': 'application/json',
          'Accept-Language': localStorage.getItem('locale') ?? 'zh-CN',
          ...(token ? { Authorization: `Bearer ${token}` } : {}),
        },
        body: JSON.stringify(body),
      });
      return (await res.json()) as ApiEnvelope<T>;
    },
    { path, body },
  );
}

/**
 * Resolves with the envelope of the page's next `POST /api/manage/v1/<path>` answer. Start it
 * before the action that sends the call.
 */
export async function nextApiAnswer<T = unknown>(
  page: Page,
  path: string,
): Promise<ApiEnvelope<T>> {
  const res = await page.waitForResponse(
    (r) =>
      r.request().method() === 'POST' && new URL(r.url()).pathname === `/api/manage/v1/${path}`,
  );
  return (await res.json()) as ApiEnvelope<T>;
}

/** The open popover (a question) showing `text`, or any, once its zoom-in is over (settledDialog). */
export function settledPopover(page: Page, text?: string): Locator {
  return page.locator(`.ant-popover${OPENED}`, text ? { hasText: text } : {});
}

/** Clicks the primary button of the open popconfirm (optionally: the one showing `title`). */
export async function confirmPopover(page: Page, title?: string): Promise<void> {
  const pop = settledPopover(page, title);
  await pop.locator('.ant-popconfirm-buttons .ant-btn-primary').click();
  await pop.waitFor({ state: 'hidden' });
}
