import { describe, expect, it } from 'vitest';
import { flattenRoutes, routesFor } from '../menu';
import { defineResource, ROLES } from '../resource';
import { RESOURCES } from '../resources';
import { prompt } from '../resources/prompt';
import { disagreements, mayCall, mayDo } from './decide';
import { createAccessEnforcer, policyOf } from './index';

describe('route roles and the policy agree', () => {
  it('no view promises a role what the policy refuses (every view × role)', async () => {
    const policy = policyOf(await createAccessEnforcer());
    expect(disagreements(policy, flattenRoutes(routesFor()), ROLES)).toEqual([]);
  });

  it('catches a view whose roles outrun the policy', async () => {
    const report = defineResource({
      name: 'fixture-report',
      prefix: 'fixture-report',
      permissions: { admin: ['list'] },
      views: [{ name: 'list', kind: 'list', roles: ['*'] }],
      fields: [{ name: 'title', type: 'string' }],
    });
    const resources = [...RESOURCES, report];
    const policy = policyOf(await createAccessEnforcer(resources));
    expect(disagreements(policy, flattenRoutes(routesFor(resources)), ROLES)).toEqual([
      'fixture-report.list: user may open it, but may not list fixture-report',
    ]);
  });

  it('offers no action on a page the role cannot open: the admin gets no scene view', async () => {
    const policy = policyOf(await createAccessEnforcer());
    const routes = flattenRoutes(routesFor());
    expect(policy('admin', 'scene', 'show')).toBe(true);
    expect(mayDo(policy, 'admin', 'scene', 'show', routes)).toBe(false);
    expect(mayDo(policy, 'user', 'scene', 'show', routes)).toBe(true);
    // In-place actions (edit in a dialog, delete) follow the policy alone.
    expect(mayDo(policy, 'admin', 'scene', 'edit', routes)).toBe(true);
    expect(mayDo(policy, 'user', 'plugin-config', 'delete', routes)).toBe(false);
  });

  it('keeps a call that names roles to them, on top of the policy: only the admin approves', async () => {
    const policy = policyOf(await createAccessEnforcer());
    const routes = flattenRoutes(routesFor());
    const { approve, submit } = prompt.endpoints;
    expect(policy('user', 'prompt', approve.action)).toBe(true);
    expect(mayCall(policy, 'user', 'prompt', approve, routes)).toBe(false);
    expect(mayCall(policy, 'admin', 'prompt', approve, routes)).toBe(true);
    expect(mayCall(policy, 'user', 'prompt', submit, routes)).toBe(true);
    expect(mayCall(() => false, 'admin', 'prompt', approve, routes)).toBe(false);
  });
});
