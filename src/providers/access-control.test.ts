import type { Enforcer } from 'casbin';
import { beforeAll, describe, expect, it } from 'vitest';
import { createAccessEnforcer } from '../../contract/access';
import { ACTIONS } from '../../contract/resource';
import { createAccessControlProvider, policyAction, sharedEnforcer } from './access-control';

let enforcer: Promise<Enforcer>;
beforeAll(() => {
  enforcer = createAccessEnforcer();
});

const provider = (role: string | null) =>
  createAccessControlProvider(
    () => enforcer,
    () => role,
  );

describe('createAccessControlProvider with the contract policy', () => {
  it.each(ACTIONS)("lets a user %s 'scene'", async (action) => {
    expect(await provider('user').can({ resource: 'scene', action })).toEqual({ can: true });
  });

  it.each(ACTIONS)("lets an admin %s 'scene'", async (action) => {
    expect((await provider('admin').can({ resource: 'scene', action })).can).toBe(true);
  });

  it("maps refine's clone to create", async () => {
    expect(policyAction('clone')).toBe('create');
    expect((await provider('user').can({ resource: 'scene', action: 'clone' })).can).toBe(true);
  });

  it('denies an unknown role, with the not-access reason', async () => {
    expect(await provider('guest').can({ resource: 'scene', action: 'list' })).toEqual({
      can: false,
      reason: 'buttons.notAccessTitle',
    });
  });

  it('denies an unknown action', async () => {
    expect(policyAction('approve')).toBeNull();
    expect((await provider('user').can({ resource: 'scene', action: 'approve' })).can).toBe(false);
  });

  it('denies an unknown resource', async () => {
    expect((await provider('admin').can({ resource: 'nope', action: 'list' })).can).toBe(false);
  });

  it('denies when no role is stored', async () => {
    expect((await provider(null).can({ resource: 'scene', action: 'list' })).can).toBe(false);
  });

  it('reads the role on every check (a role switch applies at once)', async () => {
    let role: string | null = null;
    const p = createAccessControlProvider(
      () => enforcer,
      () => role,
    );
    expect((await p.can({ resource: 'scene', action: 'list' })).can).toBe(false);
    role = 'user';
    expect((await p.can({ resource: 'scene', action: 'list' })).can).toBe(true);
  });

  it('asks refine to hide unauthorized buttons', () => {
    expect(provider('user').options?.buttons).toEqual({
      enableAccessControl: true,
      hideIfUnauthorized: true,
    });
  });

  it('the page-wide enforcer is built once and answers like the contract policy', async () => {
    const a = sharedEnforcer();
    const b = sharedEnforcer();
    expect(a).toBe(b);
    expect(await (await a).enforce('user', 'scene', 'delete')).toBe(true);
    expect(await (await a).enforce('guest', 'scene', 'list')).toBe(false);
  });
});

describe('enforcer construction', () => {
  it('builds the enforcer once however many checks run', async () => {
    let calls = 0;
    const provider = createAccessControlProvider(
      () => {
        calls++;
        return createAccessEnforcer();
      },
      () => 'user',
    );
    const results = await Promise.all(
      ACTIONS.map((action) => provider.can({ resource: 'scene', action })),
    );
    expect(results.every((r) => r.can)).toBe(true);
    await provider.can({ resource: 'plugin-config', action: 'list' });
    expect(calls).toBe(1);
  });
});
