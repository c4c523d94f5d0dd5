import type { ResourceDef, Role, RouteRole } from './resource';
import { RESOURCES } from './resources';

/**
 * The console's route tree: spec §2's table, as data. The client builds its routes, menu and
 * guards from it, and the server answers POST /api/user/menu from it, so both always agree.
 */
export interface RouteNode {
  /** Route name, e.g. 'scene.list'; also the tab and guard identity. */
  readonly name: string;
  /** Absolute path, e.g. '/scene/list'; for the external wiki entry, its URL key. */
  readonly path: string;
  /** Locale key of the label. */
  readonly locale: string;
  /** '*' = any logged-in role. Groups have none: they show when a child shows. */
  readonly roles?: readonly RouteRole[];
  readonly hidden?: boolean;
  /** Menu order of a top-level entry (spec §9). */
  readonly order?: number;
  /** Icon name from @ant-design/icons. */
  readonly icon?: string;
  readonly ignoreCache?: boolean;
  /** The contract resource this page shows, and which of its pages. */
  readonly resource?: string;
  readonly view?: 'list' | 'show' | 'create';
  /** Opens in a new tab instead of routing (the wiki). */
  readonly external?: boolean;
  readonly children?: readonly RouteNode[];
}

const USER = ['user'] as const;
const ANY = ['*'] as const;

function leaf(
  group: string,
  page: string,
  roles: readonly RouteRole[],
  extra: Partial<RouteNode> = {},
): RouteNode {
  return {
    name: `${group}.${page}`,
    path: `/${group}/${page}`,
    locale: `menu.${group}.${page}`,
    roles,
    ...extra,
  };
}

export const STATIC_ROUTES: readonly RouteNode[] = [
  {
    name: 'dashboard',
    path: '/dashboard',
    locale: 'menu.dashboard.title',
    order: 0,
    icon: 'DashboardOutlined',
    children: [leaf('dashboard', 'workplace', ANY)],
  },
  {
    name: 'scene',
    path: '/scene',
    locale: 'menu.scene.title',
    order: 1,
    icon: 'AppstoreOutlined',
    children: [
      leaf('scene', 'list', ANY, { resource: 'scene', view: 'list' }),
      leaf('scene', 'statistics', ANY),
      leaf('scene', 'detail', USER, { hidden: true, resource: 'scene', view: 'show' }),
    ],
  },
  {
    // The wiki is an external link; its URL is deployment configuration, not a route.
    name: 'wiki',
    path: 'wiki',
    locale: 'menu.wiki',
    order: 8,
    icon: 'ReadOutlined',
    roles: ANY,
    external: true,
  },
];

/** Resources declared by config but absent from the static table get a group of their own. */
export function routesFor(resources: readonly ResourceDef[] = RESOURCES): RouteNode[] {
  const covered = new Set<string>();
  const walk = (nodes: readonly RouteNode[]) =>
    nodes.forEach((n) => {
      if (n.resource) covered.add(n.resource);
      if (n.children) walk(n.children);
    });
  walk(STATIC_ROUTES);
  const extra: RouteNode[] = resources
    .filter((r) => !covered.has(r.name))
    .map((r) => {
      const roles = (Object.keys(r.permissions) as Role[]).filter((role) =>
        r.permissions[role]?.includes('list'),
      );
      return {
        name: r.name,
        path: `/${r.name}`,
        locale: `menu.${r.name}.title`,
        order: r.menuOrder ?? 50,
        icon: r.icon ?? 'DatabaseOutlined',
        children: [
          leaf(r.name, 'list', roles, { resource: r.name, view: 'list' }),
          leaf(r.name, 'detail', roles, { hidden: true, resource: r.name, view: 'show' }),
        ],
      };
    });
  return [...STATIC_ROUTES, ...extra].sort((a, b) => (a.order ?? 99) - (b.order ?? 99));
}

export function allowsRole(roles: readonly RouteRole[] | undefined, role: Role): boolean {
  return !roles || roles.includes('*') || roles.includes(role);
}

/** The menu a role sees: routes it may open (hidden ones kept, flagged), empty groups dropped. */
export function menuForRole(role: Role, routes: readonly RouteNode[] = routesFor()): RouteNode[] {
  const out: RouteNode[] = [];
  for (const node of routes) {
    if (node.children) {
      const children = node.children.filter((c) => allowsRole(c.roles, role));
      if (children.length) out.push({ ...node, children });
    } else if (allowsRole(node.roles, role)) {
      out.push(node);
    }
  }
  return out;
}

/** Every leaf route, flattened, in menu order. */
export function flattenRoutes(routes: readonly RouteNode[] = routesFor()): RouteNode[] {
  return routes.flatMap((n) => (n.children ? [...n.children] : [n]));
}
