import { getTableColumns, sql, type SQL } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { snakeCase, tableNameOf, allFields, type FieldDef } from '../../contract/resource';
import type { PageQuery } from '../../contract/resource-schema';
import { RESOURCES } from '../../contract/resources';
import { orderOf, whereOf } from '../resources/engine/query';
import { describeBackends } from '../test/backends';
import { fillGenerated, KEYWORD_OF } from '../test/generated-rows';
import { useTestApp } from '../test/harness';
import { RESOURCE_TABLES } from './resource-tables';

/**
 * A value of the field's type that no generated row holds. For a value most rows hold, walking
 * the sort's own index and skipping the others is as good a plan (and the planner may pick
 * it); for a rare one only an index led by the filter avoids reading the whole table.
 */
function rareValue(f: FieldDef): string | number {
  const numeric =
    f.type === 'integer' ||
    (f.type === 'reference' && f.reference?.key === 'id') ||
    (f.type === 'enum' && typeof f.options?.[0] === 'number');
  return numeric ? 999 : 'absent';
}

/** The fields whose text query.ts matches with ILIKE: the keyword's and `contains` filters. */
function searchedFields(def: (typeof RESOURCES)[number]): FieldDef[] {
  return allFields(def).filter(
    (f) =>
      !f.derivedFrom &&
      (f.search || f.filter === 'contains') &&
      f.type !== 'datetime' &&
      f.type !== 'tags',
  );
}

/**
 * Every filter and sort a list offers is served by an index: with the alternatives priced out,
 * the planner picks one; keyword and `contains` filters read the trigram indexes; a filter with
 * the default sort walks an index in order. list-plans.test.ts checks the planner's own choice.
 */
describeBackends('indexes behind list filters and sorts', (backend) => {
  // A few thousand rows with statistics: on empty tables the planner reads a soft-deleting
  // table's live rows through any partial index on them as readily as through the right one.
  const t = useTestApp(backend, {
    seed: false,
    prepare: (db) => fillGenerated(db, RESOURCES, 2_000),
  });

  const plan = async (query: SQL, disable: string[] = ['enable_seqscan']): Promise<string> => {
    return t.db.transaction(async (tx) => {
      for (const setting of disable) await tx.execute(sql.raw(`set local ${setting} = off`));
      const result = await tx.execute(sql`explain ${query}`);
      const rows = (result as unknown as { rows: Record<string, string>[] }).rows;
      return rows.map((r) => Object.values(r)[0]).join('\n');
    });
  };

  const cases: { name: string; query: SQL }[] = [];
  for (const def of RESOURCES) {
    const table = sql.identifier(tableNameOf(def));
    // Lists only ever read live rows; unique indexes are partial on them.
    const live = def.softDelete ? sql`${sql.identifier(snakeCase(def.softDelete))} = 0` : sql`true`;
    for (const f of allFields(def)) {
      if (f.derivedFrom) continue;
      const column = sql.identifier(snakeCase(f.name));
      if (f.filter === 'eq' || f.filter === 'range') {
        const value =
          f.type === 'tags'
            ? sql`${column} @> array['x']::text[]`
            : f.type === 'datetime'
              ? sql`${column} >= now()`
              : f.type === 'integer' ||
                  f.type === 'reference' ||
                  (f.type === 'enum' && typeof f.options?.[0] === 'number')
                ? f.type === 'reference' && f.reference?.key !== 'id'
                  ? sql`${column} = 'x'`
                  : sql`${column} = 1`
                : sql`${column} = 'x'`;
        cases.push({
          name: `${def.name} filter ${f.name}`,
          query: sql`select id from ${table} where ${live} and ${value}`,
        });
      }
      if (f.sortable) {
        cases.push({
          name: `${def.name} sort ${f.name}`,
          query: sql`select id from ${table} where ${live} order by ${column} desc limit 10`,
        });
      }
    }
  }

  it('finds filters and sorts to check', () => {
    expect(cases.length).toBeGreaterThan(30);
  });

  it('every filter (eq, range, tags) and every sort uses an index', async () => {
    const unserved: string[] = [];
    for (const c of cases) {
      const text = await plan(c.query);
      if (!/Index (Only )?Scan|Bitmap Index Scan/.test(text)) unserved.push(`${c.name}:\n${text}`);
    }
    expect(unserved).toEqual([]);
  });

  const keywordCases: { name: string; query: SQL; indexes: string[] }[] = [];
  const pairCases: { name: string; query: SQL; column: string }[] = [];
  for (const def of RESOURCES) {
    const table = RESOURCE_TABLES[def.name];
    if (!table) throw new Error(`no table for ${def.name}`);
    const columns = getTableColumns(table);
    const tableName = tableNameOf(def);
    const select = (where: SQL | undefined, page?: PageQuery['sorters'] | null) => {
      const base = sql`select ${columns.id} from ${table} where ${where ?? sql`true`}`;
      if (page === undefined) return base;
      // The ORDER BY and LIMIT of a list's first page (one row more: "is there a next page").
      const order = sql.join(orderOf(def, columns, page ?? undefined), sql`, `);
      return sql`${base} order by ${order} limit 21`;
    };

    const searched = searchedFields(def);
    if (searched.length) {
      const indexes = searched
        .filter((f) => f.search)
        .map((f) => `${tableName}_${snakeCase(f.name)}_trgm_idx`);
      if (indexes.length) {
        // Chinese and Latin text: both make trigrams in this database's ctype (C.UTF-8). Rare
        // ones: for a keyword in most rows, reading them all is the better plan.
        for (const keyword of ['退货地址', KEYWORD_OF(1234)]) {
          keywordCases.push({
            name: `${def.name} keyword "${keyword}"`,
            query: select(whereOf(def, columns, { keyword })),
            indexes,
          });
        }
      }
      for (const f of searched.filter((g) => g.filter === 'contains')) {
        keywordCases.push({
          name: `${def.name} ${f.name} contains`,
          query: select(
            whereOf(def, columns, {
              filters: [{ field: f.name, operator: 'contains', value: '场景abc' }],
            }),
          ),
          indexes: [`${tableName}_${snakeCase(f.name)}_trgm_idx`],
        });
      }
    }

    if (def.defaultSort) {
      for (const f of allFields(def)) {
        // A unique field's eq filter answers one row: its unique index serves it, unsorted.
        // A tags filter is a GIN containment test, which no order can follow.
        if (f.filter !== 'eq' || f.derivedFrom || f.unique || f.type === 'tags') continue;
        pairCases.push({
          name: `${def.name} ${f.name} = … by ${def.defaultSort.field}`,
          query: select(
            whereOf(def, columns, {
              filters: [{ field: f.name, operator: 'eq', value: rareValue(f) }],
            }),
            null,
          ),
          column: snakeCase(f.name),
        });
      }
    }
  }

  it('finds keyword fields and filter + default sort pairs to check', () => {
    expect(keywordCases.length).toBeGreaterThan(15);
    expect(pairCases.length).toBeGreaterThan(30);
  });

  it('the keyword and contains filters read the trigram index of every field they search', async () => {
    const unserved: string[] = [];
    for (const c of keywordCases) {
      // A plain index scan cannot match '%…%'; it would only read a (partial) index whole.
      const text = await plan(c.query, ['enable_seqscan', 'enable_indexscan']);
      const missing = c.indexes.filter((name) => !text.includes(name));
      if (missing.length || /Seq Scan/.test(text)) {
        unserved.push(`${c.name}: missing ${missing.join(', ')}\n${text}`);
      }
    }
    expect(unserved).toEqual([]);
  });

  it('an eq filter with the default sort walks an index in order, sorting no matches', async () => {
    const unserved: string[] = [];
    for (const c of pairCases) {
      // With sorting priced out too, a plan without a full Sort exists only if an index gives
      // the order (an Incremental Sort of the id tie-break within equal sort values is fine).
      const text = await plan(c.query, ['enable_seqscan', 'enable_sort', 'enable_bitmapscan']);
      // …and the filter is a condition of the index walked, not a test of each row it yields.
      const filterInIndex = text
        .split('\n')
        .some((line) => line.includes('Index Cond:') && new RegExp(`\\b${c.column}\\b`).test(line));
      if (/(^|->\s+)Sort\b/m.test(text) || !filterInIndex) {
        unserved.push(`${c.name}:\n${text}`);
      }
    }
    expect(unserved).toEqual([]);
  });
});
