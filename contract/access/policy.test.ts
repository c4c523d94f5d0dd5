import { describe, expect, it } from 'vitest';
import { defineResource, type ResourceDef } from '../resource';
import { RESOURCES } from '../resources';
import { buildPolicy, can, createAccessEnforcer } from './index';

const note = defineResource({
  name: 'fixture-note',
  prefix: 'fixture-note',
  permissions: { admin: ['list'] },
  fields: [{ name: 'text', type: 'string', required: true }],
});

const board = defineResource({
  name: 'fixture-board',
  prefix: 'fixture-boards',
  permissions: { user: ['list', 'show'], admin: ['list', 'show', 'create', 'edit', 'delete'] },
  fields: [{ name: 'title', type: 'string' }],
});

describe('buildPolicy', () => {
  it('writes one policy line per role × resource × action, in declaration order', () => {
    expect(buildPolicy([note, board]).split('\n')).toEqual([
      'p, admin, fixture-note, list',
      'p, user, fixture-board, list',
      'p, user, fixture-board, show',
      'p, admin, fixture-board, list',
      'p, admin, fixture-board, show',
      'p, admin, fixture-board, create',
      'p, admin, fixture-board, edit',
      'p, admin, fixture-board, delete',
    ]);
  });

  it('uses the resource name, not its endpoint prefix', () => {
    expect(buildPolicy([board])).not.toContain('fixture-boards');
  });

  it('is empty for no resources or no permissions', () => {
    const none: ResourceDef = { ...note, permissions: {} };
    expect(buildPolicy([])).toBe('');
    expect(buildPolicy([none])).toBe('');
  });

  it('covers every contract resource', () => {
    const policy = buildPolicy(RESOURCES);
    for (const r of RESOURCES) expect(policy).toContain(`, ${r.name}, `);
  });
});

describe('createAccessEnforcer', () => {
  it('allows exactly what a fixture resource declares', async () => {
    const e = await createAccessEnforcer([note]);
    expect(await can(e, 'admin', 'fixture-note', 'list')).toBe(true);
    expect(await can(e, 'user', 'fixture-note', 'list')).toBe(false);
    expect(await can(e, 'admin', 'fixture-note', 'create')).toBe(false);
    expect(await can(e, 'admin', 'scene', 'list')).toBe(false);
  });

  it('keeps resources apart', async () => {
    const e = await createAccessEnforcer([note, board]);
    expect(await can(e, 'user', 'fixture-board', 'show')).toBe(true);
    expect(await can(e, 'user', 'fixture-board', 'delete')).toBe(false);
    expect(await can(e, 'user', 'fixture-note', 'show')).toBe(false);
    expect(await can(e, 'admin', 'fixture-board', 'delete')).toBe(true);
  });

  it('defaults to the contract resources (scene for both roles)', async () => {
    const e = await createAccessEnforcer();
    expect(await can(e, 'user', 'scene', 'delete')).toBe(true);
    expect(await can(e, 'admin', 'scene', 'list')).toBe(true);
    expect(await can(e, 'guest', 'scene', 'list')).toBe(false);
  });
});
