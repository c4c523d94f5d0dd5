import { beforeAll, describe, expect, it } from 'vitest';
import { createAccessEnforcer, policyOf, type Policy } from './access';
import { flattenRoutes, menuForRole, routesFor, SAMPLE_PAGES, type RouteNode } from './menu';
import { defineResource, type RouteRole } from './resource';
import { RESOURCES } from './resources';

let policy: Policy;
beforeAll(async () => {
  policy = policyOf(await createAccessEnforcer());
});

const namesOf = (nodes: readonly RouteNode[]) => nodes.map((n) => n.name);

/**
 * Spec §2's route table: path, roles, hidden. The derived tree must hold every one of these,
 * in this order; it may hold more (resources added later), which these tests leave alone.
 */
const SPEC_ROUTES: readonly [string, readonly RouteRole[], boolean][] = [
  ['/dashboard/workplace', ['*'], false],
  ['/scene/list', ['*'], false],
  ['/scene/statistics', ['*'], false],
  ['/scene/detail', ['user'], true],
  ['/prompt/list-public', ['*'], false],
  ['/prompt/add-public', ['*'], true],
  ['/prompt/detail-public', ['*'], true],
  ['/prompt/add', ['user'], true],
  ['/prompt/list', ['user'], false],
  ['/prompt/detail', ['user'], true],
  ['/prompt/call-list', ['user'], false],
  ['/prompt/call-detail', ['user'], true],
  ['/record/list', ['user'], false],
  ['/record/detail', ['user'], true],
  ['/directive/list', ['user'], false],
  ['/corpus/list', ['user'], false],
  ['/corpus/detail', ['user'], true],
  ['/corpus/mark', ['user'], true],
  ['/model-evaluate/list', ['user'], false],
  ['/model-evaluate/detail', ['user'], true],
  ['/model-evaluate/report', ['user'], true],
  ['/model-evaluate/report-detail', ['user'], true],
  ['/agent/list', ['user'], false],
  ['/agent/detail', ['user'], true],
  ['/plugin-config/list', ['admin'], false],
];

/** Spec §9's menu order of the top-level entries. */
const SPEC_ORDER: Readonly<Record<string, number>> = {
  dashboard: 0,
  scene: 1,
  prompt: 2,
  record: 3,
  directive: 4,
  corpus: 5,
  'model-evaluate': 6,
  agent: 7,
  'plugin-config': 7,
  wiki: 8,
};

describe('route tree derived from the declarations', () => {
  it('holds every route of spec §2 with its roles and hidden flag, in the spec’s order', () => {
    const leaves = flattenRoutes(routesFor()).filter((r) => !r.external);
    const found = SPEC_ROUTES.map(([path]) => leaves.findIndex((r) => r.path === path));
    expect(found.every((i) => i >= 0)).toBe(true);
    expect([...found].sort((a, b) => a - b)).toEqual(found);
    for (const [path, roles, hidden] of SPEC_ROUTES) {
      const route = leaves.find((r) => r.path === path)!;
      expect(route.roles, path).toEqual(roles);
      expect(!!route.hidden, path).toBe(hidden);
    }
  });

  it('orders the top level as spec §9 says, with the wiki link last', () => {
    const top = routesFor();
    for (const node of top) {
      if (node.name in SPEC_ORDER) expect(node.order, node.name).toBe(SPEC_ORDER[node.name]);
    }
    const orders = top.filter((n) => !n.external).map((n) => n.order ?? 0);
    expect([...orders].sort((a, b) => a - b)).toEqual(orders);
    expect(top.at(-1)?.name).toBe('wiki');
  });

  it('gives every view of every resource a unique route name and path', () => {
    const leaves = flattenRoutes(routesFor());
    expect(new Set(leaves.map((r) => r.name)).size).toBe(leaves.length);
    expect(new Set(leaves.map((r) => r.path)).size).toBe(leaves.length);
    // `views: []` declares a resource shown only inside another's pages (corpus items).
    for (const def of RESOURCES.filter((d) => d.views?.length !== 0)) {
      expect(
        leaves.some((r) => r.resource === def.name),
        def.name,
      ).toBe(true);
    }
  });

  it('carries a scoped view’s scope and the field values it fixes', () => {
    const leaves = flattenRoutes(routesFor());
    const personal = leaves.find((r) => r.path === '/prompt/list');
    expect(personal).toMatchObject({ scope: 'personal', preset: { isPublic: 0 } });
  });
});

describe('menuForRole', () => {
  it('shows each role exactly the routes it may open (view roles and policy)', () => {
    for (const role of ['admin', 'user'] as const) {
      const shown = new Set(namesOf(flattenRoutes(menuForRole(role, policy))));
      for (const route of flattenRoutes(routesFor())) {
        const expected =
          !route.roles ||
          ((route.roles.includes('*') || route.roles.includes(role)) &&
            (!route.resource || policy(role, route.resource, route.action!)));
        expect(shown.has(route.name), `${role} ${route.name}`).toBe(expected);
      }
    }
  });

  it('keeps the admin to the spec’s admin menu: any-role pages and plugin configuration', () => {
    const admin = flattenRoutes(menuForRole('admin', policy));
    expect(namesOf(admin)).toContain('plugin-config.list');
    expect(namesOf(admin)).not.toContain('scene.detail');
    expect(namesOf(admin)).not.toContain('prompt.list');
    expect(admin.every((r) => r.roles?.includes('*') || r.roles?.includes('admin'))).toBe(true);
  });

  it('gives the admin, and only the admin, users, model versions and API keys after plugin configuration', () => {
    const admin = namesOf(menuForRole('admin', policy));
    expect(admin.indexOf('system')).toBe(admin.indexOf('plugin-config') + 1);
    const leaves = namesOf(flattenRoutes(menuForRole('admin', policy)));
    expect(leaves).toEqual(
      expect.arrayContaining([
        'system.users',
        'system.model-versions',
        'system.api-keys',
        'system.resource-config',
      ]),
    );
    const system = routesFor().find((n) => n.name === 'system');
    expect(system?.children?.map((c) => [c.path, c.roles])).toEqual([
      ['/system/users', ['admin']],
      ['/system/model-versions', ['admin']],
      ['/system/api-keys', ['admin']],
      ['/system/resource-config', ['admin']],
    ]);
    const user = namesOf(flattenRoutes(menuForRole('user', policy)));
    expect(user.filter((n) => n.startsWith('system'))).toEqual([]);
    expect(namesOf(menuForRole('user', policy))).not.toContain('system');
  });

  it('keeps hidden routes, flagged, so server-menu mode can reach detail pages', () => {
    const detail = flattenRoutes(menuForRole('user', policy)).find(
      (r) => r.name === 'scene.detail',
    );
    expect(detail?.hidden).toBe(true);
  });

  it('gives a resource without views a list and a hidden detail for the roles that list', () => {
    const note = defineResource({
      name: 'fixture-note',
      prefix: 'fixture-note',
      permissions: { user: ['list', 'show'] },
      menu: { order: 9 },
      fields: [{ name: 'noteName', type: 'string', required: true }],
    });
    const routes = routesFor([...RESOURCES, note]);
    const group = routes.find((r) => r.name === 'fixture-note');
    expect(group).toMatchObject({ order: 9, locale: 'fixture-note.menu.title' });
    expect(group?.children?.map((c) => [c.path, c.hidden ?? false])).toEqual([
      ['/fixture-note/list', false],
      ['/fixture-note/detail', true],
    ]);
    expect(routes.at(-1)?.name).toBe('wiki');
    const withNote: Policy = (role, resource, action) =>
      resource === 'fixture-note' ? role === 'user' : policy(role, resource, action);
    expect(namesOf(menuForRole('user', withNote, routes))).toContain('fixture-note');
    expect(namesOf(menuForRole('admin', withNote, routes))).not.toContain('fixture-note');
  });
});

describe('sample pages (spec §1)', () => {
  const samples = () => routesFor().find((n) => n.name === 'samples');

  it('sit in a hidden group under /samples that any role may open', () => {
    const group = samples();
    expect(group).toMatchObject({ path: '/samples', locale: 'menu.samples.title', hidden: true });
    expect(group?.children?.map((c) => [c.name, c.path, c.roles])).toEqual(
      SAMPLE_PAGES.map((p) => [`samples.${p}`, `/samples/${p}`, ['*']]),
    );
    // Peers, not details of a list: each starts its own breadcrumb and keeps its login redirect.
    expect(group?.children?.some((c) => c.hidden || c.resource)).toBe(false);
  });

  it('reach every role’s menu inside the hidden group, so server-menu mode admits them', () => {
    for (const role of ['admin', 'user'] as const) {
      const group = menuForRole(role, policy).find((n) => n.name === 'samples');
      expect(group?.hidden, role).toBe(true);
      expect(group?.children?.map((c) => c.name)).toEqual(SAMPLE_PAGES.map((p) => `samples.${p}`));
    }
  });

  it('keep the top level sorted with the wiki link last', () => {
    const top = routesFor();
    expect(top.at(-1)?.name).toBe('wiki');
    expect(top.at(-2)?.name).toBe('samples');
  });
});
