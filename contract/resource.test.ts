import { describe, expect, it } from 'vitest';
import { allFields, defineResource, type ResourceDef } from './resource';
import { prompt } from './resources/prompt';
import { record } from './resources/record';

const listed = (def: ResourceDef) =>
  allFields(def)
    .filter((f) => f.list)
    .map((f) => f.name);

const base = {
  prefix: 'fixture',
  permissions: { user: ['list'] },
  fields: [{ name: 'title', type: 'string', list: true, sortable: true }],
} as const;

describe('list columns of the system times', () => {
  it('a list ordered by a system time shows it: the order has a visible reason', () => {
    const def = defineResource({
      ...base,
      name: 'fixture-newest',
      defaultSort: { field: 'createdAt', order: 'desc' },
    });
    expect(listed(def)).toEqual(['id', 'createdAt', 'title']);
  });

  it('otherwise the times stay in the detail, unless the declaration lists them', () => {
    expect(listed(defineResource({ ...base, name: 'fixture-plain' }))).toEqual(['id', 'title']);
    const def = defineResource({
      ...base,
      name: 'fixture-times',
      defaultSort: { field: 'title', order: 'asc' },
      listTimes: ['updatedAt'],
    });
    expect(listed(def)).toEqual(['id', 'updatedAt', 'title']);
  });

  it("holds spec §2's columns: templates and sessions show when they were created", () => {
    expect(listed(prompt)).toEqual(
      expect.arrayContaining(['id', 'title', 'createdAt', 'sceneCode', 'type', 'status']),
    );
    expect(listed(record)).toEqual(
      expect.arrayContaining(['chatId', 'title', 'sceneCode', 'createdAt', 'modifiedAt', 'type']),
    );
    expect(listed(record)).toContain('tag');
  });
});
