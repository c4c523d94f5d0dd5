import { describe, expect, it } from 'vitest';
import { flattenRoutes, menuForRole, routesFor, STATIC_ROUTES } from './menu';
import { defineResource } from './resource';
import { RESOURCES } from './resources';

const labelsOf = (nodes: ReturnType<typeof menuForRole>) => nodes.map((n) => n.name);

describe('route tree', () => {
  it('orders the top-level menu as spec §9 says', () => {
    expect(routesFor().map((n) => [n.name, n.order])).toEqual([
      ['dashboard', 0],
      ['scene', 1],
      ['prompt', 2],
      ['record', 3],
      ['directive', 4],
      ['corpus', 5],
      ['model-evaluate', 6],
      ['agent', 7],
      ['plugin-config', 7],
      ['wiki', 8],
    ]);
  });

  it('has every path of spec §2', () => {
    const paths = flattenRoutes(STATIC_ROUTES)
      .filter((r) => !r.external)
      .map((r) => r.path);
    expect(paths).toEqual([
      '/dashboard/workplace',
      '/scene/list',
      '/scene/statistics',
      '/scene/detail',
      '/prompt/list-public',
      '/prompt/add-public',
      '/prompt/detail-public',
      '/prompt/add',
      '/prompt/list',
      '/prompt/detail',
      '/prompt/call-list',
      '/prompt/call-detail',
      '/record/list',
      '/record/detail',
      '/directive/list',
      '/corpus/list',
      '/corpus/detail',
      '/corpus/mark',
      '/model-evaluate/list',
      '/model-evaluate/detail',
      '/model-evaluate/report',
      '/model-evaluate/report-detail',
      '/agent/list',
      '/agent/detail',
      '/plugin-config/list',
    ]);
  });

  it('gives the admin the any-role pages and plugin configuration only', () => {
    const admin = menuForRole('admin');
    expect(labelsOf(admin)).toEqual(['dashboard', 'scene', 'prompt', 'plugin-config', 'wiki']);
    const names = flattenRoutes(admin).map((r) => r.name);
    expect(names).toContain('prompt.add-public');
    expect(names).not.toContain('scene.detail');
    expect(names).not.toContain('prompt.list');
  });

  it('gives the user everything but plugin configuration', () => {
    const user = menuForRole('user');
    expect(labelsOf(user)).toEqual([
      'dashboard',
      'scene',
      'prompt',
      'record',
      'directive',
      'corpus',
      'model-evaluate',
      'agent',
      'wiki',
    ]);
  });

  it('keeps hidden routes in the menu, flagged, so server-menu mode can reach detail pages', () => {
    const detail = flattenRoutes(menuForRole('user')).find((r) => r.name === 'scene.detail');
    expect(detail?.hidden).toBe(true);
  });

  it('gives a resource added by config a menu group of its own', () => {
    const knowledge = defineResource({
      name: 'knowledge',
      prefix: 'knowledge',
      permissions: { user: ['list', 'show'] },
      menuOrder: 9,
      fields: [{ name: 'knowledgeName', type: 'string', required: true }],
    });
    const routes = routesFor([...RESOURCES, knowledge]);
    const group = routes.find((r) => r.name === 'knowledge');
    expect(group?.order).toBe(9);
    expect(group?.children?.map((c) => c.path)).toEqual(['/knowledge/list', '/knowledge/detail']);
    expect(labelsOf(menuForRole('user', routes))).toContain('knowledge');
    expect(labelsOf(menuForRole('admin', routes))).not.toContain('knowledge');
  });
});
