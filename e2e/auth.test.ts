/**
 * Logging in and out against the real server (spec §4, §5, §7).
 */
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import {
  dropdownItem,
  e2eDescribe,
  focused,
  localStorageItem,
  login,
  useE2E,
  waitForPath,
  walkMenuTo,
  zh,
} from './harness';

async function userIdCookie(page: Page): Promise<string | undefined> {
  const cookies = await page.context().cookies();
  return cookies.find((c) => c.name === 'x-user-id')?.value;
}

async function logout(page: Page): Promise<void> {
  await page.locator('[data-testid=user-menu]').click();
  await dropdownItem(page, zh('buttons.logout')).click();
  await waitForPath(page, (p) => p.startsWith('/login'));
  await page.locator('form#login').waitFor();
}

e2eDescribe('authentication', () => {
  const e2e = useE2E();

  it('admin logs in, lands on the workplace, sees scenes, and logs out', async () => {
    const { page } = e2e;
    await page.goto('/login');
    await login(page, 'admin', 'admin');
    await waitForPath(page, '/dashboard/workplace');
    await page.locator('[data-testid=navbar]').waitFor();

    // Session state of spec §4/§7: token, cookie, role, login-config.
    expect(await localStorageItem(page, 'token')).toBeTruthy();
    expect(await userIdCookie(page)).toBe('0');
    expect(await localStorageItem(page, 'role')).toBe('admin');
    const config = JSON.parse((await localStorageItem(page, 'login-config')) ?? 'null') as {
      id?: string;
      userName?: string;
    } | null;
    expect(config).toMatchObject({ id: '0', userName: 'admin' });
    // The admin account gets the role switch (a view for admins only).
    await expect.poll(() => page.locator('[data-testid=role-switch]').count()).toBe(1);

    // The table view of the scene list (cards are the default).
    await page.goto('/scene/list?display=table');
    await page.locator('.ant-table-row').first().waitFor();
    expect(await page.locator('.ant-table-row').count()).toBeGreaterThan(0);

    const token = await localStorageItem(page, 'token');
    const scenes = () =>
      page.request.post('/api/manage/v1/scene/page', {
        headers: { Authorization: `Bearer ${token}` },
        data: { current: 1, pageSize: 1 },
      });
    expect(((await (await scenes()).json()) as { code: number }).code).toBe(0);

    await logout(page);
    expect(await localStorageItem(page, 'token')).toBeNull();
    expect(await localStorageItem(page, 'role')).toBeNull();
    expect(await userIdCookie(page)).toBeUndefined();
    // Spec §4: logout also clears the stored breadcrumb trail.
    expect(JSON.parse((await localStorageItem(page, 'breadcrumb-routes')) ?? '[]')).toEqual([]);
    // The server revoked the token: it no longer opens the API.
    const after = (await (await scenes()).json()) as { code: number };
    expect([50008, 50012, 50014]).toContain(after.code);
  });

  it('user logs in, sees the scene list, and logs out', async () => {
    const { page } = e2e;
    await page.goto('/login');
    await login(page, 'user', 'user');
    await waitForPath(page, '/dashboard/workplace');

    expect(await localStorageItem(page, 'token')).toBeTruthy();
    expect(await userIdCookie(page)).toBe('1');
    expect(await localStorageItem(page, 'role')).toBe('user');
    const config = JSON.parse((await localStorageItem(page, 'login-config')) ?? 'null') as {
      id?: string;
      userName?: string;
    } | null;
    expect(config).toMatchObject({ id: '1', userName: 'user' });
    // Not the admin account: no role switch.
    await page.locator('[data-testid=navbar]').waitFor();
    expect(await page.locator('[data-testid=role-switch]').count()).toBe(0);

    // The table view of the scene list (cards are the default).
    await page.goto('/scene/list?display=table');
    await page.locator('.ant-table-row').first().waitFor();
    expect(await page.locator('.ant-table-row').count()).toBeGreaterThan(0);

    await logout(page);
    expect(await localStorageItem(page, 'token')).toBeNull();
    // Logged out: a protected page sends back to the login page.
    await page.goto('/scene/list');
    await waitForPath(page, (p) => p.startsWith('/login'));
  });

  it('the user menu works from the keyboard, and its dialogs give the focus back to it', async () => {
    const { page } = e2e;
    await page.goto('/login');
    await login(page, 'user', 'user');
    await waitForPath(page, '/dashboard/workplace');
    const userMenu = page.locator('[data-testid=user-menu]');
    const active = () => focused(page);
    // Enter opens the menu with the focus on an item; the arrows walk it (it remembers the last item).
    const choose = async (label: string, key: 'ArrowDown' | 'ArrowUp') => {
      await userMenu.focus();
      await page.keyboard.press('Enter');
      await expect.poll(async () => (await active()).role).toBe('menuitem');
      await walkMenuTo(page, label, key, 3);
      await page.keyboard.press('Enter');
    };

    await choose(zh('user.actions.changePassword'), 'ArrowDown');
    // The form's first field has the focus once the dialog is open: typing starts at once.
    await expect.poll(async () => (await active()).id).toBe('password-change_oldPassword');
    await page.keyboard.type('typed');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await expect.poll(async () => (await active()).testId).toBe('user-menu');

    // Opened again, the dialog is a new one: nothing typed before is left in it.
    await choose(zh('user.actions.changePassword'), 'ArrowDown');
    await expect.poll(async () => (await active()).id).toBe('password-change_oldPassword');
    expect(await page.locator('#password-change_oldPassword').inputValue()).toBe('');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });

    await choose(zh('navbar.profile'), 'ArrowUp');
    await page.getByRole('dialog', { name: zh('navbar.profile') }).waitFor();
    // antd moves the focus into a dialog once it has opened; an Escape before that is not its.
    await expect
      .poll(() => page.evaluate(() => !!document.activeElement?.closest('[role=dialog]')))
      .toBe(true);
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });
    await expect.poll(async () => (await active()).testId).toBe('user-menu');
  });

  it('a wrong password shows the login error and stores no session', async () => {
    const { page } = e2e;
    await page.goto('/login');
    await page.locator('#login_userName').fill('admin');
    await page.locator('#login_password').fill('not-the-password');
    await page.locator('#login_password').press('Enter');

    const error = page.locator('[data-testid=login-error]');
    await error.waitFor();
    expect((await error.textContent())?.trim()).toBe(zh('login.error'));
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await localStorageItem(page, 'token')).toBeNull();
    expect(await userIdCookie(page)).toBeUndefined();
  });

  it('an empty submit shows both required messages', async () => {
    const { page } = e2e;
    await page.goto('/login');
    await page.locator('form#login button[type=submit]').click();

    const userError = page.locator('#login_userName_error');
    const passError = page.locator('#login_password_error');
    await expect.poll(() => userError.textContent()).toBe(zh('login.userNameRequired'));
    await expect.poll(() => passError.textContent()).toBe(zh('login.passwordRequired'));
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await localStorageItem(page, 'token')).toBeNull();

    // Typing a value clears that field's message only.
    await page.locator('#login_userName').fill('user');
    await expect.poll(() => userError.textContent()).toBe('');
    expect(await passError.textContent()).toBe(zh('login.passwordRequired'));
  });
});
