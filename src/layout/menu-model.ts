import type { Policy } from '../../contract/access/decide';
import { menuForRole, type RouteNode } from '../../contract/menu';
import type { Role } from '../../contract/resource';
import { ROUTE_TREE } from '../routes/table';

/** The menu tree shown: the server's in server-menu mode, else the role's slice of ours. */
export function visibleMenu(
  role: Role,
  policy: Policy,
  menuFromServer: boolean,
  serverMenu: readonly RouteNode[],
  tree: readonly RouteNode[] = ROUTE_TREE,
): RouteNode[] {
  const source = menuFromServer ? [...serverMenu] : menuForRole(role, policy, tree);
  return source
    .filter((n) => !n.hidden)
    .map((n) => (n.children ? { ...n, children: n.children.filter((c) => !c.hidden) } : n))
    .filter((n) => !n.children || n.children.length > 0)
    .sort((a, b) => (a.order ?? 99) - (b.order ?? 99));
}
