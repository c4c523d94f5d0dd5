import { mayOpen, type Policy } from './access/decide';
import { groupOf, viewAction, viewsOf, type ResourceDef, type Role } from './resource';
import { RESOURCES } from './resources';
import type { RouteNode } from './route-node';

export { allowsRole } from './access/decide';
export type { RouteNode } from './route-node';

// The console's route tree (spec §2): the resource declarations' views plus the entries that are
// no resource. The client builds its routes, menu and guards from it; the server its menu answer.

const ANY = ['*'] as const;

/** The entries of spec §2 that belong to no resource. */
const DASHBOARD: RouteNode = {
  name: 'dashboard',
  path: '/dashboard',
  locale: 'menu.dashboard.title',
  order: 0,
  icon: 'DashboardOutlined',
  children: [
    {
      name: 'dashboard.workplace',
      path: '/dashboard/workplace',
      locale: 'menu.dashboard.workplace',
      roles: ANY,
    },
  ],
};
/**
 * Account, model-version and resource administration: the admin's, after plugin configuration
 * (spec §9 order 7; the stable sort keeps it after the resource groups of the same order).
 * Their calls are admin-only routes outside the resource policy (server/routes/user-admin.ts).
 */
const SYSTEM: RouteNode = {
  name: 'system',
  path: '/system',
  locale: 'menu.system.title',
  order: 7,
  icon: 'TeamOutlined',
  children: [
    {
      name: 'system.users',
      path: '/system/users',
      locale: 'menu.system.users',
      roles: ['admin'],
    },
    {
      name: 'system.model-versions',
      path: '/system/model-versions',
      locale: 'menu.system.modelVersions',
      roles: ['admin'],
    },
    {
      name: 'system.api-keys',
      path: '/system/api-keys',
      locale: 'menu.system.apiKeys',
      roles: ['admin'],
    },
    // The admin declares resources here (its calls are RESOURCE_CONFIG_PATHS).
    {
      name: 'system.resource-config',
      path: '/system/resource-config',
      locale: 'menu.system.resourceConfig',
      roles: ['admin'],
    },
  ],
};
/** The sample pages' route names under /samples (spec §1: fed by the mocked endpoints). */
export const SAMPLE_PAGES = [
  'content-analysis',
  'policy-list',
  'basic-profile',
  'user-info',
  'user-settings',
  'certification',
] as const;

/**
 * Spec §1's sample pages, fed by spec §7's mocked endpoints and linked from the workplace. Only
 * the group is hidden (no menu entries): a hidden leaf means "a list's detail" to breadcrumbs and
 * login redirects, and these pages are peers, each worth returning to after a login.
 */
const SAMPLES: RouteNode = {
  name: 'samples',
  path: '/samples',
  locale: 'menu.samples.title',
  // After every entry of spec §9 (it is never shown; the order only keeps the tree sorted).
  order: 9,
  icon: 'ExperimentOutlined',
  hidden: true,
  children: SAMPLE_PAGES.map((page) => ({
    name: `samples.${page}`,
    path: `/samples/${page}`,
    locale: `menu.samples.${page}`,
    roles: ANY,
  })),
};
// The wiki is an external link; its URL is deployment configuration, not a route.
const WIKI: RouteNode = {
  name: 'wiki',
  path: 'wiki',
  locale: 'menu.wiki',
  order: 8,
  icon: 'ReadOutlined',
  roles: ANY,
  external: true,
};

/** A group without a declared order sits after the spec's groups, before the wiki. */
export const DEFAULT_MENU_ORDER = 50;
const DEFAULT_ICON = 'DatabaseOutlined';

function viewRoutes(def: ResourceDef): RouteNode[] {
  const group = groupOf(def);
  return viewsOf(def).map((v) => ({
    name: `${group}.${v.name}`,
    path: `/${group}/${v.name}`,
    locale: `${group}.menu.${v.name}`,
    roles: v.roles,
    resource: def.name,
    view: v.kind,
    action: viewAction(v),
    ...(v.hidden ? { hidden: true } : {}),
    ...(v.ignoreCache ? { ignoreCache: true } : {}),
    ...(v.scope ? { scope: v.scope, preset: def.scopes?.[v.scope] } : {}),
  }));
}

/** The route tree of a set of resources: groups in menu order, external links last. */
export function routesFor(resources: readonly ResourceDef[] = RESOURCES): RouteNode[] {
  const groups = new Map<string, { owner?: ResourceDef; children: RouteNode[] }>();
  for (const def of resources) {
    const name = groupOf(def);
    const group = groups.get(name) ?? { children: [] };
    if (name === def.name) group.owner = def;
    group.children.push(...viewRoutes(def));
    groups.set(name, group);
  }
  const derived: RouteNode[] = [...groups].map(([name, g]) => ({
    name,
    path: `/${name}`,
    locale: `${name}.menu.title`,
    order: g.owner?.menu?.order ?? DEFAULT_MENU_ORDER,
    icon: g.owner?.menu?.icon ?? DEFAULT_ICON,
    children: g.children,
  }));
  const rank = (n: RouteNode) => (n.external ? 1 : 0);
  return [DASHBOARD, ...derived, SYSTEM, SAMPLES, WIKI].sort(
    (a, b) => rank(a) - rank(b) || (a.order ?? 99) - (b.order ?? 99),
  );
}

/** The menu a role sees: routes it may open (hidden ones kept, flagged), empty groups dropped. */
export function menuForRole(
  role: Role,
  policy: Policy,
  routes: readonly RouteNode[] = routesFor(),
): RouteNode[] {
  const out: RouteNode[] = [];
  for (const node of routes) {
    if (node.children) {
      const children = node.children.filter((c) => mayOpen(policy, role, c));
      if (children.length) out.push({ ...node, children });
    } else if (mayOpen(policy, role, node)) {
      out.push(node);
    }
  }
  return out;
}

/** Every leaf route, flattened, in menu order. */
export function flattenRoutes(routes: readonly RouteNode[] = routesFor()): RouteNode[] {
  return routes.flatMap((n) => (n.children ? [...n.children] : [n]));
}
