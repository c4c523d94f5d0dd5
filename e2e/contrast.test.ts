/**
 * Text contrast (WCAG AA, 4.5:1) in both themes, measured in Chromium over the console's main
 * pages, the template form and three details: every visible text node's colour against the
 * background it is painted on. antd's
 * defaults missed it in places operators read all day (secondary text 3.4:1 in the light, links
 * and blue tags 3.4–3.6:1 in the dark); src/settings/readable-theme.ts derives the fix.
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import { e2eDescribe, gotoApp, login, useE2E, zh } from './harness';

/** Text under 4.5:1 anywhere on the page: "ratio 'text' tag.class colour". */
function lowContrastTexts(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    type Rgba = { r: number; g: number; b: number; a: number };
    const parse = (c: string): Rgba => {
      const m = (c.match(/[\d.]+/g) ?? ['0', '0', '0']).map(Number);
      return { r: m[0]!, g: m[1]!, b: m[2]!, a: m.length > 3 ? m[3]! : 1 };
    };
    const over = (t: Rgba, b: Rgba): Rgba => ({
      r: t.r * t.a + b.r * (1 - t.a),
      g: t.g * t.a + b.g * (1 - t.a),
      b: t.b * t.a + b.b * (1 - t.a),
      a: 1,
    });
    const background = (el: Element): Rgba => {
      const layers: Rgba[] = [];
      for (let e: Element | null = el; e; e = e.parentElement) {
        const c = parse(getComputedStyle(e).backgroundColor);
        if (c.a > 0) layers.push(c);
        if (c.a === 1) break;
      }
      return layers.reverse().reduce((acc, c) => over(c, acc), { r: 255, g: 255, b: 255, a: 1 });
    };
    const luminance = (c: Rgba) => {
      const f = (v: number) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      };
      return 0.2126 * f(c.r) + 0.7152 * f(c.g) + 0.0722 * f(c.b);
    };
    // Disabled controls and placeholders are exempt from WCAG's minimum.
    const exempt =
      '[disabled], .ant-btn-disabled, [aria-disabled=true], .ant-select-selection-placeholder, ' +
      'input, textarea, .ant-empty, .ant-pagination-disabled';
    const found = new Set<string>();
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let n = walker.nextNode(); n; n = walker.nextNode()) {
      const text = (n.textContent ?? '').trim();
      const el = n.parentElement;
      if (!text || !el || el.closest(exempt)) continue;
      // The whole page, not only the first screen: the workplace's sample panels and a long
      // list's last rows are read too (a read message's faded text went unseen below the fold).
      const box = el.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden') continue;
      const bg = background(el);
      let opacity = 1;
      for (let e: Element | null = el; e; e = e.parentElement) {
        opacity *= Number(getComputedStyle(e).opacity);
      }
      const fg = over({ ...over(parse(style.color), bg), a: opacity }, bg);
      const [hi, lo] = [luminance(fg), luminance(bg)].sort((x, y) => y - x);
      const ratio = (hi! + 0.05) / (lo! + 0.05);
      if (ratio < 4.5) {
        const name = `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 3).join('.')}`;
        found.add(`${ratio.toFixed(2)} '${text.slice(0, 20)}' ${name} ${style.color}`);
      }
    }
    return [...found];
  });
}

const USER_PAGES = [
  '/dashboard/workplace',
  '/prompt/add',
  '/scene/list',
  '/scene/statistics',
  '/prompt/list',
  '/prompt/call-list',
  '/record/list',
  '/model-evaluate/list',
  '/agent/list',
];
const ADMIN_PAGES = ['/system/users', '/system/model-versions', '/plugin-config/list'];
/** Lists whose first row's detail is audited too (a template's variables, a corpus's items). */
const DETAILS_OF = ['/prompt/list', '/corpus/list', '/model-evaluate/list'];

async function settled(page: Page): Promise<void> {
  await page.waitForLoadState('networkidle');
  await page
    .locator('.ant-skeleton-active, .ant-spin-spinning')
    .first()
    .waitFor({ state: 'detached' });
  // Colours may still be on their way (antd's 0.2 s transitions).
  await expect.poll(() => lowContrastTexts(page), { timeout: 5_000 }).toEqual([]);
}

async function audit(page: Page, paths: string[]): Promise<void> {
  for (const path of paths) {
    await gotoApp(page, path);
    await settled(page);
  }
}

async function auditDetails(page: Page): Promise<void> {
  for (const path of DETAILS_OF) {
    await gotoApp(page, path);
    const show = page
      .locator('.ant-table-row')
      .first()
      .getByRole('button', { name: zh('buttons.show'), exact: true });
    await show.click();
    await page.waitForURL((u) => u.pathname !== path);
    await settled(page);
  }
}

async function useDarkTheme(page: Page): Promise<void> {
  await page.locator('[data-testid=theme-switch]').click();
  await expect
    .poll(() => page.evaluate(() => document.body.getAttribute('data-theme')))
    .toBe('dark');
}

e2eDescribe('text contrast', () => {
  const e2e = useE2E();

  it('every text on the main pages reads at 4.5:1 or more, light and dark (user)', async () => {
    const { page } = e2e;
    await page.goto('/login');
    await login(page, 'user', 'user');
    await audit(page, USER_PAGES);
    await auditDetails(page);
    await useDarkTheme(page);
    await audit(page, USER_PAGES);
    await auditDetails(page);
  });

  it('and on the login page, its field errors included, light and dark', async () => {
    const { page } = e2e;
    for (const theme of ['light', 'dark']) {
      await page.goto('/login');
      await page.evaluate((t) => {
        localStorage.setItem('app-settings', JSON.stringify({ theme: t }));
      }, theme);
      await page.reload();
      await page.locator('form button[type=submit]').click();
      await page.locator('.login-field__error:not(:empty)').first().waitFor();
      // Off the button: its hover colour is a passing state.
      await page.mouse.move(0, 0);
      await expect.poll(() => lowContrastTexts(page), { timeout: 5_000 }).toEqual([]);
    }
  });

  it('and on the admin pages (admin)', async () => {
    const { page } = e2e;
    await page.goto('/login');
    await login(page, 'admin', 'admin');
    await audit(page, ADMIN_PAGES);
    await useDarkTheme(page);
    await audit(page, ADMIN_PAGES);
  });
});
