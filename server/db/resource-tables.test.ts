import { getTableColumns } from 'drizzle-orm';
import { getTableConfig, type PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import { allFields, SYSTEM_FIELDS } from '../../contract/resource';
import { RESOURCES } from '../../contract/resources';
import { RESOURCE_TABLES } from './resource-tables';

const systemNames = new Set<string>(SYSTEM_FIELDS.map((f) => f.name));

describe('RESOURCE_TABLES', () => {
  it('has a table for every contract resource and no other', () => {
    expect(Object.keys(RESOURCE_TABLES).sort()).toEqual(RESOURCES.map((r) => r.name).sort());
  });

  it.each(RESOURCES.map((r) => [r.name, r] as const))(
    '%s: every field has a column and every column a field',
    (name, def) => {
      const columns = Object.keys(getTableColumns(RESOURCE_TABLES[name]!));
      // Reference labels (sceneName beside sceneCode) are read from the target, not stored.
      const fields = allFields(def)
        .filter((f) => !f.derivedFrom)
        .map((f) => f.name);
      expect(fields.filter((f) => !columns.includes(f))).toEqual([]);
      expect(columns.filter((c) => !systemNames.has(c) && !fields.includes(c))).toEqual([]);
      for (const system of systemNames) expect(columns).toContain(system);
    },
  );

  it.each(RESOURCES.map((r) => [r.name, r] as const))(
    '%s: every unique field is backed by a unique index',
    (name, def) => {
      const table = RESOURCE_TABLES[name] as PgTable;
      const config = getTableConfig(table);
      const columns = getTableColumns(table);
      const uniqueColumns = new Set([
        ...config.indexes
          .filter((i) => i.config.unique && i.config.columns.length === 1)
          .map((i) => (i.config.columns[0] as { name?: string }).name),
        ...Object.values(columns)
          .filter((c) => c.isUnique)
          .map((c) => c.name),
      ]);
      for (const field of def.fields.filter((f) => f.unique)) {
        expect(uniqueColumns, field.name).toContain(columns[field.name]!.name);
      }
    },
  );
});
