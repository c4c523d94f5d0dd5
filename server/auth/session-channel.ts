import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from '../db/client';

/**
 * The channel a trigger notifies with a user's id when one of their sessions ends or their
 * account changes (disabled, another role or name, deleted), at commit.
 */
export const SESSIONS_CHANNEL = 'console_sessions';

/** How long the listener waits before connecting again after losing its connection. */
const RECONNECT_MS = [250, 1_000, 5_000, 15_000] as const;
/** How often the listener is checked: a silently dead one must not stay trusted. */
export const LISTENER_CHECK_MS = 10_000;
/** A check's payload on the channel: never a user id. */
const PING_PREFIX = 'ping:';

/**
 * Called with a user whose sessions ended or whose account changed, and with undefined when the
 * channel is listened to anew (anything may have changed while it was not).
 */
export type SessionChange = (userId: string | undefined) => void;

export interface SessionWatch {
  close(): Promise<void>;
}

/**
 * Listens on SESSIONS_CHANNEL of `db`, so a session ended through any server (or by an
 * operator's SQL) leaves this server's session cache at once: PGlite in the same process,
 * PostgreSQL on a connection of its own beside the pool, connected again when it drops and
 * checked every LISTENER_CHECK_MS.
 */
export async function watchSessionChanges(
  db: Database,
  onChange: SessionChange,
  options: { checkMs?: number } = {},
): Promise<SessionWatch> {
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) return watchPostgres(client, onChange, options.checkMs);
  if (client && typeof (client as PGlite).listen === 'function') {
    const unlisten = await (client as PGlite).listen(SESSIONS_CHANNEL, (id) =>
      onChange(id || undefined),
    );
    onChange(undefined);
    return { close: () => unlisten().catch(() => {}) };
  }
  return { close: async () => {} };
}

async function watchPostgres(
  pool: pg.Pool,
  onChange: SessionChange,
  checkMs = LISTENER_CHECK_MS,
): Promise<SessionWatch> {
  let closed = false;
  let client: pg.Client | undefined;
  let failures = 0;
  let retry: NodeJS.Timeout | undefined;
  let check: NodeJS.Timeout | undefined;
  let pending: string | undefined;
  let pings = 0;

  const drop = (broken: pg.Client) => {
    if (client !== broken) return;
    client = undefined;
    clearInterval(check);
    void broken.end().catch(() => {});
    if (closed) return;
    const wait = RECONNECT_MS[Math.min(failures, RECONNECT_MS.length - 1)];
    failures++;
    retry = setTimeout(() => void connect(), wait);
    retry.unref();
  };

  const connect = async (): Promise<void> => {
    if (closed) return;
    const { connectionString, connectionTimeoutMillis, host, port, user, database, password } =
      pool.options;
    const next = new pg.Client({
      connectionString,
      connectionTimeoutMillis,
      host,
      port,
      user,
      database,
      password,
      keepAlive: true,
      application_name: 'console sessions',
    });
    client = next;
    next.on('error', () => drop(next));
    next.on('end', () => drop(next));
    next.on('notification', ({ channel, payload }) => {
      if (channel !== SESSIONS_CHANNEL) return;
      if (payload === pending) pending = undefined;
      else if (!payload?.startsWith(PING_PREFIX)) onChange(payload || undefined);
    });
    try {
      await next.connect();
      await next.query(`listen ${SESSIONS_CHANNEL}`);
    } catch {
      drop(next);
      return;
    }
    if (client !== next) return;
    failures = 0;
    // Whatever was notified while nobody listened is lost: forget everything once.
    onChange(undefined);
    // The check: a ping sent through the pool must come back on this connection in time. It
    // proves the whole path (a pooler that drops LISTEN would still answer a plain `select 1`).
    check = setInterval(() => {
      const ping = `${PING_PREFIX}${process.pid}:${++pings}`;
      pending = ping;
      pool.query('select pg_notify($1, $2)', [SESSIONS_CHANNEL, ping]).catch(() => {});
      const late = setTimeout(
        () => {
          if (pending === ping) drop(next);
        },
        Math.max(1_000, checkMs / 2),
      );
      late.unref();
    }, checkMs);
    check.unref();
  };

  await connect();
  return {
    close: async () => {
      closed = true;
      clearTimeout(retry);
      clearInterval(check);
      const last = client;
      client = undefined;
      await last?.end().catch(() => {});
    },
  };
}
