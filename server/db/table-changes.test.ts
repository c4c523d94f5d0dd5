import { getTableName, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeBackends, useTestDatabase } from '../test/backends';
import { RESOURCE_TABLES } from './resource-tables';
import {
  ANNOUNCED_TABLES,
  TableChanges,
  watchTableChanges,
  type ChangeWatch,
} from './table-changes';

describe('table versions', () => {
  it('exist only while the channel is heard, and never repeat across a loss', () => {
    const changes = new TableChanges();
    expect(changes.versionOf(['scenes'])).toBeUndefined();
    changes.listening();
    const before = changes.versionOf(['scenes', 'prompts']);
    changes.changed('records');
    expect(changes.versionOf(['scenes', 'prompts'])).toBe(before);
    changes.changed('prompts');
    const after = changes.versionOf(['scenes', 'prompts']);
    expect(after).not.toBe(before);
    changes.lost();
    expect(changes.versionOf(['scenes', 'prompts'])).toBeUndefined();
    changes.listening();
    // Heard again, but what was counted before the loss is not trusted.
    expect(changes.versionOf(['scenes', 'prompts'])).not.toBe(after);
  });
});

/** Polls `read` until it differs from `from` or `ms` pass; answers the last reading. */
async function changedFrom<T>(read: () => T, from: T, ms = 3_000): Promise<T> {
  const until = Date.now() + ms;
  let now = read();
  while (now === from && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 20));
    now = read();
  }
  return now;
}

describeBackends('the change channel', (backend) => {
  const t = useTestDatabase(backend);
  let watch: ChangeWatch;
  beforeAll(async () => {
    watch = await watchTableChanges(t.db, { checkMs: 400 });
  });
  afterAll(() => watch?.close());
  const version = (...tables: string[]) => watch.changes.versionOf(tables);

  it('every table a list reads announces its changes, and a session’s messages', async () => {
    const tables = [
      ...Object.values(RESOURCE_TABLES).map((x) => getTableName(x)),
      'resource_rows',
      'record_messages',
    ];
    const found = (await t.db.execute(sql`
      select c.relname as name from pg_trigger g join pg_class c on c.oid = g.tgrelid
      where g.tgname = c.relname || '_changes'`)) as unknown as { rows: { name: string }[] };
    const names = found.rows.map((r) => r.name).sort();
    expect(names).toEqual([...new Set(tables)].sort());
    // What answers are kept over (resources/kept-answers.ts) is exactly what is announced.
    expect([...ANNOUNCED_TABLES].sort()).toEqual(names);
  });

  it('a committed change moves its table’s version, and only its table’s', async () => {
    expect(watch.changes.isListening).toBe(true);
    const scenes = version('scenes');
    const prompts = version('prompts');
    await t.db.execute(
      sql`insert into scenes (scene_name, scene_code, type) values ('变更', 'changes-1', 0)`,
    );
    expect(await changedFrom(() => version('scenes'), scenes)).not.toBe(scenes);
    expect(version('prompts')).toBe(prompts);
  });

  it('moves at commit, not before, and not for a rollback', async () => {
    const before = version('scenes');
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`update scenes set description = 'x' where scene_code = 'changes-1'`);
      // Not committed: nothing to hear yet.
      await new Promise((r) => setTimeout(r, 300));
      expect(version('scenes')).toBe(before);
    });
    const committed = await changedFrom(() => version('scenes'), before);
    expect(committed).not.toBe(before);
    await t.db
      .transaction(async (tx) => {
        await tx.execute(sql`delete from scenes where scene_code = 'changes-1'`);
        throw new Error('roll back');
      })
      .catch(() => {});
    await new Promise((r) => setTimeout(r, 300));
    expect(version('scenes')).toBe(committed);
  });

  it.runIf(backend.name === 'postgres')(
    'a lost listener is noticed, and heard again with nothing older trusted',
    async () => {
      const before = version('scenes');
      expect(before).toBeDefined();
      await t.db.execute(sql`
        select pg_terminate_backend(pid) from pg_stat_activity
        where application_name = 'console changes' and datname = current_database()`);
      // Lost (no version at all), then back under another epoch.
      await changedFrom(() => version('scenes'), before);
      const back = await changedFrom(() => version('scenes'), undefined, 5_000);
      expect(back).toBeDefined();
      expect(back).not.toBe(before);
      // The ping through the pool keeps coming back: the listener stays heard across checks.
      await new Promise((r) => setTimeout(r, 1_500));
      expect(version('scenes')).toBe(back);
    },
  );
});
