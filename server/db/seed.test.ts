import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { verifyPassword } from '../auth/password';
import { describeBackends } from '../test/backends';
import type { Database, OpenedDatabase } from './client';
import { DEMO_SCENES } from './demo/scene';
import { RESOURCE_TABLES } from './resource-tables';
import { seed } from './seed';
import { scenes, sessions, users } from './schema';

describeBackends('seed', (backend) => {
  let opened: OpenedDatabase;
  let db: Database;
  beforeAll(async () => {
    opened = await backend.open();
    db = opened.db;
  });
  afterAll(() => opened?.close());
  beforeEach(async () => {
    await db.delete(sessions);
    await db.delete(users);
    for (const table of Object.values(RESOURCE_TABLES)) await db.delete(table);
  });
  const accounts = async () => db.select().from(users).orderBy(users.id);
  const sceneCount = async () => (await db.select({ n: count() }).from(scenes))[0]?.n ?? 0;

  it('gives an empty embedded database the demo accounts and scenes, once', async () => {
    const first = await seed(db, { kind: 'pglite' });
    expect(first).toEqual({ seeded: 'demo', demoPasswordInUse: true });
    const rows = await accounts();
    expect(rows.map((u) => [u.id, u.userName, u.role])).toEqual([
      ['0', 'admin', 'admin'],
      ['1', 'user', 'user'],
    ]);
    expect(await verifyPassword('admin', rows[0]!.passwordHash)).toBe(true);
    expect(await sceneCount()).toBe(DEMO_SCENES.length);
    const types = new Set((await db.select({ type: scenes.type }).from(scenes)).map((r) => r.type));
    expect(types).toEqual(new Set([0, 1]));

    const again = await seed(db, { kind: 'pglite' });
    expect(again).toEqual({ seeded: 'none', demoPasswordInUse: true });
    expect(await sceneCount()).toBe(DEMO_SCENES.length);
  });

  it('uses ADMIN_PASSWORD for the demo admin, leaving only the user on its demo password', async () => {
    const result = await seed(db, { kind: 'pglite', adminPassword: 'Str0ng-admin' });
    expect(result.seeded).toBe('demo');
    const [admin] = await db.select().from(users).where(eq(users.id, '0'));
    expect(await verifyPassword('Str0ng-admin', admin!.passwordHash)).toBe(true);
    expect(result.demoPasswordInUse).toBe(true); // user/user

    await db.update(users).set({ passwordHash: admin!.passwordHash }).where(eq(users.id, '1'));
    expect((await seed(db, { kind: 'pglite' })).demoPasswordInUse).toBe(false);
  });

  it('skips the demo on the embedded database with SEED_DEMO=0, making only the admin', async () => {
    const result = await seed(db, { kind: 'pglite', seedDemo: '0', adminPassword: 'pw-123456' });
    expect(result).toEqual({ seeded: 'admin', demoPasswordInUse: false });
    expect((await accounts()).map((u) => u.id)).toEqual(['0']);
    expect(await sceneCount()).toBe(0);
  });

  it('on PostgreSQL makes only the admin, with a generated password when none is given', async () => {
    const result = await seed(db, { kind: 'postgres' });
    expect(result.seeded).toBe('admin');
    expect(result.generatedAdminPassword).toMatch(/^[\w-]{16}$/);
    expect(result.demoPasswordInUse).toBe(false);
    const rows = await accounts();
    expect(rows.map((u) => [u.id, u.userName, u.role])).toEqual([['0', 'admin', 'admin']]);
    expect(await verifyPassword(result.generatedAdminPassword!, rows[0]!.passwordHash)).toBe(true);
    expect(await sceneCount()).toBe(0);

    // Later starts create nothing and print nothing; ADMIN_PASSWORD then resets the password.
    expect(await seed(db, { kind: 'postgres' })).toEqual({
      seeded: 'none',
      demoPasswordInUse: false,
    });
    await seed(db, { kind: 'postgres', adminPassword: 'rotated-pw' });
    const [admin] = await db.select().from(users).where(eq(users.id, '0'));
    expect(await verifyPassword('rotated-pw', admin!.passwordHash)).toBe(true);
  });

  it('on PostgreSQL seeds the demo only with SEED_DEMO=1', async () => {
    expect((await seed(db, { kind: 'postgres', seedDemo: '1' })).seeded).toBe('demo');
    expect(await sceneCount()).toBe(DEMO_SCENES.length);
  });
});
