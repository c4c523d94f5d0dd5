import { HOME_PATH, routeByName } from '../../routes/table';

/**
 * Where to go after login: the `redirect` query names a route (spec §4), and the rest of the
 * query is the query that route had.
 */
export function afterLoginTarget(search: string): string {
  const params = new URLSearchParams(search);
  const name = params.get('redirect');
  params.delete('redirect');
  const route = routeByName(name);
  if (!route) return HOME_PATH;
  const q = params.toString();
  return q ? `${route.path}?${q}` : route.path;
}
