import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeBackends, useTestDatabase } from '../test/backends';
import { watchSessionChanges, type SessionWatch } from './session-channel';

/** Polls until `done` holds or `ms` pass. */
async function until(done: () => boolean, ms = 5_000): Promise<boolean> {
  const end = Date.now() + ms;
  while (!done() && Date.now() < end) await new Promise((r) => setTimeout(r, 20));
  return done();
}

describeBackends('the sessions channel', (backend) => {
  const t = useTestDatabase(backend, async (db) => {
    await db.execute(sql`
      insert into users (id, user_name, password_hash, role)
      values ('ownerId7', 'channel-7', 'x', 'admin'), ('ownerId8', 'channel-8', 'x', 'user')`);
  });
  const heard: (string | undefined)[] = [];
  let watch: SessionWatch;
  beforeAll(async () => {
    watch = await watchSessionChanges(t.db, (userId) => heard.push(userId), { checkMs: 400 });
  });
  afterAll(() => watch?.close());

  it('only the sessions triggers notify: no table announces its changes any more', async () => {
    const found = (await t.db.execute(sql`
      select g.tgname as name from pg_trigger g join pg_class c on c.oid = g.tgrelid
      where not g.tgisinternal and (g.tgname like '%\_changes' or g.tgname like 'sessions\_%'
        or g.tgname like 'users\_session%')`)) as unknown as { rows: { name: string }[] };
    expect(found.rows.map((r) => r.name).sort()).toEqual([
      'sessions_ended',
      'users_session_change',
    ]);
  });

  it('a committed change to a user is notified with their id, a rollback is not', async () => {
    expect(await until(() => heard.includes(undefined))).toBe(true);
    await t.db
      .transaction(async (tx) => {
        await tx.execute(sql`update users set status = status where id = 'ownerId8'`);
        throw new Error('roll back');
      })
      .catch(() => {});
    await t.db.execute(sql`update users set status = status where id = 'ownerId7'`);
    expect(await until(() => heard.includes('ownerId7'))).toBe(true);
    expect(heard).not.toContain('ownerId8');
  });

  it.runIf(backend.name === 'postgres')(
    'a lost listener connects again, forgets everything once, and hears again',
    async () => {
      const before = heard.filter((id) => id === undefined).length;
      await t.db.execute(sql`
        select pg_terminate_backend(pid) from pg_stat_activity
        where application_name = 'console sessions' and datname = current_database()`);
      expect(await until(() => heard.filter((id) => id === undefined).length > before, 8_000)).toBe(
        true,
      );
      await t.db.execute(sql`update users set status = status where id = 'ownerId8'`);
      expect(await until(() => heard.includes('ownerId8'))).toBe(true);
    },
  );
});
