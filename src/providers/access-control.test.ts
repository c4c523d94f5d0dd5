import { beforeAll, describe, expect, it } from 'vitest';
import type { Policy } from '../../contract/access/decide';
import { createAccessEnforcer, policyOf } from '../../contract/access';
import { ACTIONS } from '../../contract/resource';
import { RESOURCES } from '../../contract/resources';
import { createAccessControlProvider, loadPolicy, policyAction } from './access-control';
import { loadPolicy as loadContractPolicy } from './access-enforcer';

let policy: Promise<Policy>;
beforeAll(() => {
  policy = loadContractPolicy();
});

const provider = (role: string | null) =>
  createAccessControlProvider(
    () => policy,
    () => role,
  );

describe('createAccessControlProvider with the contract policy', () => {
  it.each(ACTIONS)("lets a user %s 'scene'", async (action) => {
    expect(await provider('user').can({ resource: 'scene', action })).toEqual({ can: true });
  });

  it('gives the admin no scene show: its only detail page is the user’s (spec §2)', async () => {
    expect((await provider('admin').can({ resource: 'scene', action: 'show' })).can).toBe(false);
    for (const action of ['list', 'create', 'edit', 'delete']) {
      expect((await provider('admin').can({ resource: 'scene', action })).can, action).toBe(true);
    }
  });

  it("maps refine's clone to create", async () => {
    expect(policyAction('clone')).toBe('create');
    expect((await provider('user').can({ resource: 'scene', action: 'clone' })).can).toBe(true);
  });

  it('denies an unknown role, with the not-access reason', async () => {
    expect(await provider('guest').can({ resource: 'scene', action: 'list' })).toEqual({
      can: false,
    });
    expect(await provider('user').can({ resource: 'plugin-config', action: 'list' })).toEqual({
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
      () => policy,
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
});

describe('the page-wide policy', () => {
  it('is loaded once and answers like the contract policy', async () => {
    const a = loadPolicy();
    const b = loadPolicy();
    expect(a).toBe(b);
    expect((await a)('user', 'scene', 'delete')).toBe(true);
    expect((await a)('user', 'plugin-config', 'list')).toBe(false);
  });
});

describe('the loaded policy', () => {
  it('answers as casbin does, asked once or again (answers are kept)', async () => {
    const ask = await policy;
    const casbin = policyOf(await createAccessEnforcer());
    for (const role of ['user', 'admin'] as const) {
      for (const { name } of RESOURCES) {
        for (const action of ACTIONS) {
          const expected = casbin(role, name, action);
          expect(ask(role, name, action)).toBe(expected);
          expect(ask(role, name, action)).toBe(expected);
        }
      }
    }
  });
});
