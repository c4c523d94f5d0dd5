import { beforeAll, describe, expect, it } from 'vitest';
import type { Policy } from '../../contract/access/decide';
import { loadPolicy } from '../providers/access-enforcer';
import type { RouteNode } from '../../contract/menu';
import type { ServerMenuItem } from '../settings/store';
import {
  firstPermittedPath,
  isPublicPath,
  navigationGuard,
  permissionGuard,
  type PermissionContext,
  type Target,
} from './guards';
import {
  HOME_PATH,
  isWindowPath,
  LEAF_ROUTES,
  LOGIN_PATH,
  routeByName,
  routeByPath,
  windowPath,
} from './table';

const WIN = `/win${'aB3'.repeat(10)}xy`; // 'win' + 32 alphanumerics

// The contract's own policy, as the shell loads it.
let policy: Policy;
beforeAll(async () => {
  policy = await loadPolicy();
});
const allowAll: Policy = () => true;

function target(pathWithQuery: string): Target {
  const [path = '', search = ''] = pathWithQuery.split('?');
  return { path, search: search ? `?${search}` : '', route: routeByPath(path) };
}

function route(name: string): RouteNode {
  const r = routeByName(name);
  if (!r) throw new Error(`route ${name} missing from the route table`);
  return r;
}

/** The login URL a redirect decision points at, parsed. */
function loginUrl(decision: ReturnType<typeof navigationGuard>): URL {
  if (decision.kind !== 'redirect') throw new Error(`expected a redirect, got ${decision.kind}`);
  return new URL(decision.to, 'http://console.test');
}

describe('navigationGuard, logged out (spec §4)', () => {
  it('allows the login page and window routes', () => {
    expect(WIN).toHaveLength(36);
    expect(navigationGuard(target(LOGIN_PATH), false)).toEqual({ kind: 'allow' });
    expect(navigationGuard(target('/login?redirect=scene.list'), false)).toEqual({
      kind: 'allow',
    });
    expect(navigationGuard(target(WIN), false)).toEqual({ kind: 'allow' });
    expect(navigationGuard(target(`${WIN}?id=9`), false)).toEqual({ kind: 'allow' });
  });

  it('does not take near-misses for window routes', () => {
    for (const p of [
      WIN.slice(0, -1),
      `${WIN}a`,
      `/win${'-'.repeat(32)}`,
      `/WIN${'a'.repeat(32)}`,
    ]) {
      expect(isPublicPath(p), p).toBe(false);
      expect(navigationGuard(target(p), false).kind, p).toBe('redirect');
    }
  });

  it('sends a menu route to login with redirect=<route name>, keeping its query, and logs out', () => {
    const d = navigationGuard(target('/scene/list?page=2&q=chat'), false);
    expect(d).toMatchObject({ kind: 'redirect', logout: true });
    const url = loginUrl(d);
    expect(url.pathname).toBe(LOGIN_PATH);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      redirect: 'scene.list',
      page: '2',
      q: 'chat',
    });
  });

  it('uses the route name even when the path has a trailing slash', () => {
    const d = navigationGuard(
      { path: '/dashboard/workplace/', search: '', route: routeByPath('/dashboard/workplace/') },
      false,
    );
    expect(loginUrl(d).searchParams.get('redirect')).toBe('dashboard.workplace');
  });

  it('replaces a redirect already in the query instead of keeping two', () => {
    const url = loginUrl(navigationGuard(target('/scene/list?redirect=evil&x=1'), false));
    expect(url.searchParams.getAll('redirect')).toEqual(['scene.list']);
    expect(url.searchParams.get('x')).toBe('1');
  });

  it('sends a hidden route to plain /login (no redirect)', () => {
    expect(route('scene.detail').hidden).toBe(true);
    expect(navigationGuard(target('/scene/detail?id=3'), false)).toEqual({
      kind: 'redirect',
      to: LOGIN_PATH,
      logout: true,
    });
  });

  it('sends an unknown path to plain /login', () => {
    expect(navigationGuard(target('/no/such/page?x=1'), false)).toEqual({
      kind: 'redirect',
      to: LOGIN_PATH,
      logout: true,
    });
  });
});

describe('navigationGuard, logged in', () => {
  it('lets every target through (roles are the permission guard’s job)', () => {
    for (const p of ['/scene/list', '/scene/detail?id=1', '/plugin-config/list', '/nope', WIN]) {
      expect(navigationGuard(target(p), true), p).toEqual({ kind: 'allow' });
    }
  });
});

const local = (role: 'admin' | 'user'): PermissionContext => ({
  role,
  policy,
  menuFromServer: false,
  serverMenu: [],
});

describe('permissionGuard with the local route table (spec §4, §6)', () => {
  it("allows routes whose roles include '*' to every role", () => {
    expect(route('dashboard.workplace').roles).toContain('*');
    for (const role of ['admin', 'user'] as const) {
      expect(permissionGuard(target(HOME_PATH), local(role))).toEqual({ kind: 'allow' });
      expect(permissionGuard(target('/scene/list'), local(role))).toEqual({ kind: 'allow' });
    }
  });

  it('allows a route that lists the role', () => {
    expect(permissionGuard(target('/scene/detail?id=1'), local('user'))).toEqual({
      kind: 'allow',
    });
    expect(permissionGuard(target('/plugin-config/list'), local('admin'))).toEqual({
      kind: 'allow',
    });
  });

  it('redirects a denied route to the first route the role may open', () => {
    expect(permissionGuard(target('/plugin-config/list'), local('user'))).toEqual({
      kind: 'redirect',
      to: firstPermittedPath('user', policy),
    });
    expect(permissionGuard(target('/record/list'), local('admin'))).toEqual({
      kind: 'redirect',
      to: HOME_PATH,
    });
  });

  it('denies a route whose roles admit the role when the policy refuses its action', () => {
    const list = route('plugin-config.list');
    const widened: RouteNode = { ...list, roles: ['*'] };
    const t: Target = { path: list.path, search: '', route: widened };
    expect(permissionGuard(t, local('user'))).toEqual({ kind: 'redirect', to: HOME_PATH });
    expect(permissionGuard(t, local('admin'))).toEqual({ kind: 'allow' });
  });

  it('decides from the route’s own roles', () => {
    const adminOnly: RouteNode = {
      name: 'x.secret',
      path: '/x/secret',
      locale: 'x',
      roles: ['admin'],
    };
    const t: Target = { path: adminOnly.path, search: '', route: adminOnly };
    expect(permissionGuard(t, local('admin'))).toEqual({ kind: 'allow' });
    expect(permissionGuard(t, local('user'))).toEqual({ kind: 'redirect', to: HOME_PATH });
  });

  it('lets targets without a route, login and window routes pass', () => {
    for (const role of ['admin', 'user'] as const) {
      expect(permissionGuard(target('/nope'), local(role))).toEqual({ kind: 'allow' });
      expect(permissionGuard(target(LOGIN_PATH), local(role))).toEqual({ kind: 'allow' });
      expect(permissionGuard(target(WIN), local(role))).toEqual({ kind: 'allow' });
    }
  });
});

describe('firstPermittedPath', () => {
  it('is the workplace for both roles with the real table', () => {
    expect(firstPermittedPath('admin', policy)).toBe(HOME_PATH);
    expect(firstPermittedPath('user', policy)).toBe(HOME_PATH);
  });

  it('skips hidden, external and denied routes, in order', () => {
    const routes: RouteNode[] = [
      { name: 'a', path: '/a', locale: 'a', roles: ['user'], hidden: true },
      { name: 'wiki', path: 'wiki', locale: 'w', roles: ['*'], external: true },
      { name: 'b', path: '/b', locale: 'b', roles: ['admin'] },
      { name: 'c', path: '/c', locale: 'c', roles: ['user'] },
      { name: 'd', path: '/d', locale: 'd', roles: ['*'] },
    ];
    expect(firstPermittedPath('user', allowAll, routes)).toBe('/c');
    expect(firstPermittedPath('admin', allowAll, routes)).toBe('/b');
  });

  it('is null when the role may open nothing', () => {
    const routes: RouteNode[] = [{ name: 'b', path: '/b', locale: 'b', roles: ['admin'] }];
    expect(firstPermittedPath('user', allowAll, routes)).toBeNull();
    expect(firstPermittedPath('user', allowAll, [])).toBeNull();
  });
});

describe('permissionGuard with the menu from the server', () => {
  const menu: ServerMenuItem[] = [
    {
      name: 'scene',
      path: '/scene',
      locale: 'scene.menu.title',
      children: [route('scene.list'), route('scene.detail')],
    },
  ];
  const server = (serverMenu: ServerMenuItem[]): PermissionContext => ({
    role: 'user',
    policy,
    menuFromServer: true,
    serverMenu,
  });

  it('asks for the menu when it is empty', () => {
    expect(permissionGuard(target('/scene/list'), server([]))).toEqual({ kind: 'fetchMenu' });
  });

  it('allows a target found in the menu, nested children included', () => {
    expect(permissionGuard(target('/scene/list'), server(menu))).toEqual({ kind: 'allow' });
    expect(permissionGuard(target('/scene/detail?id=2'), server(menu))).toEqual({
      kind: 'allow',
    });
  });

  it('answers not-found for a target missing from the menu, whatever the local roles say', () => {
    expect(route('dashboard.workplace').roles).toContain('*');
    expect(permissionGuard(target(HOME_PATH), server(menu))).toEqual({ kind: 'notFound' });
  });

  it('lets login, window and route-less targets pass without fetching', () => {
    expect(permissionGuard(target(LOGIN_PATH), server([]))).toEqual({ kind: 'allow' });
    expect(permissionGuard(target(WIN), server([]))).toEqual({ kind: 'allow' });
    expect(permissionGuard(target('/nope'), server([]))).toEqual({ kind: 'allow' });
  });
});

describe('windowPath (spec §2, §9)', () => {
  it("is '/win' + 32 alphanumerics, 36 characters in all", () => {
    const p = windowPath('/scene/list');
    expect(p).toHaveLength(36);
    expect(p).toMatch(/^\/win[A-Za-z0-9]{32}$/);
    expect(isWindowPath(p)).toBe(true);
  });

  it('draws every character from the random source', () => {
    expect(windowPath('/', () => 0)).toBe(`/win${'A'.repeat(32)}`);
    expect(windowPath('/', () => 0.9999999)).toBe(`/win${'9'.repeat(32)}`);
  });

  it('differs between calls', () => {
    expect(windowPath('/a')).not.toBe(windowPath('/a'));
  });

  it('reuses the current path when it already is a window route', () => {
    expect(windowPath(WIN, () => 0)).toBe(WIN);
  });

  it('window routes are not in the route table', () => {
    expect(LEAF_ROUTES.some((r) => isWindowPath(r.path))).toBe(false);
  });
});
