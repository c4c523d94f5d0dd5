import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { User } from '../../contract/auth';
import { patchSettings, settingsStore } from '../settings/store';
import { breadcrumbStore } from '../stores/breadcrumb';
import { roleStore } from '../stores/role';
import { tabsStore } from '../stores/tabs';
import { userStore } from '../stores/user';
import {
  envelope,
  fakeEnv,
  installFakeServer,
  type FakeAnswer,
  type SeenRequest,
} from '../test/fake-http';
import { createAuthActions, createAuthProvider } from './auth';
import { ApiError, createHttp } from './http';
import {
  deleteCookie,
  FALLBACK_USER_ID,
  getToken,
  getUserIdCookie,
  PLACEHOLDER_TOKEN,
  USER_ID_COOKIE,
  writeCookie,
} from './session';

const LOGIN = '/api/manage/v1/user/login';
const DETAIL = '/api/manage/v1/user/detail';
const LOGOUT = '/api/manage/v1/user/logout';

function user(id: string, extra: Partial<User> = {}): User {
  return {
    id,
    userName: `user${id}`,
    userCode: `code${id}`,
    userKey: `key${id}`,
    role: id === '0' ? 'admin' : 'user',
    name: null,
    avatar: null,
    job: null,
    jobName: null,
    organization: null,
    organizationName: null,
    location: null,
    locationName: null,
    email: null,
    phone: null,
    introduction: null,
    personalWebsite: null,
    registrationDate: null,
    accountId: null,
    certification: null,
    ...extra,
  };
}

/** The real interceptors, wired to the real session storage, over a fake server. */
function setup(routes: Record<string, (req: SeenRequest) => FakeAnswer>) {
  const env = fakeEnv({
    getToken,
    getUserId: getUserIdCookie,
    fallbackUserId: FALLBACK_USER_ID,
  });
  const http = createHttp(env);
  const seen = installFakeServer(http, (req) => {
    const route = routes[req.url];
    return route ? route(req) : { status: 404, body: envelope(40400, null, 'no route') };
  });
  return { env, actions: createAuthActions(http), seen };
}

function loggedInLocally(id = '7') {
  localStorage.setItem('token', 'old-token');
  localStorage.setItem('role', 'user');
  writeCookie(USER_ID_COOKIE, id);
}

beforeEach(() => {
  deleteCookie(USER_ID_COOKIE);
  userStore.set({});
  settingsStore.reset();
  tabsStore.reset();
  breadcrumbStore.reset();
  roleStore.set(null);
  localStorage.clear();
});

afterEach(() => {
  deleteCookie(USER_ID_COOKIE);
});

describe('createAuthActions().login (spec §4, §7)', () => {
  it('stores the token, the x-user-id cookie and the role, then saves login-config', async () => {
    const { actions, seen } = setup({
      [LOGIN]: () => ({ body: envelope(0, { id: '7', token: 'tok-7' }) }),
      [DETAIL]: () => ({ body: envelope(0, user('7')) }),
    });
    const out = await actions.login({ userName: 'alice', password: 'secret' });

    expect(out).toEqual({ id: '7', role: 'user' });
    expect(localStorage.getItem('token')).toBe('tok-7');
    expect(document.cookie).toContain('x-user-id=7');
    expect(getUserIdCookie()).toBe('7');
    expect(localStorage.getItem('role')).toBe('user');
    expect(roleStore.get()).toBe('user');

    expect(seen.map((r) => r.url)).toEqual([LOGIN, DETAIL]);
    expect(seen[0]!.method).toBe('post');
    expect(seen[0]!.body).toEqual({ userName: 'alice', password: 'secret' });
    // The detail call already carries the new session.
    expect(seen[1]!.body).toEqual({ id: '7' });
    expect(seen[1]!.headers.get('Authorization')).toBe('Bearer tok-7');
    expect(seen[1]!.headers.get('x-user-id')).toBe('7');

    expect(JSON.parse(localStorage.getItem('login-config') ?? 'null')).toEqual({
      id: '7',
      userCode: 'code7',
      userName: 'user7',
      userKey: 'key7',
    });
    expect(userStore.get()).toMatchObject({ id: '7', userName: 'user7' });
  });

  it("stores the placeholder token '12345' when the server sends none, and id '0' is admin", async () => {
    const { actions } = setup({
      [LOGIN]: () => ({ body: envelope(0, { id: '0' }) }),
      [DETAIL]: () => ({ body: envelope(0, user('0')) }),
    });
    const out = await actions.login({ userName: 'admin', password: 'secret' });
    expect(PLACEHOLDER_TOKEN).toBe('12345');
    expect(localStorage.getItem('token')).toBe('12345');
    expect(out.role).toBe('admin');
    expect(localStorage.getItem('role')).toBe('admin');
    expect(roleStore.get()).toBe('admin');
    expect(getUserIdCookie()).toBe('0');
  });

  it('treats a numeric id 0 as the admin too', async () => {
    const { actions, seen } = setup({
      [LOGIN]: () => ({ body: envelope(0, { id: 0, token: 't' }) }),
      [DETAIL]: () => ({ body: envelope(0, user('0')) }),
    });
    const out = await actions.login({ userName: 'admin', password: 'secret' });
    expect(out).toEqual({ id: '0', role: 'admin' });
    expect(seen[1]!.body).toEqual({ id: '0' });
  });

  it('clears token, role and cookie and rethrows when the server refuses the login', async () => {
    loggedInLocally();
    roleStore.set('user');
    const { actions, env } = setup({
      [LOGIN]: () => ({
        status: 400,
        body: envelope(40000, { issues: [{ field: 'password', message: 'wrong' }] }, 'bad'),
      }),
    });
    const err: unknown = await actions
      .login({ userName: 'alice', password: 'nope' })
      .catch((e: unknown) => e);

    expect(err).toBeInstanceOf(ApiError);
    expect((err as ApiError).code).toBe(40000);
    expect(env.toastError).toHaveBeenCalledWith('bad', 5);
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('role')).toBeNull();
    expect(getUserIdCookie()).toBeUndefined();
    expect(roleStore.get()).toBeNull();
  });

  it('also clears the session when the user detail call fails after a good login', async () => {
    const { actions } = setup({
      [LOGIN]: () => ({ body: envelope(0, { id: '7', token: 'tok-7' }) }),
      [DETAIL]: () => ({ body: envelope(50000, null, 'detail failed') }),
    });
    await expect(actions.login({ userName: 'alice', password: 'secret' })).rejects.toThrow(
      'detail failed',
    );
    expect(localStorage.getItem('token')).toBeNull();
    expect(localStorage.getItem('role')).toBeNull();
    expect(getUserIdCookie()).toBeUndefined();
  });
});

describe('createAuthActions().restoreUser (after a reload)', () => {
  it('fetches the detail for the cookie id when the store holds only login-config', async () => {
    loggedInLocally('7');
    userStore.set({ id: '7', userName: 'user7', userCode: 'code7', userKey: 'key7' });
    const { actions, seen } = setup({
      [DETAIL]: () => ({ body: envelope(0, user('7', { name: 'Alice', email: 'a@x.test' })) }),
    });
    await actions.restoreUser();
    expect(seen.map((r) => [r.url, r.body])).toEqual([[DETAIL, { id: '7' }]]);
    expect(userStore.get()).toMatchObject({ name: 'Alice', email: 'a@x.test', role: 'user' });
  });

  it('asks once however many callers wait on it', async () => {
    loggedInLocally('7');
    const { actions, seen } = setup({ [DETAIL]: () => ({ body: envelope(0, user('7')) }) });
    await Promise.all([actions.restoreUser(), actions.restoreUser()]);
    expect(seen).toHaveLength(1);
  });

  it('does nothing when the detail is already here or nobody is logged in', async () => {
    const { actions, seen } = setup({ [DETAIL]: () => ({ body: envelope(0, user('7')) }) });
    await actions.restoreUser();
    loggedInLocally('7');
    userStore.set(user('7'));
    await actions.restoreUser();
    expect(seen).toHaveLength(0);
  });

  it('keeps what the store had when the call fails, and rejects nothing', async () => {
    loggedInLocally('7');
    userStore.set({ id: '7', userName: 'user7' });
    const { actions } = setup({ [DETAIL]: () => ({ status: 500, body: envelope(50000) }) });
    await expect(actions.restoreUser()).resolves.toBeUndefined();
    expect(userStore.get()).toEqual({ id: '7', userName: 'user7' });
  });
});

describe('createAuthActions().logout (spec §4)', () => {
  function fillState() {
    loggedInLocally();
    roleStore.set('user');
    userStore.set(user('7'));
    patchSettings({
      serverMenu: [{ name: 'scene.list', path: '/scene/list', locale: 'scene.menu.list' }],
    });
    tabsStore.set([
      {
        title: 'scene.menu.list',
        name: 'scene.list',
        fullPath: '/scene/list',
        query: {},
        ignoreCache: false,
      },
    ]);
    breadcrumbStore.set([{ label: 'scene.menu.list', path: '/scene/list', query: {} }]);
    expect(localStorage.getItem('breadcrumb-routes')).not.toBeNull();
  }

  function expectForgotten() {
    expect(userStore.get()).toEqual({});
    expect(settingsStore.get().serverMenu).toEqual([]);
    expect(tabsStore.get()).toEqual([]);
    expect(breadcrumbStore.get()).toEqual([]);
    expect(localStorage.getItem('breadcrumb-routes')).toBeNull();
    expect(localStorage.getItem('role')).toBeNull();
    expect(roleStore.get()).toBeNull();
    expect(localStorage.getItem('token')).toBeNull();
    expect(getUserIdCookie()).toBeUndefined();
  }

  it('calls /user/logout with the session still in place, then forgets everything', async () => {
    fillState();
    let tokenDuringCall: string | null = 'unset';
    const { actions, seen } = setup({
      [LOGOUT]: () => {
        tokenDuringCall = getToken();
        return { body: envelope(0, true) };
      },
    });
    await actions.logout();
    expect(seen.map((r) => r.url)).toEqual([LOGOUT]);
    expect(seen[0]!.headers.get('Authorization')).toBe('Bearer old-token');
    expect(tokenDuringCall).toBe('old-token');
    expectForgotten();
  });

  it('still forgets everything locally when the server call fails', async () => {
    fillState();
    const { actions, seen } = setup({
      [LOGOUT]: () => ({ networkError: 'Network Error' }),
    });
    await expect(actions.logout()).resolves.toBeUndefined();
    expect(seen).toHaveLength(1);
    expectForgotten();
  });

  it('still forgets everything locally when the server answers an error code', async () => {
    fillState();
    const { actions } = setup({
      [LOGOUT]: () => ({ status: 500, body: envelope(50000, null, 'down') }),
    });
    await actions.logout();
    expectForgotten();
  });
  it('skips the server call when there is no session, and still forgets', async () => {
    userStore.set(user('7'));
    const { actions, seen } = setup({ [LOGOUT]: () => ({ body: envelope(0, true) }) });
    await actions.logout();
    expect(seen).toEqual([]);
    expectForgotten();
  });
});

describe('createAuthProvider().check (spec §4)', () => {
  const provider = () => createAuthProvider(setup({}).actions);

  it('is authenticated only with a token and a user-id cookie', async () => {
    expect(await provider().check()).toEqual({
      authenticated: false,
      logout: true,
      redirectTo: '/login',
    });

    localStorage.setItem('token', 't');
    expect((await provider().check()).authenticated).toBe(false);

    localStorage.removeItem('token');
    writeCookie(USER_ID_COOKIE, '7');
    expect((await provider().check()).authenticated).toBe(false);

    localStorage.setItem('token', 't');
    expect(await provider().check()).toEqual({ authenticated: true });
  });

  it('counts an empty user-id cookie as present', async () => {
    localStorage.setItem('token', 't');
    writeCookie(USER_ID_COOKIE, '');
    expect((await provider().check()).authenticated).toBe(true);
  });

  it('login answers success with the redirect, or failure with the error', async () => {
    const good = createAuthProvider(
      setup({
        [LOGIN]: () => ({ body: envelope(0, { id: '7', token: 't' }) }),
        [DETAIL]: () => ({ body: envelope(0, user('7')) }),
      }).actions,
    );
    expect(await good.login({ userName: 'a', password: 'b' })).toEqual({
      success: true,
      redirectTo: '/dashboard/workplace',
    });
    deleteCookie(USER_ID_COOKIE);

    const bad = createAuthProvider(
      setup({ [LOGIN]: () => ({ status: 400, body: envelope(40000, null, 'bad') }) }).actions,
    );
    const res = await bad.login({ userName: 'a', password: 'b' });
    expect(res.success).toBe(false);
    expect(res.error).toBeInstanceOf(ApiError);
  });
});
