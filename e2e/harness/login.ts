/**
 * The login form, driven as an operator does. Apart from ui.ts, whose other helpers import
 * vitest and the locale files (Vite's `import.meta.glob`): the benches run under plain tsx.
 */
import type { Page } from 'playwright-core';

/** Logs in through the login form; resolves when the app has left /login. */
export async function login(
  page: Page,
  user: string,
  pass: string,
  timeout = 20_000,
): Promise<void> {
  if (!new URL(page.url()).pathname.startsWith('/login')) {
    await page.goto('/login');
  }
  await page.locator('#login_userName').fill(user);
  await page.locator('#login_password').fill(pass);
  await page.locator('#login_password').press('Enter');
  await page.waitForURL((url) => url.pathname !== '/login', { timeout });
}
