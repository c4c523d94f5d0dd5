/**
 * The admin's pages: users and model versions are the admin's alone; an account the
 * admin disables loses its session at once; everyone changes their own password from the user
 * menu. Both locales. Screenshots go to /tmp/shots/admin-*.png.
 */
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { expect, it } from 'vitest';
import {
  buttonLabel,
  clickMenuItem,
  dropdownItem,
  e2eDescribe,
  en,
  expectFocusOn,
  gotoApp,
  login,
  setLocale,
  topMenuLabels,
  useE2E,
  waitForPath,
  zh,
} from './harness';
import { apiCall, focused, nextApiAnswer } from './harness/ui';

const SHOTS = '/tmp/shots';
mkdirSync(SHOTS, { recursive: true });
const shot = (page: Page, name: string) =>
  page.screenshot({ path: `${SHOTS}/admin-${name}.png`, fullPage: true });

e2eDescribe('admin pages', () => {
  const e2e = useE2E();

  it('a user sees neither plugins nor users; their URLs land on the first permitted route; the API says 40300', async () => {
    const { page } = e2e;
    await page.goto('/login');
    await login(page, 'user', 'user');
    await gotoApp(page, '/dashboard/workplace');
    const labels = await topMenuLabels(page);
    expect(labels).not.toContain(zh('plugin-config.menu.title'));
    expect(labels).not.toContain(zh('menu.system.title'));
    for (const path of ['/system/users', '/system/model-versions', '/plugin-config/list']) {
      await page.goto(path);
      await waitForPath(page, '/dashboard/workplace');
    }
    await shot(page, 'user-redirected');
    for (const call of ['user/page', 'plugin-config/page', 'model/version/create']) {
      const answer = await apiCall(page, call, {});
      expect(answer.code, call).toBe(40300);
    }
    // The option lists are everyone's, so the agent form can offer plugins.
    expect((await apiCall(page, 'plugin/option/list', {})).code).toBe(0);
  });

  it('the admin creates a user, then disables them: their session ends at once (zh-CN)', async () => {
    const { page } = e2e;
    await page.goto('/login');
    await login(page, 'admin', 'admin');
    await gotoApp(page, '/dashboard/workplace');
    const labels = await topMenuLabels(page);
    expect(labels.indexOf(zh('menu.system.title'))).toBe(
      labels.indexOf(zh('plugin-config.menu.title')) + 1,
    );
    await clickMenuItem(page, zh('menu.system.title'), zh('menu.system.users'));
    await waitForPath(page, '/system/users');
    await page.locator('[data-testid=users-page] .ant-table-row').first().waitFor();

    await page.locator('[data-testid=user-create]').click();
    const form = page.locator('[data-testid=user-form]');
    await form.locator('#user_userName').fill('e2e.wang');
    await form.locator('#user_password').fill('weakpass');
    await form.locator('#user_name').fill('王五');
    await page
      .locator('.ant-modal:visible')
      .getByRole('button', { name: buttonLabel(zh('buttons.save')) })
      .click();
    await form.getByText(zh('user.password.rule'), { exact: true }).last().waitFor();
    await shot(page, 'create-user-rule');
    await form.locator('#user_password').fill('Wang12345');
    const created = nextApiAnswer(page, 'user/create');
    await page
      .locator('.ant-modal:visible')
      .getByRole('button', { name: buttonLabel(zh('buttons.save')) })
      .click();
    expect((await created).code).toBe(0);
    const row = page.locator('[data-testid=users-page] .ant-table-row', { hasText: 'e2e.wang' });
    await row.waitFor();
    // Its creation time in the compact form of every list of the console.
    expect(await row.innerText()).toMatch(/\b\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}\b/);
    await shot(page, 'users');

    // Their own row: the role cannot be taken away (the server refuses), and the dialog says so.
    const own = page.locator('[data-testid=users-page] .ant-table-row', { hasText: 'admin@' });
    await own.getByRole('button', { name: buttonLabel(zh('buttons.edit')) }).click();
    const ownDialog = page.locator('.ant-modal:visible', { hasText: zh('user.titles.edit') });
    await ownDialog.getByText(zh('user.ownRole'), { exact: true }).waitFor();
    expect(await ownDialog.locator('#user_role').isDisabled()).toBe(true);
    // The first field a user can type into has the focus: the name, past the disabled role.
    await expect.poll(async () => (await focused(page)).id).toBe('user_name');
    await page.keyboard.press('Escape');
    await ownDialog.waitFor({ state: 'hidden' });

    // The new user logs in elsewhere.
    const other = await (await e2e.newContext()).newPage();
    await other.goto('/login');
    await login(other, 'e2e.wang', 'Wang12345');
    await gotoApp(other, '/dashboard/workplace');

    // From the keyboard: Enter asks with the focus on Cancel, Tab reaches OK, Enter disables.
    await row.locator('[data-testid=user-disable]').focus();
    await page.keyboard.press('Enter');
    const question = page.locator('.ant-popover:visible', {
      hasText: zh('user.confirm.disable', { userName: 'e2e.wang' }),
    });
    await question.waitFor();
    await expectFocusOn(page, buttonLabel(zh('buttons.cancel')));
    await page.keyboard.press('Tab');
    await expectFocusOn(page, buttonLabel(zh('user.actions.disable')));
    const disabled = nextApiAnswer(page, 'user/disable');
    await page.keyboard.press('Enter');
    expect((await disabled).code).toBe(0);
    await question.waitFor({ state: 'hidden' });
    await row
      .locator('[data-testid=user-status]', { hasText: zh('user.enums.status.0') })
      .waitFor();

    // Their very next call is refused as a session that ended: the console asks to log in again.
    expect((await apiCall(other, 'scene/page', {})).code).toBe(50012);
    await other.reload();
    await shot(other, 'disabled-session-ended');
    await other
      .locator('.ant-modal-confirm-title:visible, .ant-modal-title:visible', {
        hasText: zh('logoutDialog.title'),
      })
      .first()
      .waitFor();
    await shot(other, 'disabled-session-ended');
    // And the login is refused.
    const relogin = await other.evaluate(async () => {
      const res = await fetch('/api/manage/v1/user/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ userName: 'e2e.wang', password: 'Wang12345' }),
      });
      return ((await res.json()) as { code: number }).code;
    });
    expect(relogin).toBe(40000);

    await clickMenuItem(page, zh('menu.system.title'), zh('menu.system.modelVersions'));
    await waitForPath(page, '/system/model-versions');
    await page.locator('[data-testid=model-versions-page] .ant-table-row').first().waitFor();
    await shot(page, 'model-versions');
  });

  it('the admin changes their own password from the user menu; other sessions end (en-US)', async () => {
    const { page, context } = e2e;
    await setLocale(context, 'en-US');
    const elsewhere = await (await e2e.newContext()).newPage();
    await elsewhere.goto('/login');
    await login(elsewhere, 'admin', 'admin');

    await page.goto('/login');
    await login(page, 'admin', 'admin');
    await gotoApp(page, '/dashboard/workplace');
    await page.locator('[data-testid=user-menu]').click();
    await dropdownItem(page, en('user.actions.changePassword')).click();
    const form = page.locator('[data-testid=password-form]');
    await form.locator('#password-change_oldPassword').fill('admin');
    await form.locator('#password-change_newPassword').fill('NewAdmin1');
    await form.locator('#password-change_confirmPassword').fill('NewAdmin2');
    const modal = page.locator('.ant-modal:visible');
    await modal.getByRole('button', { name: buttonLabel(en('buttons.save')) }).click();
    await form.getByText(en('user.password.mismatch')).waitFor();
    await form.locator('#password-change_confirmPassword').fill('NewAdmin1');
    const changed = nextApiAnswer<{ endedSessions: number }>(page, 'user/password');
    await modal.getByRole('button', { name: buttonLabel(en('buttons.save')) }).click();
    const answer = await changed;
    expect(answer.code).toBe(0);
    expect(answer.data.endedSessions).toBeGreaterThanOrEqual(1);
    await page
      .locator('.ant-modal:visible .password-changed')
      .getByText(en('user.password.otherSessionsEnded', { count: answer.data.endedSessions }))
      .waitFor();
    await shot(page, 'password-changed');

    // This session goes on; the other one ended; the new password is the one that logs in.
    expect((await apiCall(page, 'user/page', {})).code).toBe(0);
    expect((await apiCall(elsewhere, 'user/page', {})).code).toBe(50012);
    await elsewhere.goto('/login');
    await login(elsewhere, 'admin', 'NewAdmin1');
    await gotoApp(elsewhere, '/system/users');
    await elsewhere.locator('[data-testid=users-page] .ant-table-row').first().waitFor();
  });
});
