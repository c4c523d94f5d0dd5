import { sql } from 'drizzle-orm';
import type { Database } from './client';

/**
 * Retention (docs/DECISIONS.md "Retention keeps the statistics"): template calls and chat
 * sessions older than a number of days are deleted in small batches, and the statistics keep
 * what they counted of them (the rollups' delete triggers stand aside while
 * `console.retention` is on in the deleting transaction). 0 days keeps rows for ever.
 */
export interface RetentionSettings {
  /** RETENTION_CALL_DAYS: template calls by call time. */
  callDays: number;
  /** RETENTION_SESSION_DAYS: chat sessions (with their messages) by last activity. */
  sessionDays: number;
  /** Rows per delete statement: short transactions, short row locks. */
  batchRows?: number;
}

export const DEFAULT_RETENTION_BATCH_ROWS = 5_000;
/** How often a server looks for rows past their retention (RETENTION_INTERVAL_MS). */
export const DEFAULT_RETENTION_INTERVAL_MS = 3_600_000;
/** Arbitrary constant: one instance prunes at a time when several share a PostgreSQL. */
const RETENTION_LOCK_KEY = 727_002;
const DAY_MS = 86_400_000;

/** What one table's retention deletes: the table and the column its age is read from. */
const TARGETS = {
  calls: { table: 'prompt_calls', column: 'call_time', days: 'callDays' },
  sessions: { table: 'records', column: 'modified_at', days: 'sessionDays' },
} as const;

export type RetentionCounts = Record<keyof typeof TARGETS, number>;

/**
 * Deletes one batch of `target`'s rows older than `cutoff`, in a transaction of its own that
 * only one instance holds at a time. Answers the rows deleted, or undefined when another
 * instance is pruning.
 */
async function pruneBatch(
  db: Database,
  target: (typeof TARGETS)[keyof typeof TARGETS],
  cutoff: Date,
  batchRows: number,
): Promise<number | undefined> {
  return db.transaction(async (tx) => {
    const lock = await tx.execute(
      sql`select pg_try_advisory_xact_lock(${RETENTION_LOCK_KEY}) as locked`,
    );
    const [row] = (lock as unknown as { rows: { locked: boolean }[] }).rows;
    if (!row?.locked) return undefined;
    await tx.execute(sql`select set_config('console.retention', 'on', true)`);
    const table = sql.identifier(target.table);
    const column = sql.identifier(target.column);
    // Oldest first through the column's index, so a batch never scans the retained rows.
    const deleted = await tx.execute(sql`
      delete from ${table} where id in (
        select id from ${table} where ${column} < ${cutoff.toISOString()}::timestamptz
        order by ${column} limit ${batchRows}
      ) returning id`);
    return (deleted as unknown as { rows: unknown[] }).rows.length;
  });
}

/** Deletes every row past its retention, batch after batch; answers how many of each. */
export async function pruneExpired(
  db: Database,
  settings: RetentionSettings,
  now: Date = new Date(),
  stopped: () => boolean = () => false,
): Promise<RetentionCounts> {
  const batchRows = settings.batchRows ?? DEFAULT_RETENTION_BATCH_ROWS;
  const counts: RetentionCounts = { calls: 0, sessions: 0 };
  for (const [name, target] of Object.entries(TARGETS) as [
    keyof typeof TARGETS,
    (typeof TARGETS)[keyof typeof TARGETS],
  ][]) {
    const days = settings[target.days];
    if (!(days > 0)) continue;
    const cutoff = new Date(now.getTime() - days * DAY_MS);
    for (;;) {
      if (stopped()) return counts;
      const n = await pruneBatch(db, target, cutoff, batchRows);
      if (n === undefined) return counts;
      counts[name] += n;
      if (n < batchRows) break;
      // Let the requests waiting behind this batch's locks and I/O go first.
      await new Promise((resolve) => setImmediate(resolve));
    }
  }
  return counts;
}

/**
 * Prunes now and every `intervalMs` until the returned stop is called; stop resolves once the
 * batch under way is done. A failed round (the database down) is reported and retried at the
 * next interval.
 */
export function scheduleRetention(
  db: Database,
  settings: RetentionSettings,
  options: {
    intervalMs?: number;
    onRound?: (counts: RetentionCounts) => void;
    onError?: (error: unknown) => void;
  } = {},
): () => Promise<void> {
  if (!(settings.callDays > 0) && !(settings.sessionDays > 0)) return async () => {};
  let stopped = false;
  let running: Promise<void> | undefined;
  const round = () => {
    if (stopped || running) return;
    running = pruneExpired(db, settings, new Date(), () => stopped)
      .then((counts) => options.onRound?.(counts))
      .catch((error: unknown) => options.onError?.(error))
      .finally(() => (running = undefined));
  };
  const first = setTimeout(round, 0);
  const timer = setInterval(round, options.intervalMs ?? DEFAULT_RETENTION_INTERVAL_MS);
  timer.unref();
  first.unref();
  return async () => {
    stopped = true;
    clearTimeout(first);
    clearInterval(timer);
    await running;
  };
}
