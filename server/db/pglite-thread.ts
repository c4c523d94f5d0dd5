import { Worker } from 'node:worker_threads';

/** What the worker is started with. */
export interface ThreadOptions {
  /** PGlite's data directory, or `memory://`. */
  dataDir: string;
  migrationsFolder: string;
}

export interface QueryResult {
  rows: unknown[];
  fields: { name: string; dataTypeID: number }[];
  affectedRows?: number;
}

/** The options drizzle passes with a query (PGlite's QueryOptions, the part it uses). */
export interface QueryConfig {
  rowMode?: 'array' | 'object';
  parsers?: Record<number, (value: string, typeId: number) => unknown>;
}

/** Messages to the worker. */
export type ToThread =
  | {
      kind: 'query';
      id: number;
      tx?: number;
      sql: string;
      params: unknown[];
      rowMode?: 'array' | 'object';
      /** Types to answer as the database's text (drizzle's parsers for them return it as is). */
      textTypes: number[];
    }
  | { kind: 'begin'; id: number }
  | { kind: 'end'; tx: number; commit: boolean }
  | { kind: 'listen'; id: number; channel: string }
  | { kind: 'unlisten'; id: number; listener: number }
  | { kind: 'close'; id: number };

/** Messages from the worker. */
export type FromThread =
  | { kind: 'ready' }
  | { kind: 'failed'; error: Record<string, unknown> }
  | { kind: 'result'; id: number; value: unknown }
  | { kind: 'error'; id: number; error: Record<string, unknown> }
  | { kind: 'began'; id: number }
  | { kind: 'notify'; listener: number; payload: string };

/** What a query inside a transaction is given (PGlite's Transaction, the part drizzle uses). */
export interface ThreadTransaction {
  query(sql: string, params?: unknown[], config?: QueryConfig): Promise<QueryResult>;
}

interface Pending {
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/** An error from the worker with its database fields (code, detail, constraint…) restored. */
function errorOf(fields: Record<string, unknown>): Error {
  const error = new Error(String(fields.message ?? 'database error'));
  Object.assign(error, fields);
  return error;
}

/**
 * The worker's first code: a worker does not inherit the TypeScript loader its parent was
 * started with, so it registers tsx (resolved from the working directory, the project's root,
 * as the server's own `--import tsx` is) before importing the worker module.
 */
function bootstrap(module: URL): string {
  const target = JSON.stringify(module.href);
  return `import('tsx/esm/api').then(({ register }) => { register(); return import(${target}); })`;
}

const SAMPLE = '2000-01-01 00:00:00';

/** The types whose parser keeps the text; any other parser cannot cross to the worker. */
function textTypesOf(config: QueryConfig | undefined): number[] {
  const types: number[] = [];
  for (const [type, parse] of Object.entries(config?.parsers ?? {})) {
    if (parse(SAMPLE, Number(type)) !== SAMPLE) {
      throw new Error(`a parser for type ${type} must run in the database thread`);
    }
    types.push(Number(type));
  }
  return types;
}

/**
 * The embedded database run in a worker thread (pglite-worker.ts), with the part of PGlite's
 * interface drizzle and the server use: query, transaction, listen, close. PGlite executes on
 * the thread that calls it; on its own thread, a request's SQL runs while the server's thread
 * parses, checks and answers other requests. Statements still run one at a time, in the order
 * asked, and a transaction holds the database until it ends, as in PGlite itself.
 */
export class PgliteThread {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private readonly began = new Map<number, () => void>();
  private readonly listeners = new Map<number, (payload: string) => void>();
  private nextId = 1;
  private broken: Error | undefined;
  private readonly ready: Promise<void>;

  private constructor(options: ThreadOptions) {
    this.worker = new Worker(bootstrap(new URL('./pglite-worker.ts', import.meta.url)), {
      eval: true,
      workerData: options,
    });
    this.ready = new Promise((resolve, reject) => {
      this.worker.on('message', (message: FromThread) => {
        if (message.kind === 'ready') resolve();
        else if (message.kind === 'failed') reject(errorOf(message.error));
        else this.receive(message);
      });
      this.worker.on('error', (error) => {
        this.fail(error);
        reject(error);
      });
      this.worker.on('exit', (code) => {
        const error = new Error(`the database thread stopped (exit code ${code})`);
        this.fail(error);
        reject(error);
      });
    });
  }

  /** Starts the worker, which opens and migrates the database before this resolves. */
  static async open(options: ThreadOptions): Promise<PgliteThread> {
    const thread = new PgliteThread(options);
    try {
      await thread.ready;
    } catch (error) {
      await thread.worker.terminate();
      throw error;
    }
    return thread;
  }

  query(sql: string, params: unknown[] = [], config?: QueryConfig): Promise<QueryResult> {
    return this.queryIn(undefined, sql, params, config);
  }

  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  async transaction<T>(work: (tx: ThreadTransaction) => Promise<T>): Promise<T> {
    const id = this.nextId++;
    const opened = new Promise<void>((resolve) => this.began.set(id, resolve));
    const ended = this.ask<void>({ kind: 'begin', id }, id);
    // Either the worker is inside the transaction, or beginning failed (ended rejects).
    await Promise.race([opened, ended]);
    let result: T;
    try {
      result = await work({
        query: (sql, params = [], config) => this.queryIn(id, sql, params, config),
      });
    } catch (error) {
      this.post({ kind: 'end', tx: id, commit: false });
      await ended.catch(() => {});
      throw error;
    } finally {
      this.began.delete(id);
    }
    this.post({ kind: 'end', tx: id, commit: true });
    await ended;
    return result;
  }

  /** Calls `onPayload` with each notification on `channel`; resolves to the way to stop. */
  async listen(
    channel: string,
    onPayload: (payload: string) => void,
  ): Promise<() => Promise<void>> {
    const id = this.nextId++;
    this.listeners.set(id, onPayload);
    try {
      await this.ask({ kind: 'listen', id, channel }, id);
    } catch (error) {
      this.listeners.delete(id);
      throw error;
    }
    return async () => {
      this.listeners.delete(id);
      const unlistenId = this.nextId++;
      await this.ask({ kind: 'unlisten', id: unlistenId, listener: id }, unlistenId);
    };
  }

  async close(): Promise<void> {
    if (!this.broken) {
      const id = this.nextId++;
      await this.ask({ kind: 'close', id }, id).catch(() => {});
    }
    await this.worker.terminate();
  }

  private queryIn(
    tx: number | undefined,
    sql: string,
    params: unknown[],
    config: QueryConfig | undefined,
  ): Promise<QueryResult> {
    const id = this.nextId++;
    return this.ask<QueryResult>(
      {
        kind: 'query',
        id,
        ...(tx === undefined ? {} : { tx }),
        sql,
        params,
        ...(config?.rowMode ? { rowMode: config.rowMode } : {}),
        textTypes: textTypesOf(config),
      },
      id,
    );
  }

  private ask<T>(message: ToThread, id: number): Promise<T> {
    if (this.broken) return Promise.reject(this.broken);
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.post(message);
    });
  }

  private post(message: ToThread): void {
    if (!this.broken) this.worker.postMessage(message);
  }

  private receive(message: FromThread): void {
    if (message.kind === 'notify') {
      this.listeners.get(message.listener)?.(message.payload);
      return;
    }
    if (message.kind === 'began') {
      this.began.get(message.id)?.();
      return;
    }
    if (message.kind !== 'result' && message.kind !== 'error') return;
    const waiting = this.pending.get(message.id);
    this.pending.delete(message.id);
    if (message.kind === 'result') waiting?.resolve(message.value);
    else waiting?.reject(errorOf(message.error));
  }

  /** The worker is gone: everything asked fails, and so does everything asked later. */
  private fail(error: Error): void {
    this.broken ??= error;
    for (const waiting of this.pending.values()) waiting.reject(error);
    this.pending.clear();
  }
}
