import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { User } from '../contract/auth';
import { http } from './providers/api';
import { formatLongDateTime } from './providers/dates';
import { i18n } from './providers/i18n';
import { deleteCookie, USER_ID_COOKIE, writeCookie } from './providers/session';
import { SERVER_MENU_URL } from './settings/server-menu';
import { settingsStore } from './settings/store';
import { roleStore } from './stores/role';
import { userStore } from './stores/user';
import { Shell } from './Shell';
import { envelope, installFakeServer, type FakeAnswer, type SeenRequest } from './test/fake-http';

const DETAIL_URL = '/api/manage/v1/user/detail';

const DEMO_USER: User = {
  id: '1',
  userName: 'user',
  userCode: 'U0001',
  userKey: 'demo-user-key',
  role: 'user',
  name: 'Demo User',
  avatar: null,
  job: 'engineer',
  jobName: 'Engineer',
  organization: 'applications',
  organizationName: 'Applications',
  location: 'shanghai',
  locationName: 'Shanghai',
  email: 'user@example.com',
  phone: '021-00000000',
  introduction: null,
  personalWebsite: null,
  registrationDate: '2024-03-15T06:30:00Z',
  accountId: 'acc-0001',
  certification: 0,
};

let routes: Record<string, (req: SeenRequest) => FakeAnswer>;
let seen: SeenRequest[];

const calls = (url: string) => seen.filter((r) => r.url === url).length;

function renderShell(path = '/dashboard/workplace') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Shell />
    </MemoryRouter>,
  );
}

beforeAll(async () => {
  await i18n.changeLanguage('en-US');
});

beforeEach(() => {
  localStorage.setItem('token', 'tok-1');
  writeCookie(USER_ID_COOKIE, '1');
  roleStore.set('user');
  // What a reload restores from login-config: the account's names, not its fields.
  userStore.set({ id: '1', userName: 'user', userCode: 'U0001', userKey: 'demo-user-key' });
  routes = {
    [DETAIL_URL]: () => ({ body: envelope(0, DEMO_USER) }),
    '/api/manage/v1/scene/page': () => ({ body: envelope(0, { list: [], total: 0 }) }),
  };
  seen = installFakeServer(http, (req) => {
    const route = routes[req.url];
    return route ? route(req) : { status: 404, body: envelope(40400, null, 'no route') };
  });
});

afterEach(() => {
  settingsStore.reset();
  deleteCookie(USER_ID_COOKIE);
  roleStore.set(null);
  userStore.set({});
});

async function openDrawer() {
  const navbar = await screen.findByTestId('navbar', undefined, { timeout: 10_000 });
  fireEvent.click(within(navbar).getByTestId('settings-button'));
  return screen.findByTestId('settings-drawer');
}

const sider = () => screen.getByTestId('sider');
/** The sider's top-level entries (groups and single items). */
const topEntries = () =>
  sider().querySelectorAll(
    '[data-testid=side-menu] > li.ant-menu-submenu, [data-testid=side-menu] > li.ant-menu-item',
  ).length;

describe('server menu from the settings drawer (spec §4, §8)', () => {
  it('turning the switch on fetches the menu once and the drawer stays open', async () => {
    routes[SERVER_MENU_URL] = () => ({
      body: envelope(0, [
        {
          name: 'dashboard',
          path: '/dashboard',
          locale: 'menu.dashboard',
          order: 0,
          children: [
            {
              name: 'dashboard.workplace',
              path: '/dashboard/workplace',
              locale: 'menu.dashboard.workplace',
            },
          ],
        },
      ]),
    });
    renderShell();
    const drawer = await openDrawer();
    act(() => fireEvent.click(within(drawer).getByTestId('setting-menuFromServer')));

    await waitFor(() => expect(settingsStore.get().serverMenu).toHaveLength(1), { timeout: 5000 });
    await screen.findByText(i18n.t('settings.menuLoaded'), undefined, { timeout: 5000 });
    expect(calls(SERVER_MENU_URL)).toBe(1);
    expect(screen.getByTestId('settings-drawer')).toBe(drawer);
    expect(drawer.closest('.ant-drawer-open')).not.toBeNull();
    await waitFor(() => expect(topEntries()).toBe(1));
  });

  it('a failed fetch keeps the local menu and shows the closable error notice', async () => {
    routes[SERVER_MENU_URL] = () => ({ status: 500, body: envelope(50000, null, 'menu down') });
    renderShell();
    const drawer = await openDrawer();
    const localEntries = topEntries();
    expect(localEntries).toBeGreaterThan(1);
    act(() => fireEvent.click(within(drawer).getByTestId('setting-menuFromServer')));

    const notice = await screen.findByText(i18n.t('settings.menuFailed'), undefined, {
      timeout: 5000,
    });
    const box = notice.closest('.ant-notification-notice');
    expect(box?.querySelector('.ant-notification-notice-close')).not.toBeNull();
    expect(calls(SERVER_MENU_URL)).toBe(1);
    expect(topEntries()).toBe(localEntries);
    expect(drawer.closest('.ant-drawer-open')).not.toBeNull();
    // The page stays: role rules keep guarding rather than not-found for want of a menu.
    expect(
      await screen.findByText(i18n.t('workplace.intro'), undefined, { timeout: 10_000 }),
    ).toBeTruthy();
  });
});

describe('the account after a reload', () => {
  it('the navbar and the profile show the account from /user/detail, dates in the locale', async () => {
    renderShell();
    const userMenu = await screen.findByTestId('user-menu', undefined, { timeout: 10_000 });
    await waitFor(() => expect(userMenu.textContent).toContain('Demo User'), { timeout: 5000 });
    expect(seen.filter((r) => r.url === DETAIL_URL).map((r) => r.body)).toEqual([{ id: '1' }]);

    fireEvent.click(userMenu);
    fireEvent.click(await screen.findByText(i18n.t('navbar.profile')));
    const profile = await screen.findByRole('dialog');
    for (const value of ['user@example.com', '021-00000000', 'Engineer', 'Applications']) {
      expect(within(profile).getByText(value)).toBeTruthy();
    }
    // Shown in the browser's zone, in the locale's long format; never the raw ISO string.
    const registered = formatLongDateTime(DEMO_USER.registrationDate, 'en-US') ?? '';
    expect(registered).toBe(dayjs(DEMO_USER.registrationDate).format('MMMM D, YYYY h:mm A'));
    expect(within(profile).getByText(registered)).toBeTruthy();
    expect(within(profile).queryByText(DEMO_USER.registrationDate ?? '')).toBeNull();
  });

  it('the profile formats the date in Chinese when the locale is zh-CN', async () => {
    await i18n.changeLanguage('zh-CN');
    try {
      renderShell();
      const userMenu = await screen.findByTestId('user-menu', undefined, { timeout: 10_000 });
      await waitFor(() => expect(userMenu.textContent).toContain('Demo User'), { timeout: 5000 });
      fireEvent.click(userMenu);
      fireEvent.click(await screen.findByText(i18n.t('navbar.profile')));
      const profile = await screen.findByRole('dialog');
      const registered = formatLongDateTime(DEMO_USER.registrationDate, 'zh-CN') ?? '';
      expect(registered).toContain('年');
      expect(within(profile).getByText(registered)).toBeTruthy();
    } finally {
      await i18n.changeLanguage('en-US');
    }
  });

  it('a session whose detail is already here asks for nothing', async () => {
    userStore.set(DEMO_USER);
    renderShell();
    await screen.findByTestId('navbar', undefined, { timeout: 10_000 });
    expect(screen.getByTestId('user-menu').textContent).toContain('Demo User');
    expect(calls(DETAIL_URL)).toBe(0);
  });
});

describe('exception pages and windows by address', () => {
  it.each(['403', '404', '500'])(
    '/exception/%s shows that page inside the layout',
    async (status) => {
      renderShell(`/exception/${status}`);
      await screen.findByTestId(`exception-${status}`, undefined, { timeout: 10_000 });
      expect(screen.getByTestId('navbar')).toBeTruthy();
      expect(screen.getByRole('button', { name: i18n.t('pages.error.backHome') })).toBeTruthy();
    },
  );

  it('a window logged out asks for a login instead of loading its page', async () => {
    localStorage.removeItem('token');
    deleteCookie(USER_ID_COOKIE);
    roleStore.set(null);
    renderShell(`/win${'x'.repeat(32)}?route=record.detail&id=7`);
    const ask = await screen.findByTestId('window-login', undefined, { timeout: 10_000 });
    expect(ask.textContent).toContain(i18n.t('window.loginTitle'));
    expect(seen.filter((r) => r.url.includes('/record/'))).toEqual([]);
  });
});
