import { describe, expect, it } from 'vitest';
import { allFields, type ResourceDef } from '../resource';
import { createSchema, pageSchema, recordSchema } from '../resource-schema';
import { knowledge, labels, parse, type Input } from './test-fixtures';
import { toResourceDef } from './to-resource';

describe('toResourceDef', () => {
  it('maps the declaration onto a ResourceDef the machinery accepts', () => {
    const def = toResourceDef(parse(knowledge()));
    expect(def).toMatchObject({
      name: 'knowledge',
      prefix: 'knowledge',
      titleField: 'title',
      permissions: { user: ['list', 'show', 'create', 'edit', 'delete'] },
      defaultSort: { field: 'createdAt', order: 'desc' },
      menu: {},
    });
    expect(def.views).toBeUndefined();
    expect(def.softDelete).toBeUndefined();
    const byName = new Map(def.fields.map((f) => [f.name, f]));
    expect(byName.get('status')).toMatchObject({
      options: ['draft', 'published'],
      default: 'draft',
    });
    expect(byName.get('template')?.reference).toEqual({
      resource: 'prompt',
      key: 'id',
      label: 'title',
      as: 'templateLabel',
    });
    expect(byName.get('title')).toEqual({
      name: 'title',
      type: 'string',
      required: true,
      list: true,
      search: true,
    });
    expect(allFields(def).map((f) => f.name)).toContain('templateLabel');
    // The generic schemas build from it.
    expect(createSchema(def).safeParse({ title: 'Hi', template: 3 }).success).toBe(true);
    expect(() => pageSchema(def)).not.toThrow();
    expect(() => recordSchema(def)).not.toThrow();
  });

  it('keeps a declared prefix, menu and default sort', () => {
    const def = toResourceDef(
      parse({
        ...knowledge(),
        prefix: 'kb/article',
        menu: { group: 'kb', order: 6, icon: 'BookOutlined' },
        defaultSort: { field: 'views', order: 'asc' },
      }),
    );
    expect(def).toMatchObject({
      prefix: 'kb/article',
      menu: { group: 'kb', order: 6, icon: 'BookOutlined' },
      defaultSort: { field: 'views', order: 'asc' },
    });
  });

  it('lists the declared system times as columns beside the default sort', () => {
    const listed = (decl: Input) =>
      allFields(toResourceDef(parse(decl)))
        .filter((f) => f.list && (f.name === 'createdAt' || f.name === 'updatedAt'))
        .map((f) => f.name);
    expect(listed(knowledge())).toEqual(['createdAt']);
    expect(listed({ ...knowledge(), listTimes: ['updatedAt'] })).toEqual([
      'createdAt',
      'updatedAt',
    ]);
    expect(toResourceDef(parse(knowledge())).listTimes).toBeUndefined();
  });

  it('titles by the first required string, else the first string, else nothing', () => {
    const titleOf = (fields: Input[]): ResourceDef['titleField'] =>
      toResourceDef(parse({ ...knowledge(), fields })).titleField;
    const str = (name: string, extra: Input = {}) => ({
      name,
      type: 'string',
      labels: labels(name, name),
      ...extra,
    });
    expect(titleOf([str('a'), str('b', { required: true })])).toBe('b');
    expect(titleOf([{ ...str('n'), type: 'text' }, str('a'), str('b')])).toBe('a');
    expect(titleOf([{ ...str('n'), type: 'integer' }])).toBeUndefined();
  });
});
