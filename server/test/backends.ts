import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { adminQuery } from '../db/admin-query';
import { openDatabase, type Database, type DatabaseKind, type OpenedDatabase } from '../db/client';

/** A database the server suite runs against: PGlite always, PostgreSQL when configured. */
export interface TestBackend {
  name: DatabaseKind;
  open(): Promise<OpenedDatabase>;
}

export const POSTGRES_SKIP_REASON = 'PostgreSQL tests skipped: TEST_DATABASE_URL not set';

export function testBackends(): TestBackend[] {
  const backends: TestBackend[] = [{ name: 'pglite', open: () => openDatabase() }];
  const url = process.env.TEST_DATABASE_URL;
  if (url) backends.push({ name: 'postgres', open: () => openThrowawayPostgres(url) });
  return backends;
}

/**
 * Runs `body` once per backend. Without TEST_DATABASE_URL the PostgreSQL run shows up as one
 * skipped test carrying the reason, so a green run never hides that it did not happen.
 */
export function describeBackends(title: string, body: (backend: TestBackend) => void): void {
  for (const backend of testBackends()) describe(`${title} [${backend.name}]`, () => body(backend));
  if (!process.env.TEST_DATABASE_URL) {
    describe(`${title} [postgres]`, () => it.skip(POSTGRES_SKIP_REASON, () => {}));
  }
}

/**
 * A database of `backend` alone (no app, no seed) for the enclosing describe: opened before its
 * tests, then `prepare`d, closed after them. Its `db` is set once the tests run.
 */
export function useTestDatabase(
  backend: TestBackend,
  prepare?: (db: Database) => Promise<void>,
): { readonly db: Database } {
  const t = {} as { db: Database };
  let close: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const opened = await backend.open();
    t.db = opened.db;
    close = opened.close;
    await prepare?.(opened.db);
  });
  afterAll(async () => {
    await close?.();
  });
  return t;
}

/**
 * A fresh database per test file, created through the server in TEST_DATABASE_URL and dropped
 * afterwards. Files run in parallel, so they must not share one schema.
 */
async function openThrowawayPostgres(baseUrl: string): Promise<OpenedDatabase> {
  const name = `console_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  await adminQuery(baseUrl, `create database "${name}"`);
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  try {
    const opened = await openDatabase({ databaseUrl: url.toString(), maxConnections: 4 });
    return {
      ...opened,
      close: async () => {
        await opened.close();
        await adminQuery(baseUrl, `drop database if exists "${name}" with (force)`);
      },
    };
  } catch (error) {
    await adminQuery(baseUrl, `drop database if exists "${name}" with (force)`);
    throw error;
  }
}
