import { describe, expect, it } from 'vitest';
import { createAccessEnforcer } from '../../contract/access';
import { defineResource } from '../../contract/resource';
import { decisions } from './access';

const fixture = defineResource({
  name: 'fixture-decisions',
  prefix: 'fixture-decisions',
  permissions: { admin: ['list'] },
  views: [{ name: 'list', kind: 'list', roles: ['admin'] }],
  fields: [{ name: 'title', type: 'string' }],
});

describe('cached casbin decisions', () => {
  it('answer as the enforcer does, and follow rules added and removed at run time', async () => {
    const enforcer = await createAccessEnforcer([fixture]);
    const cache = decisions(enforcer);
    expect(decisions(enforcer)).toBe(cache);
    expect(await cache.can('admin', 'fixture-decisions', 'list')).toBe(true);
    expect(await cache.can('user', 'fixture-decisions', 'list')).toBe(false);
    // Asked again: the remembered answer.
    expect(await cache.can('user', 'fixture-decisions', 'list')).toBe(false);

    await enforcer.addPolicies([['user', 'fixture-decisions', 'list']]);
    expect(await cache.can('user', 'fixture-decisions', 'list')).toBe(true);

    await enforcer.removeFilteredPolicy(0, '', 'fixture-decisions');
    expect(await cache.can('user', 'fixture-decisions', 'list')).toBe(false);
    expect(await cache.can('admin', 'fixture-decisions', 'list')).toBe(false);
  });

  it('keep no answer taken while the policy was changing', async () => {
    const enforcer = await createAccessEnforcer([fixture]);
    const cache = decisions(enforcer);
    const during = cache.can('user', 'fixture-decisions', 'show');
    await enforcer.addPolicies([['user', 'fixture-decisions', 'show']]);
    await during;
    expect(await cache.can('user', 'fixture-decisions', 'show')).toBe(true);
  });
});
