import { sql, type SQL } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { snakeCase, tableNameOf, allFields } from '../../contract/resource';
import { RESOURCES } from '../../contract/resources';
import { describeBackends } from '../test/backends';
import { useTestApp } from '../test/harness';

/**
 * Every filter and sort a list offers is served by an index (issue 8): with sequential scans
 * priced out, the planner still picks an index for it. `contains` filters and the keyword are
 * substring matches no B-tree serves; docs/PERFORMANCE.md says how they scale.
 */
describeBackends('indexes behind list filters and sorts', (backend) => {
  const t = useTestApp(backend, { seed: false });

  const plan = async (query: SQL): Promise<string> => {
    return t.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
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
});
