import { isWindowPath, LOGIN_PATH, windowPath } from '../../routes/table';

/**
 * Where a page opens in a window of its own: a window path, `route` naming the page, then the
 * page's own query (its context, e.g. `id`). Inside a window the window's path is kept.
 */
export function windowHref(
  routeName: string,
  search: string,
  currentPath: string,
  random?: () => number,
): string {
  const query = new URLSearchParams({ route: routeName });
  new URLSearchParams(search).forEach((v, k) => {
    if (k !== 'route') query.append(k, v);
  });
  return `${windowPath(currentPath, random)}?${query.toString()}`;
}

/**
 * The login page for a logged-out window: `redirect` names the window (its path without the
 * slash, as other routes are named) and the window's query rides along, so the login lands
 * back on the same page.
 */
export function windowLoginHref(path: string, search: string): string {
  const query = new URLSearchParams({ redirect: path.replace(/^\//, '') });
  new URLSearchParams(search).forEach((v, k) => {
    if (k !== 'redirect') query.append(k, v);
  });
  return `${LOGIN_PATH}?${query.toString()}`;
}

/** The window a login `redirect` names, as a path ('/win…'), or undefined for anything else. */
export function windowOfRedirect(name: string | null | undefined): string | undefined {
  const path = name ? `/${name}` : '';
  return isWindowPath(path) ? path : undefined;
}
