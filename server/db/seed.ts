import { randomBytes } from 'node:crypto';
import { count, eq, inArray } from 'drizzle-orm';
import { ADMIN_ID } from '../../contract/auth';
import { hashPassword, verifyPassword } from '../auth/password';
import type { Database, DatabaseKind } from './client';
import type { PgTable } from 'drizzle-orm/pg-core';
import { RESOURCES } from '../../contract/resources';
import { DEMO_ACCOUNTS, DEMO_ROWS } from './demo';
import { RESOURCE_TABLES } from './resource-tables';
import { users } from './schema';

export interface SeedOptions {
  kind: DatabaseKind;
  /** SEED_DEMO as given: '0' turns the embedded demo off, '1' turns it on for PostgreSQL. */
  seedDemo?: string;
  /** ADMIN_PASSWORD; when set, the admin's password is made to match it at every start. */
  adminPassword?: string;
}

export interface SeedResult {
  seeded: 'demo' | 'admin' | 'none';
  /** Made up because no ADMIN_PASSWORD was given; print it once, it is not stored anywhere. */
  generatedAdminPassword?: string;
  /** Some account still logs in with its demo password; warn at start. */
  demoPasswordInUse: boolean;
}

/**
 * First-start data (DESIGN.md "Auth and roles"): the embedded default gets demo accounts and
 * scenes; PostgreSQL gets only the admin unless SEED_DEMO=1. Safe to run at every start.
 */
export async function seed(db: Database, options: SeedOptions): Promise<SeedResult> {
  const adminPassword = options.adminPassword || undefined;
  const wantDemo = options.kind === 'pglite' ? options.seedDemo !== '0' : options.seedDemo === '1';
  const [{ accounts } = { accounts: 0 }] = await db.select({ accounts: count() }).from(users);

  let seeded: SeedResult['seeded'] = 'none';
  let generatedAdminPassword: string | undefined;
  if (accounts === 0 && wantDemo) {
    if (await seedDemo(db, adminPassword)) seeded = 'demo';
  } else if (!(await adminExists(db))) {
    generatedAdminPassword = adminPassword ? undefined : randomBytes(12).toString('base64url');
    if (await createAdmin(db, adminPassword ?? (generatedAdminPassword as string))) {
      seeded = 'admin';
    } else {
      generatedAdminPassword = undefined; // another instance created it first
    }
  }
  if (adminPassword && seeded === 'none') await syncAdminPassword(db, adminPassword);

  return {
    seeded,
    ...(generatedAdminPassword ? { generatedAdminPassword } : {}),
    demoPasswordInUse: await demoPasswordInUse(db),
  };
}

async function adminExists(db: Database): Promise<boolean> {
  const [row] = await db.select({ id: users.id }).from(users).where(eq(users.id, ADMIN_ID));
  return !!row;
}

async function createAdmin(db: Database, password: string): Promise<boolean> {
  const admin = DEMO_ACCOUNTS.find((a) => a.id === ADMIN_ID);
  const inserted = await db
    .insert(users)
    .values({
      id: ADMIN_ID,
      userName: 'admin',
      role: 'admin',
      name: admin?.name ?? null,
      registrationDate: new Date(),
      passwordHash: await hashPassword(password),
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  return inserted.length > 0;
}

/** Inserts the demo accounts and scenes; false if another instance seeded first. */
export async function seedDemo(db: Database, adminPassword?: string): Promise<boolean> {
  const rows = await Promise.all(
    DEMO_ACCOUNTS.map(async ({ password, ...account }) => ({
      ...account,
      passwordHash: await hashPassword(
        account.id === ADMIN_ID ? (adminPassword ?? password) : password,
      ),
    })),
  );
  const inserted = await db
    .insert(users)
    .values(rows)
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (!inserted.some((r) => r.id === ADMIN_ID)) return false;
  await seedDemoResources(db);
  return true;
}

/**
 * Every resource's demo rows (server/db/demo), in contract order, so each page of the console
 * has something to show. A resource without a demo hook gets none.
 */
export async function seedDemoResources(db: Database, now = Date.now()): Promise<void> {
  for (const def of RESOURCES) {
    const rows = DEMO_ROWS[def.name]?.(now);
    const table = RESOURCE_TABLES[def.name];
    if (rows?.length && table) await db.insert(table).values(rows as PgTable['$inferInsert'][]);
  }
}

async function syncAdminPassword(db: Database, password: string): Promise<void> {
  const [admin] = await db
    .select({ passwordHash: users.passwordHash })
    .from(users)
    .where(eq(users.id, ADMIN_ID));
  if (!admin || (await verifyPassword(password, admin.passwordHash))) return;
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(password), updatedAt: new Date() })
    .where(eq(users.id, ADMIN_ID));
}

/** True while a demo account's password is still its user name. */
export async function demoPasswordInUse(db: Database): Promise<boolean> {
  const names = DEMO_ACCOUNTS.map((a) => a.userName);
  const rows = await db
    .select({ userName: users.userName, passwordHash: users.passwordHash })
    .from(users)
    .where(inArray(users.userName, names));
  const checks = await Promise.all(
    rows.map((r) => {
      const demo = DEMO_ACCOUNTS.find((a) => a.userName === r.userName);
      return demo ? verifyPassword(demo.password, r.passwordHash) : false;
    }),
  );
  return checks.some(Boolean);
}
