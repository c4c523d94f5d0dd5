import { eq, sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { describeBackends, useTestDatabase } from '../test/backends';
import type { Database } from './client';
import { prepareByText, type Prepared } from './prepared';
import { scenes } from './schema';

it('names a statement by its text: the same text the same name, another text another', () => {
  const names: string[] = [];
  const query = (text: string) => ({
    toSQL: () => ({ sql: text }),
    prepare: (name: string): Prepared => {
      names.push(name);
      return { execute: async () => [] };
    },
  });
  prepareByText('detail', query('select 1 where id = $1'));
  prepareByText('detail', query('select 1 where id = $1'));
  prepareByText('detail', query('select 2 where id = $1'));
  expect(names[0]).toMatch(/^detail_[\w-]{24}$/);
  expect(names[1]).toBe(names[0]);
  expect(names[2]).not.toBe(names[0]);
});

describeBackends('prepared statements', (backend) => {
  const t = useTestDatabase(backend, async (db) => {
    await db.insert(scenes).values([
      { sceneCode: 'prep_a', sceneName: 'A' },
      { sceneCode: 'prep_b', sceneName: 'B' },
    ]);
  });

  const byCode = (on: Database): Prepared =>
    prepareByText(
      'scene_by_code',
      on
        .select({ name: scenes.sceneName })
        .from(scenes)
        .where(eq(scenes.sceneCode, sql.placeholder('code'))),
    );

  it('runs with each execution’s values, twice built without conflict', async () => {
    const first = byCode(t.db);
    expect(await first.execute({ code: 'prep_a' })).toEqual([{ name: 'A' }]);
    expect(await first.execute({ code: 'prep_b' })).toEqual([{ name: 'B' }]);
    // Built again (another store, another app on the same pool): the same name, no conflict.
    const again = byCode(t.db);
    for (let i = 0; i < 8; i++) {
      expect(await again.execute({ code: 'prep_b' })).toEqual([{ name: 'B' }]);
      expect(await first.execute({ code: 'prep_a' })).toEqual([{ name: 'A' }]);
    }
  });

  it.runIf(backend.name === 'postgres')(
    'is a named statement on PostgreSQL, parsed once on its connection',
    async () => {
      const names = await t.db.transaction(async (tx) => {
        const statement = byCode(tx as unknown as Database);
        await statement.execute({ code: 'prep_a' });
        await statement.execute({ code: 'prep_b' });
        const result = await tx.execute(
          sql`select name from pg_prepared_statements where name like 'scene_by_code_%'`,
        );
        return (result as unknown as { rows: { name: string }[] }).rows.map((r) => r.name);
      });
      expect(names).toHaveLength(1);
    },
  );
});
