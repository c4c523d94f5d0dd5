import { describe, expect, it } from 'vitest';
import { menuForRole, type RouteNode } from '../../contract/menu';
import type { Policy } from '../../contract/access/decide';
import { visibleMenu } from './menu-model';

const allow: Policy = () => true;

describe('visibleMenu', () => {
  it('never shows the sample pages nor their hidden group, for either role', () => {
    for (const role of ['admin', 'user'] as const) {
      const names = visibleMenu(role, allow, false, []).map((n) => n.name);
      expect(names, role).not.toContain('samples');
      expect(names, role).toContain('dashboard');
      const leaves = visibleMenu(role, allow, false, []).flatMap((n) => n.children ?? [n]);
      expect(
        leaves.filter((n) => n.name.startsWith('samples.')),
        role,
      ).toEqual([]);
    }
  });

  it('drops a group whose children are all hidden, even when the group itself is not', () => {
    const group: RouteNode = {
      name: 'g',
      path: '/g',
      locale: 'g',
      children: [{ name: 'g.a', path: '/g/a', locale: 'g.a', roles: ['*'], hidden: true }],
    };
    const leaf: RouteNode = { name: 'x', path: '/x', locale: 'x', roles: ['*'] };
    expect(visibleMenu('user', allow, true, [group, leaf]).map((n) => n.name)).toEqual(['x']);
  });

  it('hides the samples in server-menu mode too', () => {
    const served = menuForRole('user', allow);
    expect(served.some((n) => n.name === 'samples')).toBe(true);
    expect(visibleMenu('user', allow, true, served).map((n) => n.name)).not.toContain('samples');
  });
});
