import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Database } from './client';

/** The channel migration 0013 announces changed tables on. */
export const CHANGES_CHANNEL = 'console_changes';
/**
 * The tables whose every change migrations 0013 and 0014 announce on CHANGES_CHANNEL (a
 * statement trigger `<table>_changes` on each): an answer is kept only over these
 * (server/db/table-changes.test.ts checks the list against the database's triggers).
 */
export const ANNOUNCED_TABLES: ReadonlySet<string> = new Set([
  'agents',
  'corpora',
  'corpus_items',
  'directives',
  'model_evaluate_results',
  'model_evaluations',
  'plugin_configs',
  'prompt_calls',
  'prompts',
  'record_messages',
  'records',
  'resource_rows',
  'scenes',
]);

/** The channel migration 0013 announces users whose sessions changed on (their id). */
export const SESSIONS_CHANNEL = 'console_sessions';

/**
 * Which tables have changed since when, and whose sessions, as this server heard it (migration
 * 0013: every statement that changes a table a list reads notifies `console_changes` with the
 * table's name when its transaction commits). A list's count is kept with the version of the
 * tables it read (server/resources/list-totals.ts) and reused while that version stands.
 *
 * How fresh a kept count is: the version is read before the count's statement is sent. A
 * write committed before the statement's snapshot is in the count; one committed after it is
 * not, but its notification arrives after it committed, so after the version was read, and
 * moves it. A write through this server moves every version before its answer leaves
 * (`changedAny`, app.ts); one made elsewhere counts once its notification arrives, milliseconds
 * after its commit. While no channel is heard (before the listener is connected, after it is
 * lost, until it is back) there is no version at all, and every list counts, as without this.
 */
export class TableChanges {
  private readonly versions = new Map<string, number>();
  private readonly userListeners = new Set<(userId: string | undefined) => void>();
  /** Moves when the channel was lost, or this server wrote: nothing counted before stands. */
  private epoch = 0;
  private heard = false;

  /** The version of `tables` now, or undefined while the channel is not heard. */
  versionOf(tables: readonly string[]): string | undefined {
    if (!this.heard) return undefined;
    let out = String(this.epoch);
    for (const t of tables) out += `.${this.versions.get(t) ?? 0}`;
    return out;
  }

  /** `table` changed (a notification). */
  changed(table: string): void {
    this.versions.set(table, (this.versions.get(table) ?? 0) + 1);
  }

  /**
   * Anything may have changed: a write through this server has committed, and what it changed
   * must not be answered from before it even if its notification is still on its way.
   */
  changedAny(): void {
    this.epoch++;
  }

  /**
   * Calls `listener` with a user whose sessions ended or whose account changed, and with
   * undefined when the channel is heard again after a loss (anything may have changed while it
   * was not). Answers the undo.
   */
  onUser(listener: (userId: string | undefined) => void): () => void {
    this.userListeners.add(listener);
    return () => this.userListeners.delete(listener);
  }

  /** `userId`'s sessions or account changed (a notification). */
  userChanged(userId: string | undefined): void {
    for (const listener of this.userListeners) listener(userId);
  }

  /** The channel is heard from now on: nothing older than this counts. */
  listening(): void {
    this.epoch++;
    if (!this.heard) this.userChanged(undefined);
    this.heard = true;
  }

  /** The channel was lost: notifications may be missing until it is heard again. */
  lost(): void {
    this.epoch++;
    this.heard = false;
  }

  get isListening(): boolean {
    return this.heard;
  }
}

export interface ChangeWatch {
  changes: TableChanges;
  close(): Promise<void>;
}

/** How long the listener waits before connecting again after losing its connection. */
const RECONNECT_MS = [250, 1_000, 5_000, 15_000] as const;
/** How often the listener is checked: a silently dead one must not stay trusted. */
export const LISTENER_CHECK_MS = 10_000;
/** A check's payload on the channel: not a table name (table names have no colon). */
const PING_PREFIX = 'ping:';

/**
 * Listens for `console_changes` on `db`: PGlite in the same process (its notifications arrive
 * as its statements finish), PostgreSQL on a connection of its own beside the pool, connected
 * again when it drops and checked every LISTENER_CHECK_MS. Resolves once the first attempt to
 * listen has finished, heard or not.
 */
export async function watchTableChanges(
  db: Database,
  options: { checkMs?: number } = {},
): Promise<ChangeWatch> {
  const changes = new TableChanges();
  const client = (db as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) return watchPostgres(client, changes, options.checkMs);
  if (client && typeof (client as PGlite).listen === 'function') {
    const pglite = client as PGlite;
    const unlisten = [
      await pglite.listen(CHANGES_CHANNEL, (table) => changes.changed(table)),
      await pglite.listen(SESSIONS_CHANNEL, (userId) => changes.userChanged(userId)),
    ];
    changes.listening();
    return {
      changes,
      close: async () => {
        changes.lost();
        for (const undo of unlisten) await undo().catch(() => {});
      },
    };
  }
  return { changes, close: async () => {} };
}

async function watchPostgres(
  pool: pg.Pool,
  changes: TableChanges,
  checkMs = LISTENER_CHECK_MS,
): Promise<ChangeWatch> {
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
    changes.lost();
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
      application_name: 'console changes',
    });
    client = next;
    next.on('error', () => drop(next));
    next.on('end', () => drop(next));
    next.on('notification', (message) => {
      const payload = message.payload;
      if (message.channel === SESSIONS_CHANNEL) changes.userChanged(payload || undefined);
      if (message.channel !== CHANGES_CHANNEL || !payload) return;
      if (payload === pending) pending = undefined;
      else if (!payload.startsWith(PING_PREFIX)) changes.changed(payload);
    });
    try {
      await next.connect();
      await next.query(`listen ${CHANGES_CHANNEL}; listen ${SESSIONS_CHANNEL}`);
    } catch {
      drop(next);
      return;
    }
    if (client !== next) return;
    failures = 0;
    changes.listening();
    // The check: a ping sent through the pool must come back on this connection in time. It
    // proves the whole path (a listener behind a pooler that drops LISTEN would hear nothing,
    // while a plain `select 1` on it still answered).
    check = setInterval(() => {
      const ping = `${PING_PREFIX}${process.pid}:${++pings}`;
      pending = ping;
      pool.query('select pg_notify($1, $2)', [CHANGES_CHANNEL, ping]).catch(() => {});
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
    changes,
    close: async () => {
      closed = true;
      clearTimeout(retry);
      clearInterval(check);
      changes.lost();
      const last = client;
      client = undefined;
      await last?.end().catch(() => {});
    },
  };
}
