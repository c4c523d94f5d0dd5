import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/**
 * Another session holds `table` in ACCESS EXCLUSIVE mode (a transaction on one of `db`'s pool
 * connections) until the returned release is called, as a slow statement would: everything that
 * reads the table waits. Resolves once the lock is held. PostgreSQL only: PGlite has one
 * connection, which the holder would take.
 */
export async function holdTableLock(db: Database, table: string): Promise<() => Promise<void>> {
  let release: () => void = () => {};
  let locked: () => void = () => {};
  const isLocked = new Promise<void>((ok) => (locked = ok));
  const holder = db.transaction(async (tx) => {
    await tx.execute(sql`lock table ${sql.identifier(table)} in access exclusive mode`);
    locked();
    await new Promise<void>((ok) => (release = ok));
  });
  await Promise.race([isLocked, holder]);
  return async () => {
    release();
    await holder;
  };
}
