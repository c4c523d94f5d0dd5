import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { can, createAccessEnforcer } from '../../contract/access';
import { RESERVED_NAMES } from '../../contract/resource';
import { RESOURCES } from '../../contract/resources';
import { API_PERMISSIONS, apiPolicyRules, grantApiPermissions } from './api-policy';

describe('the policy of the API groups that are not resources', () => {
  it('names only reserved groups, which no declared or configured resource can take', () => {
    for (const group of Object.keys(API_PERMISSIONS)) {
      expect(RESERVED_NAMES).toContain(group);
      expect(RESOURCES.map((r) => r.name)).not.toContain(group);
    }
  });

  it('joins the enforcer once the app is ready: the admin administers, a user does not', async () => {
    const enforcer = await createAccessEnforcer();
    const app = Fastify();
    grantApiPermissions(app, enforcer);
    grantApiPermissions(app, enforcer);
    expect(await can(enforcer, 'admin', 'user', 'list')).toBe(false);
    await app.ready();
    for (const [role, group, action] of apiPolicyRules()) {
      expect(await can(enforcer, role!, group!, action as 'list')).toBe(true);
    }
    expect(await can(enforcer, 'admin', 'user', 'edit')).toBe(true);
    expect(await can(enforcer, 'user', 'user', 'show')).toBe(false);
    expect(await can(enforcer, 'user', 'meta', 'list')).toBe(false);
    expect(await can(enforcer, 'user', 'model', 'create')).toBe(false);
    const ours = (await enforcer.getPolicy()).filter(([, obj]) => obj! in API_PERMISSIONS);
    expect(ours).toHaveLength(apiPolicyRules().length);
    await app.close();
  });

  it('adds the rest when the enforcer has some of the rules already', async () => {
    const enforcer = await createAccessEnforcer();
    await enforcer.addPolicies([['admin', 'user', 'list']]);
    const app = Fastify();
    grantApiPermissions(app, enforcer);
    await app.ready();
    expect(await can(enforcer, 'admin', 'user', 'create')).toBe(true);
    expect(await can(enforcer, 'admin', 'meta', 'delete')).toBe(true);
    await app.close();
  });
});
