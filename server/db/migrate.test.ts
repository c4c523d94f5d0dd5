import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { POSTGRES_SKIP_REASON } from '../test/backends';
import { adminQuery } from './admin-query';
import { openDatabase } from './client';

const base = process.env.TEST_DATABASE_URL;

/**
 * Migrations are not held to the requests' statement timeout: an index built over a large
 * table takes minutes, and a migration cut off at DB_STATEMENT_TIMEOUT_MS would keep the server
 * from starting.
 */
if (!base) {
  describe('migrations and the statement timeout [postgres]', () =>
    it.skip(POSTGRES_SKIP_REASON, () => {}));
} else {
  describe('migrations and the statement timeout [postgres]', () => {
    it('migrate a fresh database although every statement of the pool may take 1 ms', async () => {
      const name = `console_migrate_${process.pid}_${randomBytes(4).toString('hex')}`;
      await adminQuery(base, `create database "${name}"`);
      const url = new URL(base);
      url.pathname = `/${name}`;
      try {
        const opened = await openDatabase({
          databaseUrl: url.toString(),
          maxConnections: 2,
          statementTimeoutMs: 1,
        });
        try {
          // Opened: every migration ran (one cut off fails openDatabase).
          // The requests' pool keeps its timeout.
          await expect(opened.db.execute(sql`select pg_sleep(0.2)`)).rejects.toMatchObject({
            cause: expect.objectContaining({ code: '57014' }),
          });
        } finally {
          await opened.close();
        }
      } finally {
        await adminQuery(base, `drop database if exists "${name}" with (force)`);
      }
    });
  });
}
