import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import type { PGlite, QueryOptions, Transaction } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import { migrate } from 'drizzle-orm/pglite/migrator';
import { createPglite } from './pglite';
import type { ToThread, FromThread, ThreadOptions } from './pglite-thread';

/**
 * The embedded database's own thread: opens and migrates PGlite, then runs what the server's
 * thread asks (pglite-thread.ts), so the server's JavaScript and the database's work overlap.
 */
function parent(): MessagePort {
  if (!parentPort) throw new Error('pglite-worker runs as a worker thread');
  return parentPort;
}
const port = parent();
const options = workerData as ThreadOptions;

const send = (message: FromThread) => port.postMessage(message);

/** A thrown error as plain fields: an Error's own properties do not survive the thread. */
function fieldsOf(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { message: String(error) };
  const fields: Record<string, unknown> = { name: error.name, message: error.message };
  for (const [key, value] of Object.entries(error)) {
    if (value === undefined || typeof value === 'function' || typeof value === 'object') continue;
    fields[key] = value;
  }
  return fields;
}

const keepText = (value: string) => value;
const optionsByShape = new Map<string, QueryOptions>();

/** drizzle's parsers keep these types as text; the same, rebuilt on this side once per shape. */
function queryOptions(rowMode: 'array' | 'object' | undefined, textTypes: number[]): QueryOptions {
  const shape = `${rowMode ?? ''}:${textTypes.join(',')}`;
  let options = optionsByShape.get(shape);
  if (!options) {
    options = {
      ...(rowMode ? { rowMode } : {}),
      ...(textTypes.length
        ? { parsers: Object.fromEntries(textTypes.map((t) => [t, keepText])) }
        : {}),
    };
    optionsByShape.set(shape, options);
  }
  return options;
}

interface OpenTransaction {
  tx: Transaction;
  finish(commit: boolean): void;
}

function serve(db: PGlite): void {
  const transactions = new Map<number, OpenTransaction>();
  const unlisteners = new Map<number, () => Promise<void>>();

  const answer = async (id: number, work: () => Promise<unknown>) => {
    try {
      send({ kind: 'result', id, value: await work() });
    } catch (error) {
      send({ kind: 'error', id, error: fieldsOf(error) });
    }
  };

  port.on('message', (message: ToThread) => {
    switch (message.kind) {
      case 'query': {
        const run = message.tx === undefined ? db : transactions.get(message.tx)?.tx;
        void answer(message.id, async () => {
          if (!run) throw new Error('the transaction has ended');
          const { rows, fields, affectedRows } = await run.query(
            message.sql,
            message.params,
            queryOptions(message.rowMode, message.textTypes),
          );
          return { rows, fields, affectedRows };
        });
        return;
      }
      case 'begin': {
        // Answered once inside: the transaction holds the database until `end` says how it ends.
        void answer(message.id, () =>
          db
            .transaction(
              (tx) =>
                new Promise<void>((resolve, reject) => {
                  transactions.set(message.id, {
                    tx,
                    finish: (commit) => (commit ? resolve() : reject(new RolledBack())),
                  });
                  send({ kind: 'began', id: message.id });
                }),
            )
            .catch((error: unknown) => {
              if (!(error instanceof RolledBack)) throw error;
            })
            .finally(() => transactions.delete(message.id)),
        );
        return;
      }
      case 'end':
        transactions.get(message.tx)?.finish(message.commit);
        return;
      case 'listen':
        void answer(message.id, async () => {
          const unlisten = await db.listen(message.channel, (payload) =>
            send({ kind: 'notify', listener: message.id, payload }),
          );
          unlisteners.set(message.id, unlisten);
        });
        return;
      case 'unlisten':
        void answer(message.id, async () => {
          await unlisteners.get(message.listener)?.();
          unlisteners.delete(message.listener);
        });
        return;
      case 'close':
        void answer(message.id, () => db.close());
        return;
    }
  });
}

class RolledBack extends Error {}

let opened: PGlite | undefined;
try {
  opened = createPglite(options.dataDir);
  await migrate(drizzle(opened), { migrationsFolder: options.migrationsFolder });
  serve(opened);
  send({ kind: 'ready' });
} catch (error) {
  // Closed before the failure is told, so the data directory is free for whoever opens it next.
  await opened?.close().catch(() => undefined);
  send({ kind: 'failed', error: fieldsOf(error) });
}
