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
  /**
   * Field values this page is fixed to: a permanent filter on a list, preset values on a
   * create page (e.g. platform templates are prompts with isPublic = 1).
   */
  readonly preset?: Readonly<Record<string, string | number>>;
  /** Opens in a new tab instead of routing (the wiki). */
  readonly external?: boolean;
  readonly children?: readonly RouteNode[];
}

const USER = ['user'] as const;
const ANY = ['*'] as const;
const ADMIN = ['admin'] as const;

function leaf(
  group: string,
  page: string,
  roles: readonly RouteRole[],
  extra: Partial<RouteNode> = {},
): RouteNode {
  return {
    name: `${group}.${page}`,
    path: `/${group}/${page}`,
    // A resource group's labels live in its own namespace; the dashboard's in `menu`.
    locale: group === 'dashboard' ? `menu.${group}.${page}` : `${group}.menu.${page}`,
    roles,
    ...extra,
  };
}

const PUBLIC = { isPublic: 1 } as const;
const PERSONAL = { isPublic: 0 } as const;

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
    locale: 'scene.menu.title',
    order: 1,
    icon: 'AppstoreOutlined',
    children: [
      leaf('scene', 'list', ANY, { resource: 'scene', view: 'list' }),
      leaf('scene', 'statistics', ANY),
      leaf('scene', 'detail', USER, { hidden: true, resource: 'scene', view: 'show' }),
    ],
  },
  {
    name: 'prompt',
    path: '/prompt',
    locale: 'prompt.menu.title',
    order: 2,
    icon: 'FileTextOutlined',
    children: [
      leaf('prompt', 'list-public', ANY, { resource: 'prompt', view: 'list', preset: PUBLIC }),
      leaf('prompt', 'add-public', ANY, {
        hidden: true,
        resource: 'prompt',
        view: 'create',
        preset: PUBLIC,
      }),
      leaf('prompt', 'detail-public', ANY, {
        hidden: true,
        resource: 'prompt',
        view: 'show',
        preset: PUBLIC,
      }),
      leaf('prompt', 'add', USER, {
        hidden: true,
        resource: 'prompt',
        view: 'create',
        preset: PERSONAL,
      }),
      leaf('prompt', 'list', USER, { resource: 'prompt', view: 'list', preset: PERSONAL }),
      leaf('prompt', 'detail', USER, {
        hidden: true,
        resource: 'prompt',
        view: 'show',
        preset: PERSONAL,
      }),
      leaf('prompt', 'call-list', USER, { resource: 'prompt-call', view: 'list' }),
      leaf('prompt', 'call-detail', USER, { hidden: true, resource: 'prompt-call', view: 'show' }),
    ],
  },
  {
    name: 'record',
    path: '/record',
    locale: 'record.menu.title',
    order: 3,
    icon: 'HistoryOutlined',
    children: [
      leaf('record', 'list', USER, { resource: 'record', view: 'list' }),
      leaf('record', 'detail', USER, { hidden: true, resource: 'record', view: 'show' }),
    ],
  },
  {
    name: 'directive',
    path: '/directive',
    locale: 'directive.menu.title',
    order: 4,
    icon: 'ThunderboltOutlined',
    children: [leaf('directive', 'list', USER, { resource: 'directive', view: 'list' })],
  },
  {
    name: 'corpus',
    path: '/corpus',
    locale: 'corpus.menu.title',
    order: 5,
    icon: 'BookOutlined',
    children: [
      leaf('corpus', 'list', USER, { resource: 'corpus', view: 'list' }),
      leaf('corpus', 'detail', USER, { hidden: true, resource: 'corpus', view: 'show' }),
      // Annotation gets its own page in the corpus issue; until then it shows the set.
      leaf('corpus', 'mark', USER, { hidden: true, resource: 'corpus', view: 'show' }),
    ],
  },
  {
    name: 'model-evaluate',
    path: '/model-evaluate',
    locale: 'model-evaluate.menu.title',
    order: 6,
    icon: 'ExperimentOutlined',
    children: [
      leaf('model-evaluate', 'list', USER, { resource: 'model-evaluate', view: 'list' }),
      leaf('model-evaluate', 'detail', USER, {
        hidden: true,
        resource: 'model-evaluate',
        view: 'show',
      }),
      // Results and report pages get their own views in the evaluation issue.
      leaf('model-evaluate', 'report', USER, {
        hidden: true,
        resource: 'model-evaluate',
        view: 'show',
      }),
      leaf('model-evaluate', 'report-detail', USER, {
        hidden: true,
        resource: 'model-evaluate',
        view: 'show',
      }),
    ],
  },
  {
    name: 'agent',
    path: '/agent',
    locale: 'agent.menu.title',
    order: 7,
    icon: 'RobotOutlined',
    children: [
      leaf('agent', 'list', USER, { resource: 'agent', view: 'list' }),
      leaf('agent', 'detail', USER, { hidden: true, resource: 'agent', view: 'show' }),
    ],
  },
  {
    name: 'plugin-config',
    path: '/plugin-config',
    locale: 'plugin-config.menu.title',
    order: 7,
    icon: 'ApiOutlined',
    children: [leaf('plugin-config', 'list', ADMIN, { resource: 'plugin-config', view: 'list' })],
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
        locale: `${r.name}.menu.title`,
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
