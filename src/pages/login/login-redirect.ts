import { HOME_PATH, routeByName } from '../../routes/table';
import { windowOfRedirect } from '../window/window-link';

/**
 * Where to go after login: the `redirect` query names a route (spec §4), or a window (its path
 * without the slash), and the rest of the query is the query that route or window had.
 */
export function afterLoginTarget(search: string): string {
  const params = new URLSearchParams(search);
  const name = params.get('redirect');
  params.delete('redirect');
  const path = windowOfRedirect(name) ?? routeByName(name)?.path;
  if (!path) return HOME_PATH;
  const q = params.toString();
  return q ? `${path}?${q}` : path;
}
