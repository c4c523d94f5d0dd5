import { and, count, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { Code } from '../../contract/envelope';
import {
  decodeCursor,
  encodeCursor,
  MAX_OFFSET_ROWS,
  type PageCursor,
} from '../../contract/page-cursor';
import type { ResourceDef } from '../../contract/resource';
import type { PageQuery } from '../../contract/resource-schema';
import type { Database } from '../db/client';
import { AppError, invalidField } from '../http/app-error';
import { databaseErrorOf } from '../http/pg-errors';
import { afterKey, keyLength, keyOf, orderOf, type FieldSql } from './query';
import type { Row } from './rows';

/** A list's answer (contract pageAnswerSchema). */
export interface PageAnswer {
  list: Row[];
  total: number;
  /** False when `total` is the planner's estimate (a large result), not a count. */
  totalExact: boolean;
  nextCursor: string | null;
  prevCursor: string | null;
}

/**
 * When a total is counted and when it is estimated (docs/DECISIONS.md "Totals"). A result the
 * planner puts above ESTIMATE_ONLY_ABOVE rows is not counted at all; below it, at most
 * COUNT_LIMIT + 1 matching rows are counted (bounded work whatever the table size), and a count
 * that reaches the limit falls back to the estimate. `exactTotal` asks for the full count, under
 * EXACT_COUNT_TIMEOUT_MS.
 */
export const COUNT_LIMIT = 10_000;
export const ESTIMATE_ONLY_ABOVE = 100_000;
export const EXACT_COUNT_TIMEOUT_MS = 5_000;

/**
 * A table the planner puts at or below this many rows is counted with the page's rows, in the
 * same statement (docs/PERFORMANCE.md "Server overhead per list"): no EXPLAIN, no second
 * statement, one connection. Whatever the WHERE, the count reads at most COUNT_LIMIT + 1 rows.
 */
export const SMALL_TABLE_ROWS = COUNT_LIMIT;
/** How long a table's planner estimate is trusted before it is asked again. */
export const TABLE_ESTIMATE_TTL_MS = 30_000;

/** The key column selected beside a page's rows; never part of a record. */
const KEY = '__key';
/** The capped count selected beside a small table's rows. */
const TOTAL = '__total';

/**
 * What one list may hold (docs/SCALING.md "Pool sizing"). `connections` lists run at once on a
 * database handle, one connection each; the others wait for a turn, and a list that cannot
 * start or finish within `timeoutMs` answers 50300 queryTimeout, so detail, sign-in and writes
 * always find a connection in the pool while lists are busy.
 */
export interface ListLimits {
  /** Lists running at once (LIST_CONNECTIONS); Infinity: no bound. */
  connections: number;
  /** LIST_TIMEOUT_MS: the longest a list waits for its turn and a list statement runs; 0: off. */
  timeoutMs: number;
  /**
   * A pool of the lists' own whose connections carry `timeoutMs` as their statement_timeout
   * (db/client.ts openListPool): a list is then its statements alone on the wire, without
   * BEGIN, SET LOCAL and COMMIT around them. Without it lists share the caller's handle.
   */
  db?: Database;
}

export const DEFAULT_LIST_TIMEOUT_MS = 5_000;

/** The list connections a pool of `poolSize` leaves to lists: all but a quarter (at least 2). */
export function listConnectionsFor(poolSize: number): number {
  return Math.max(1, poolSize - Math.max(2, Math.ceil(poolSize / 4)));
}

/** A counting semaphore whose waiters give up after a deadline. */
class Turns {
  private running = 0;
  private readonly waiting: (() => void)[] = [];
  constructor(readonly limit: number) {}

  /** Resolves when a turn is free; false when `timeoutMs` passed first (0: wait for ever). */
  take(timeoutMs: number): Promise<boolean> | boolean {
    if (this.running < this.limit) {
      this.running++;
      return true;
    }
    return new Promise((resolve) => {
      let timer: NodeJS.Timeout | undefined;
      const start = () => {
        clearTimeout(timer);
        this.running++;
        resolve(true);
      };
      this.waiting.push(start);
      if (timeoutMs > 0) {
        timer = setTimeout(() => {
          const at = this.waiting.indexOf(start);
          if (at !== -1) this.waiting.splice(at, 1);
          resolve(false);
        }, timeoutMs);
      }
    });
  }

  give(): void {
    this.running--;
    this.waiting.shift()?.();
  }
}

interface ListBudget {
  limits: ListLimits;
  turns: Turns;
}

const budgets = new WeakMap<Database, ListBudget>();

/** Bounds the lists run on `db` (app.ts; one budget per database handle). */
export function limitLists(db: Database, limits: Partial<ListLimits>): void {
  const full: ListLimits = {
    connections: limits.connections ?? Infinity,
    timeoutMs: limits.timeoutMs ?? 0,
    ...(limits.db ? { db: limits.db } : {}),
  };
  budgets.set(db, { limits: full, turns: new Turns(full.connections) });
}

const UNBOUNDED: ListBudget = {
  limits: { connections: Infinity, timeoutMs: 0 },
  turns: new Turns(Infinity),
};

/**
 * Runs `work` in one of the database's list turns (its own connection at most), on the lists'
 * pool when there is one. `timeoutMs` is what `work` must set itself: 0 on the lists' pool,
 * whose connections carry the list timeout already.
 */
async function inTurn<T>(
  db: Database,
  work: (db: Database, timeoutMs: number) => Promise<T>,
): Promise<T> {
  const { limits, turns } = budgets.get(db) ?? UNBOUNDED;
  const started = Date.now();
  if (!(await turns.take(limits.timeoutMs))) {
    throw new AppError(Code.UNAVAILABLE, 'queryTimeout');
  }
  try {
    if (limits.db) return await work(limits.db, 0);
    // The wait counts against the list's time: the statements get what is left of it.
    const left = limits.timeoutMs > 0 ? Math.max(1, limits.timeoutMs - (Date.now() - started)) : 0;
    return await work(db, left);
  } finally {
    turns.give();
  }
}

/**
 * Lists whose total was an estimate (the planner's guess above ESTIMATE_ONLY_ABOVE, or a capped
 * count that reached COUNT_LIMIT), by database handle and WHERE (SQL and parameters), with the
 * estimate they answered: for TABLE_ESTIMATE_TTL_MS the same WHERE (any sort, any page) answers
 * that estimate again without EXPLAIN or count. Only totals that are
 * estimates anyway are remembered, so no exact total goes stale. On PGlite the call list's
 * count (10,001 rows with a visibility probe each) was 85 % of its time (docs/PERFORMANCE.md
 * "PGlite: lists over the demo seed").
 */
const overCap = new WeakMap<Database, Map<string, { guess: number; at: number }>>();

/** The map kept for `db` in `byDb`, made on first use. */
function perDatabase<V>(byDb: WeakMap<Database, Map<string, V>>, db: Database): Map<string, V> {
  let map = byDb.get(db);
  if (!map) byDb.set(db, (map = new Map()));
  return map;
}
/** The most WHEREs remembered per database; the oldest goes first. */
const OVER_CAP_KEYS = 1_000;

function overCapKey({ db, table, where }: PageSource): string {
  const built = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .toSQL();
  return `${built.sql}\u0000${JSON.stringify(built.params)}`;
}

function knownOverCap(source: PageSource, key: string): number | undefined {
  const known = overCap.get(source.db)?.get(key);
  if (!known) return undefined;
  if (Date.now() - known.at < TABLE_ESTIMATE_TTL_MS) return known.guess;
  overCap.get(source.db)?.delete(key);
  return undefined;
}

function rememberOverCap(source: PageSource, key: string, guess: number): void {
  const byWhere = perDatabase(overCap, source.db);
  byWhere.delete(key);
  byWhere.set(key, { guess, at: Date.now() });
  if (byWhere.size > OVER_CAP_KEYS) byWhere.delete(byWhere.keys().next().value as string);
}

/** Planner estimates of whole tables, by database handle and table name. */
const tableEstimates = new WeakMap<Database, Map<string, { rows: number; at: number }>>();

export interface PageSource {
  db: Database;
  def: ResourceDef;
  /** The table or the configured resources' document table. */
  table: PgTable;
  /** How each field is read (query.ts). */
  columns: Readonly<Record<string, FieldSql>>;
  /** What a page selects (store selection). */
  selection: Record<string, PgColumn | SQL.Aliased>;
  /** The list's WHERE: visibility, scope, filters, keyword. */
  where: SQL | undefined;
  /** A selected row as the contract's record. */
  record(row: Row): Row;
}

/** The SQL statements a list runs (rows, then the bounded count): for EXPLAIN tests. */
export function pageStatements(source: PageSource, query: PageQuery): SQL[] {
  const cursor = cursorOf(source, query);
  return [rowsQuery(source, query, cursor).getSQL(), cappedCount(source).getSQL()];
}

function cursorOf(source: PageSource, query: PageQuery): PageCursor | undefined {
  if (query.cursor === undefined) {
    if ((query.current - 1) * query.pageSize >= MAX_OFFSET_ROWS) {
      throw invalidField('current', 'pageTooDeep', { max: MAX_OFFSET_ROWS });
    }
    return undefined;
  }
  const cursor = decodeCursor(query.cursor);
  if (!cursor || cursor.key.length !== keyLength(source.def, source.columns, query.sorters)) {
    throw invalidField('cursor', 'badCursor');
  }
  return cursor;
}

function rowsQuery(
  source: PageSource,
  query: PageQuery,
  cursor: PageCursor | undefined,
  extra: Record<string, SQL.Aliased> = {},
) {
  const { db, def, columns } = source;
  const where = cursor
    ? and(source.where, afterKey(def, columns, query.sorters, cursor.key, !cursor.after))
    : source.where;
  const rows = db
    .select({ ...source.selection, [KEY]: keyOf(def, columns, query.sorters).as(KEY), ...extra })
    .from(source.table)
    .where(where)
    .orderBy(...orderOf(def, columns, query.sorters, cursor ? !cursor.after : false))
    // One row more than the page: whether there is a next page, without counting.
    .limit(query.pageSize + 1);
  return cursor ? rows : rows.offset((query.current - 1) * query.pageSize);
}

function cappedCount({ db, table, where }: PageSource) {
  const capped = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(COUNT_LIMIT + 1)
    .as('capped');
  return db.select({ n: count() }).from(capped);
}

/** The planner's row estimate for the list's WHERE (no rows are read). */
async function estimate({ db, table, where }: PageSource): Promise<number> {
  const query = db
    .select({ one: sql`1` })
    .from(table)
    .where(where);
  const result = await db.execute(sql`explain (format json) ${query}`);
  const cell = Object.values((result as unknown as { rows: Row[] }).rows[0] ?? {})[0];
  const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as [
    { Plan: { 'Plan Rows': number } },
  ];
  return Math.round(plan[0]?.Plan['Plan Rows'] ?? 0);
}

async function exactCount(source: PageSource): Promise<number | undefined> {
  const { db, table, where } = source;
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local statement_timeout = ${EXACT_COUNT_TIMEOUT_MS}`));
      const [row] = await tx.select({ n: count() }).from(table).where(where);
      return row?.n ?? 0;
    });
  } catch (error) {
    // Too slow to count: the estimate stands, marked as one.
    if (databaseErrorOf(error)?.code === '57014') return undefined;
    throw error;
  }
}

/** A capped count's answer as a total: exact up to COUNT_LIMIT, the estimate beyond. */
async function cappedTotal(
  source: PageSource,
  n: number,
  guess?: number,
): Promise<{ total: number; totalExact: boolean }> {
  if (n <= COUNT_LIMIT) return { total: n, totalExact: true };
  return {
    total: Math.max(guess ?? (await estimate(source)), COUNT_LIMIT + 1),
    totalExact: false,
  };
}

async function totalOf(
  source: PageSource,
  exact: boolean,
): Promise<{ total: number; totalExact: boolean }> {
  if (exact) {
    const n = await exactCount(source);
    if (n !== undefined) return { total: n, totalExact: true };
    return { total: await estimate(source), totalExact: false };
  }
  const guess = await estimate(source);
  if (guess > ESTIMATE_ONLY_ABOVE) return { total: guess, totalExact: false };
  const [row] = await cappedCount(source);
  return cappedTotal(source, row?.n ?? 0, guess);
}

/**
 * The planner's estimate of the whole table, asked at most every TABLE_ESTIMATE_TTL_MS. It
 * only picks the way a list is counted; a stale one costs at most a capped count.
 */
async function tableEstimate(source: PageSource): Promise<number> {
  const byTable = perDatabase(tableEstimates, source.db);
  const name = getTableName(source.table);
  const known = byTable.get(name);
  const now = Date.now();
  if (known && now - known.at < TABLE_ESTIMATE_TTL_MS) return known.rows;
  const rows = await estimate({ ...source, where: undefined });
  byTable.set(name, { rows, at: now });
  return rows;
}

/** A count proved the table holds at least `rows` rows: the cached estimate says so now. */
function grownTable(source: PageSource, rows: number): void {
  const byTable = perDatabase(tableEstimates, source.db);
  const name = getTableName(source.table);
  const known = byTable.get(name);
  byTable.set(name, { rows: Math.max(rows, known?.rows ?? 0), at: Date.now() });
}

/**
 * A page's rows and their capped count in one statement: the count rides along as an
 * uncorrelated scalar subquery (an InitPlan, computed once). An empty page carries no count,
 * so a page past the end counts on its own.
 */
async function rowsAndCount(
  source: PageSource,
  query: PageQuery,
  cursor: PageCursor | undefined,
): Promise<{ fetched: Row[]; n: number }> {
  const total = sql<number>`(${cappedCount(source)})`.mapWith(Number).as(TOTAL);
  const fetched = (await rowsQuery(source, query, cursor, { [TOTAL]: total })) as Row[];
  const first = fetched[0];
  const n = first ? Number(first[TOTAL]) : ((await cappedCount(source))[0]?.n ?? 0);
  return { fetched, n };
}

/** A small table's page and its total in one statement (rowsAndCount). */
async function smallPage(
  source: PageSource,
  query: PageQuery,
  cursor: PageCursor | undefined,
): Promise<{ fetched: Row[]; totals: { total: number; totalExact: boolean } }> {
  const { fetched, n } = await rowsAndCount(source, query, cursor);
  const totals = await cappedTotal(source, n);
  if (!totals.totalExact) {
    // The table outgrew its cached estimate: the next list takes the large-table path, where
    // this WHERE's estimate is remembered, without asking the planner about the table again.
    grownTable(source, n);
    rememberOverCap(source, overCapKey(source), totals.total);
  }
  return { fetched, totals };
}

/**
 * Runs `work` under the list's statement timeout: SET LOCAL in a transaction of its own (two
 * round trips more: BEGIN + SET LOCAL, COMMIT), or straight on the pool when the timeout is off.
 */
function underTimeout<T>(
  db: Database,
  timeoutMs: number,
  work: (db: Database) => Promise<T>,
): Promise<T> {
  if (timeoutMs <= 0) return work(db);
  return db.transaction(async (tx) => {
    await tx.execute(sql.raw(`set local statement_timeout = ${Math.ceil(timeoutMs)}`));
    return work(tx);
  });
}

/**
 * A large table's page: the estimate, then the rows (with the capped count in the same
 * statement when the estimate is small enough to count), one after the other on one
 * connection, under the list's timeout. An exact total is counted afterwards under its own,
 * longer timeout (exactCount), still on one connection at a time.
 */
async function largePage(
  source: PageSource,
  query: PageQuery,
  cursor: PageCursor | undefined,
  timeoutMs: number,
): Promise<{ fetched: Row[]; totals: { total: number; totalExact: boolean } }> {
  if (query.exactTotal === true) {
    const fetched = await underTimeout(
      source.db,
      timeoutMs,
      async (db) => (await rowsQuery({ ...source, db }, query, cursor)) as Row[],
    );
    return { fetched, totals: await totalOf(source, true) };
  }
  const key = overCapKey(source);
  return underTimeout(source.db, timeoutMs, async (db) => {
    const within = { ...source, db };
    const over = knownOverCap(source, key);
    if (over !== undefined) {
      const fetched = (await rowsQuery(within, query, cursor)) as Row[];
      return { fetched, totals: { total: over, totalExact: false } };
    }
    // No WHERE: the whole table's estimate, asked at most every TABLE_ESTIMATE_TTL_MS.
    const guess = source.where ? await estimate(within) : await tableEstimate(within);
    if (guess > ESTIMATE_ONLY_ABOVE) {
      rememberOverCap(source, key, guess);
      const fetched = (await rowsQuery(within, query, cursor)) as Row[];
      return { fetched, totals: { total: guess, totalExact: false } };
    }
    const { fetched, n } = await rowsAndCount(within, query, cursor);
    const totals = await cappedTotal(within, n, guess);
    if (!totals.totalExact) rememberOverCap(source, key, totals.total);
    return { fetched, totals };
  });
}

/**
 * One page of a list, by OFFSET (`current`, for the first MAX_OFFSET_ROWS rows) or after/before
 * a cursor, with cursors to the pages next to it and a total that never scans a large result.
 */
export async function readPage(source: PageSource, query: PageQuery): Promise<PageAnswer> {
  const cursor = cursorOf(source, query);
  const { fetched, totals } = await inTurn(source.db, async (db, timeoutMs) => {
    const on = { ...source, db };
    return query.exactTotal !== true && (await tableEstimate(on)) <= SMALL_TABLE_ROWS
      ? smallPage(on, query, cursor)
      : largePage(on, query, cursor, timeoutMs);
  });
  const backwards = cursor !== undefined && !cursor.after;
  const more = fetched.length > query.pageSize;
  const rows = fetched.slice(0, query.pageSize);
  if (backwards) rows.reverse();

  if (backwards && !more) {
    // The page before reached the start: answer the first page itself, full and numbered.
    return readPage(source, { ...query, cursor: undefined, current: 1 });
  }

  const keys = rows.map((r) => r[KEY] as unknown[]);
  const first = keys[0];
  const last = keys[keys.length - 1];
  const hasNext = backwards ? true : more;
  const hasPrev = backwards ? more : cursor !== undefined || query.current > 1;
  const list = rows.map((r) => {
    const { [KEY]: _key, [TOTAL]: _total, ...rest } = r;
    return source.record(rest);
  });

  let { total, totalExact } = totals;
  // A short last page by offset tells the exact total, whatever the estimate said.
  if (!cursor && !more && (rows.length > 0 || query.current === 1)) {
    total = (query.current - 1) * query.pageSize + rows.length;
    totalExact = true;
  }
  // A page beyond a cursor with nothing before or after it still points back where it was.
  const at = cursor?.key;
  return {
    list,
    total,
    totalExact,
    nextCursor: hasNext ? encodeCursor({ after: true, key: last ?? (at as unknown[]) }) : null,
    prevCursor:
      hasPrev && (first ?? at)
        ? encodeCursor({ after: false, key: first ?? (at as unknown[]) })
        : null,
  };
}

/** The rows a list selects, in its order, batch after batch (export): each batch is a keyset
 * statement after the last row, so memory stays flat and the cost of a batch does not grow. */
export async function* readBatches(
  source: PageSource,
  sorters: PageQuery['sorters'],
  size: number,
  raw = false,
): AsyncGenerator<Row[]> {
  const { db, def, columns } = source;
  let last: unknown[] | undefined;
  for (;;) {
    const where = last ? and(source.where, afterKey(def, columns, sorters, last)) : source.where;
    const rows = (await db
      .select({ ...source.selection, [KEY]: keyOf(def, columns, sorters).as(KEY) })
      .from(source.table)
      .where(where)
      .orderBy(...orderOf(def, columns, sorters))
      .limit(size)) as Row[];
    if (!rows.length) return;
    last = rows[rows.length - 1]![KEY] as unknown[];
    yield rows.map((r) => {
      const { [KEY]: _key, ...rest } = r;
      return raw ? rest : source.record(rest);
    });
    if (rows.length < size) return;
  }
}
