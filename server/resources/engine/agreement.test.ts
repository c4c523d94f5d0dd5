import { beforeAll, expect, it } from 'vitest';
import { mayDo, mayOpen, type Policy } from '../../../contract/access/decide';
import { createAccessEnforcer, policyOf } from '../../../contract/access';
import { apiPath, endpointPath } from '../../../contract/api';
import { flattenRoutes, routesFor } from '../../../contract/menu';
import { ACTIONS, ROLES, type Action, type Role } from '../../../contract/resource';
import { RESOURCES } from '../../../contract/resources';
import { permissionGuard } from '../../../src/routes/guards';
import { describeBackends } from '../../test/backends';
import { useTestApp } from '../../test/harness';

const CALL: Record<Action, string> = {
  list: 'page',
  show: 'detail',
  create: 'create',
  edit: 'update',
  delete: 'delete',
};
const ACCOUNT: Record<Role, string> = { admin: 'admin', user: 'user' };

/**
 * Whatever the console offers, the guard admits and the API allows: every view × role × action.
 * And the API refuses exactly what the policy refuses.
 */
describeBackends('console, guards and API agree', (backend) => {
  const t = useTestApp(backend);
  let policy: Policy;
  const tokens = {} as Record<Role, string>;
  beforeAll(async () => {
    policy = policyOf(await createAccessEnforcer());
    for (const role of ROLES) tokens[role] = await t.login(ACCOUNT[role]);
  });
  const routes = flattenRoutes(routesFor());
  const call = (role: Role, prefix: string, action: Action, body: object) =>
    t.post(apiPath(prefix, CALL[action]), body, { token: tokens[role] });

  it('every page a role may open passes the guard and its data call is allowed', async () => {
    let checked = 0;
    for (const role of ROLES) {
      for (const route of routes.filter((r) => mayOpen(policy, role, r) && !r.external)) {
        const decision = permissionGuard(
          { path: route.path, search: '', route },
          { role, policy, menuFromServer: false, serverMenu: [] },
        );
        expect(decision, `${role} ${route.name}`).toEqual({ kind: 'allow' });
        if (!route.resource || !route.action) continue;
        const def = RESOURCES.find((r) => r.name === route.resource)!;
        const scope = route.scope ? { scope: route.scope } : {};
        const bodies: Record<Action, object> = {
          list: { pageSize: 1, ...scope },
          show: { id: 1 },
          create: scope,
          edit: { id: 2_000_000_000, version: 1 },
          delete: { id: 2_000_000_000 },
        };
        const res = await call(role, def.prefix, route.action, bodies[route.action]);
        expect(res.status, `${role} ${route.name} → ${JSON.stringify(res.body)}`).not.toBe(403);
        if (route.action === 'list') expect(res.body.code, `${role} ${route.name}`).toBe(0);
        checked++;
      }
    }
    expect(checked).toBeGreaterThan(20);
  });

  it('every action a role is offered on a resource is allowed by the API', async () => {
    for (const role of ROLES) {
      for (const def of RESOURCES) {
        for (const action of ACTIONS.filter((a) => mayDo(policy, role, def.name, a, routes))) {
          const res = await call(role, def.prefix, action, { id: 2_000_000_000, version: 1 });
          expect(res.status, `${role} ${action} ${def.name}`).not.toBe(403);
        }
      }
    }
  });

  it('the API refuses with 40300 exactly what the policy refuses, before reading the body', async () => {
    for (const role of ROLES) {
      for (const def of RESOURCES) {
        for (const action of ACTIONS) {
          const res = await call(role, def.prefix, action, { nonsense: true });
          const refused = res.status === 403 && res.body.code === 40300;
          // A call no role may make is not served at all (engine/crud.ts callable).
          const nobody = ROLES.every((r) => !policy(r, def.name, action));
          if (nobody) {
            expect(res.body.code, `${role} ${action} ${def.name}`).toBe(40400);
            continue;
          }
          expect(refused, `${role} ${action} ${def.name}`).toBe(!policy(role, def.name, action));
        }
        for (const [name, endpoint] of Object.entries(def.endpoints ?? {})) {
          const res = await t.post(endpointPath(def, name), {}, { token: tokens[role] });
          // An endpoint may narrow the policy to some roles (approving is the admin's).
          const allowed =
            policy(role, def.name, endpoint.action) &&
            (!endpoint.roles || endpoint.roles.includes(role));
          expect(res.status === 403, `${role} ${name}`).toBe(!allowed);
        }
      }
    }
  });
});
