import { describe, expect, it } from 'vitest';
import { navigationGuard } from '../../routes/guards';
import { HOME_PATH, routeByPath } from '../../routes/table';
import { windowLoginHref } from '../window/window-link';
import { afterLoginTarget } from './login-redirect';

const WIN = `win${'aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1dE'}`;

describe('afterLoginTarget (spec §4)', () => {
  it('goes to the route named by redirect', () => {
    expect(afterLoginTarget('?redirect=scene.list')).toBe('/scene/list');
  });

  it('passes the rest of the query on to that route', () => {
    expect(afterLoginTarget('?redirect=scene.list&page=2&q=chat')).toBe(
      '/scene/list?page=2&q=chat',
    );
  });

  it('works without the leading question mark', () => {
    expect(afterLoginTarget('redirect=scene.statistics')).toBe('/scene/statistics');
  });

  it('goes home without a redirect, or with an unknown route name', () => {
    expect(afterLoginTarget('')).toBe(HOME_PATH);
    expect(afterLoginTarget('?x=1')).toBe(HOME_PATH);
    expect(afterLoginTarget('?redirect=')).toBe(HOME_PATH);
    expect(afterLoginTarget('?redirect=no.such.route&x=1')).toBe(HOME_PATH);
  });

  it('never follows a redirect that is a URL or a path', () => {
    expect(afterLoginTarget('?redirect=https://evil.example')).toBe(HOME_PATH);
    expect(afterLoginTarget('?redirect=/scene/list')).toBe(HOME_PATH);
    expect(afterLoginTarget('?redirect=//evil.example')).toBe(HOME_PATH);
  });

  it('round-trips the navigation guard’s login redirect', () => {
    const path = '/scene/list';
    const decision = navigationGuard(
      { path, search: '?page=3&sort=desc', route: routeByPath(path) },
      false,
    );
    if (decision.kind !== 'redirect') throw new Error('expected a redirect');
    const search = decision.to.slice(decision.to.indexOf('?'));
    expect(afterLoginTarget(search)).toBe('/scene/list?page=3&sort=desc');
  });

  it('goes back to the window a logged-out window sent to login, with its query', () => {
    const login = windowLoginHref(`/${WIN}`, '?route=record.detail&id=42');
    expect(login).toBe(`/login?redirect=${WIN}&route=record.detail&id=42`);
    expect(afterLoginTarget(login.slice(login.indexOf('?')))).toBe(
      `/${WIN}?route=record.detail&id=42`,
    );
  });

  it('follows a window redirect only when it is a whole window id', () => {
    expect(afterLoginTarget(`?redirect=/${WIN}`)).toBe(HOME_PATH);
    expect(afterLoginTarget(`?redirect=${WIN}x`)).toBe(HOME_PATH);
    expect(afterLoginTarget(`?redirect=${WIN.slice(0, -1)}`)).toBe(HOME_PATH);
  });
});
