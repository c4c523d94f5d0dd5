import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { PgliteThread } from './pglite-thread';
import * as schema from './schema';

/**
 * The one database type the rest of the server sees. PGlite and PostgreSQL speak the same SQL,
 * so nothing outside this file knows which one it talks to.
 */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;
export type DatabaseKind = 'pglite' | 'postgres';

export interface OpenedDatabase {
  db: Database;
  kind: DatabaseKind;
  /**
   * Asks the database for `select 1` within `timeoutMs`, outside the request pool, so a hung
   * database answers readiness checks quickly and does not hold the pool's connections.
   */
  ping(timeoutMs: number): Promise<void>;
  close(): Promise<void>;
}

export interface OpenDatabaseOptions {
  /** Directory for the embedded database; omitted (and no URL) means in memory. */
  dataDir?: string;
  /** PostgreSQL connection string; wins over dataDir. */
  databaseUrl?: string;
  /** Pool size for PostgreSQL. */
  maxConnections?: number;
  /** PostgreSQL: how long to wait for a connection (DB_CONNECT_TIMEOUT_MS). */
  connectTimeoutMs?: number;
  /** PostgreSQL: the longest one statement may run (DB_STATEMENT_TIMEOUT_MS). */
  statementTimeoutMs?: number;
}

export const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;
export const DEFAULT_STATEMENT_TIMEOUT_MS = 15_000;

/** Rejects with a DatabaseTimeout when `work` takes longer than `ms`. */
export function within<T>(work: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new DatabaseTimeout(what, ms)), ms);
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

/** The database did not answer in time: an outage, not a client's mistake. */
export class DatabaseTimeout extends Error {
  readonly code = 'DB_TIMEOUT';
  constructor(what: string, ms: number) {
    super(`${what} did not answer within ${ms} ms`);
    this.name = 'DatabaseTimeout';
  }
}

/**
 * Settings of every request connection. JIT compilation pays off for long analytic queries;
 * a console's statements are short, and a list whose plan merely looks costly (a visibility
 * check per row) would spend far longer compiling than running.
 */
export const SESSION_OPTIONS = '-c jit=off';

export const MIGRATIONS_FOLDER = fileURLToPath(new URL('./migrations', import.meta.url));

/** Arbitrary constant: serialises migrations when several instances start on one PostgreSQL. */
const MIGRATION_LOCK_KEY = 727_001;

export async function openDatabase(options: OpenDatabaseOptions = {}): Promise<OpenedDatabase> {
  if (options.databaseUrl) return openPostgres(options.databaseUrl, options);
  return openPglite(options.dataDir);
}

async function openPglite(dataDir: string | undefined): Promise<OpenedDatabase> {
  let location = 'memory://';
  if (dataDir) {
    // A subdirectory keeps DATA_DIR free for other state later.
    location = join(dataDir, 'pglite');
    mkdirSync(location, { recursive: true });
  }
  const client = await PgliteThread.open({
    dataDir: location,
    migrationsFolder: MIGRATIONS_FOLDER,
  });
  // drizzle keeps the client and calls only the methods PgliteThread has: query and transaction.
  const db = drizzlePglite(client as unknown as PGlite, { schema });
  return {
    db,
    kind: 'pglite',
    ping: async (ms) => {
      await within(client.query('select 1'), ms, 'the embedded database');
    },
    close: () => client.close(),
  };
}

async function openPostgres(url: string, options: OpenDatabaseOptions): Promise<OpenedDatabase> {
  const connectTimeout = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS;
  const statementTimeout = options.statementTimeoutMs ?? DEFAULT_STATEMENT_TIMEOUT_MS;
  const pool = new pg.Pool({
    connectionString: url,
    max: options.maxConnections ?? 10,
    // A stopped or unreachable server must fail requests in bounded time, not hang them.
    connectionTimeoutMillis: connectTimeout,
    statement_timeout: statementTimeout,
    // Client-side too: a server that stopped answering cannot cancel its own statements.
    query_timeout: statementTimeout + 1_000,
    idle_in_transaction_session_timeout: statementTimeout * 2,
    keepAlive: true,
    options: SESSION_OPTIONS,
  });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on('error', () => {});
  try {
    // Migrations run on a connection of their own, without the requests' statement and query
    // timeouts: building an index over a large table takes minutes, and a migration cut off at
    // DB_STATEMENT_TIMEOUT_MS would keep the server from starting.
    const conn = new pg.Client({ connectionString: url, connectionTimeoutMillis: connectTimeout });
    conn.on('error', () => {});
    await conn.connect();
    try {
      await conn.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
      try {
        await migratePg(drizzlePg(conn, { schema }), { migrationsFolder: MIGRATIONS_FOLDER });
      } finally {
        await conn.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]);
      }
    } finally {
      await conn.end().catch(() => {});
    }
  } catch (error) {
    await pool.end();
    throw error;
  }
  const db = drizzlePg(pool, { schema });
  const ping = async (ms: number) => {
    const client = new pg.Client({
      connectionString: url,
      connectionTimeoutMillis: ms,
      query_timeout: ms,
    });
    client.on('error', () => {});
    try {
      await within(
        client.connect().then(() => client.query('select 1')),
        ms,
        'PostgreSQL',
      );
    } finally {
      void client.end().catch(() => {});
    }
  };
  return { db, kind: 'postgres', ping, close: () => pool.end() };
}

/**
 * A pool of the lists' own beside `db`'s, with `connections` connections. A list waits at most
 * `timeoutMs` for one of them, and each of its statements runs at most `timeoutMs`, so a slow
 * list never holds the connections that details, sign-in and writes use. Undefined for PGlite,
 * which has no pool and cannot cancel a statement, and for an unbounded `connections`.
 */
export function openListPool(
  db: Database,
  connections: number,
  timeoutMs: number,
): { db: Database; close(): Promise<void> } | undefined {
  const main = (db as { $client?: unknown }).$client;
  if (!(main instanceof pg.Pool) || !Number.isFinite(connections) || connections < 1) {
    return undefined;
  }
  const { statement_timeout: ceiling, connectionTimeoutMillis } = main.options;
  const timeout = timeoutMs > 0 ? timeoutMs : ceiling;
  const pool = new pg.Pool({
    ...main.options,
    max: connections,
    connectionTimeoutMillis: timeoutMs > 0 ? timeoutMs : connectionTimeoutMillis,
    statement_timeout: timeout,
    query_timeout: typeof timeout === 'number' && timeout > 0 ? timeout + 1_000 : undefined,
  });
  pool.on('error', () => {});
  return { db: drizzlePg(pool, { schema }), close: () => pool.end() };
}
