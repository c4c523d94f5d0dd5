import { and, count, getTableName, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import { Code } from '../../../contract/envelope';
import {
  decodeCursor,
  encodeCursor,
  MAX_OFFSET_ROWS,
  type PageCursor,
} from '../../../contract/page-cursor';
import type { ResourceDef } from '../../../contract/resource';
import type { PageQuery } from '../../../contract/resource-schema';
import type { Database } from '../../db/client';
import { AppError, invalidField } from '../../http/app-error';
import { isStatementTimeout } from '../../db/health';
import { afterKey, keyLength, keyOf, orderOf, type FieldSql } from './query';
import type { Row } from './rows';
import type { Caller, Viewer } from './visibility';

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
 * A total is counted exactly up to COUNT_LIMIT rows. A large table's result the planner puts
 * above that is not counted at all: its total is the estimate. `exactTotal` asks for the full count, which
 * gives up after EXACT_COUNT_TIMEOUT_MS.
 */
export const COUNT_LIMIT = 10_000;
export const EXACT_COUNT_TIMEOUT_MS = 5_000;

/** The sort key selected beside a page's rows (for its cursors); never part of a record. */
const KEY = '__key';
/** The capped count selected beside a page's rows. */
const TOTAL = '__total';

export type ListQuery = Omit<PageQuery, 'current' | 'pageSize'>;

/** What a list query selects and its WHERE. */
export interface ListParts {
  selection: Record<string, PgColumn | SQL.Aliased>;
  where: SQL | undefined;
}

/** A resource's rows as lists read them: a table's store and a configured resource's give one. */
export interface ListSource {
  db: Database;
  def: ResourceDef;
  table: PgTable;
  /** How each field is read (query.ts). */
  columns: Readonly<Record<string, FieldSql>>;
  /** The selection and WHERE (visibility, scope, filters, keyword) of `query` for `viewer`. */
  parts(query: ListQuery, viewer: Viewer): ListParts;
  /** A selected row as the contract's record. */
  record(row: Row): Row;
}

/** One list statement's inputs: the source, where it runs, and the request's parts. */
interface ListRead extends ListParts {
  db: Database;
  list: ListSource;
}

/**
 * Lists run on a pool of their own where there is one (db/client.ts openListPool): its size
 * bounds the lists running at once and its statement timeout bounds each of them, so details,
 * sign-in and writes always find a connection on the main pool.
 */
const listPools = new WeakMap<Database, Database>();

export function setListPool(db: Database, pool: Database): void {
  listPools.set(db, pool);
}

export const DEFAULT_LIST_TIMEOUT_MS = 5_000;

/** The list connections a pool of `poolSize` leaves to lists: all but a quarter (at least 2). */
export function listConnectionsFor(poolSize: number): number {
  return Math.max(1, poolSize - Math.max(2, Math.ceil(poolSize / 4)));
}

/** What pg-pool says when no connection came free within the pool's connection timeout. */
const POOL_WAIT_TIMEOUT = 'timeout exceeded when trying to connect';

/**
 * A list that could not get a connection of the lists' pool in time is a busy list pool, not
 * a database outage: it answers 50300 queryTimeout like a list that ran too long.
 */
async function onListPool<T>(db: Database, work: (db: Database) => Promise<T>): Promise<T> {
  const pool = listPools.get(db);
  if (!pool) return work(db);
  try {
    return await work(pool);
  } catch (error) {
    if (error instanceof Error && error.message.includes(POOL_WAIT_TIMEOUT)) {
      throw new AppError(Code.UNAVAILABLE, 'queryTimeout');
    }
    throw error;
  }
}

function cursorOf(list: ListSource, query: PageQuery): PageCursor | undefined {
  if (query.cursor === undefined) {
    if ((query.current - 1) * query.pageSize >= MAX_OFFSET_ROWS) {
      throw invalidField('current', 'pageTooDeep', { max: MAX_OFFSET_ROWS });
    }
    return undefined;
  }
  const cursor = decodeCursor(query.cursor);
  if (!cursor || cursor.key.length !== keyLength(list.def, list.columns, query.sorters)) {
    throw invalidField('cursor', 'badCursor');
  }
  return cursor;
}

/**
 * The page's rows in its order, one row more than the page (whether there is a next one,
 * without counting): after or before the cursor, else by OFFSET. `extra` is selected beside.
 */
function rowsQuery(
  read: ListRead,
  query: PageQuery,
  cursor: PageCursor | undefined,
  extra: Record<string, SQL.Aliased> = {},
) {
  const { def, columns, table } = read.list;
  const backwards = cursor ? !cursor.after : false;
  const where = cursor
    ? and(read.where, afterKey(def, columns, query.sorters, cursor.key, backwards))
    : read.where;
  const rows = read.db
    .select({ ...read.selection, [KEY]: keyOf(def, columns, query.sorters).as(KEY), ...extra })
    .from(table)
    .where(where)
    .orderBy(...orderOf(def, columns, query.sorters, backwards))
    .limit(query.pageSize + 1);
  return cursor || query.current === 1 ? rows : rows.offset((query.current - 1) * query.pageSize);
}

/** How many rows match the WHERE, counting at most COUNT_LIMIT + 1 of them. */
function cappedCount({ db, list, where }: ListRead) {
  const capped = db
    .select({ one: sql`1` })
    .from(list.table)
    .where(where)
    .limit(COUNT_LIMIT + 1)
    .as('capped');
  return db.select({ n: count() }).from(capped);
}

/**
 * The capped count as a column beside the page's rows, computed only when the table itself
 * holds at most COUNT_LIMIT rows by the catalogue's figure (a table never analysed counts as
 * small: the cap bounds it). An uncorrelated subquery runs once, and only if the CASE needs it.
 */
function countColumn(read: ListRead): SQL.Aliased {
  const table = `"${getTableName(read.list.table).replace(/"/g, '""')}"`;
  const size = sql`(select reltuples from pg_class where oid = ${table}::regclass)`;
  return sql<number | null>`case when ${size} <= ${COUNT_LIMIT} then (${cappedCount(read)}) end`
    .mapWith((v) => (v === null ? null : Number(v)))
    .as(TOTAL);
}

/** EXPLAIN of the WHERE: the planner's row estimate, without reading a row. */
function estimateStatement({ db, list, where }: ListRead): SQL {
  const query = db
    .select({ one: sql`1` })
    .from(list.table)
    .where(where);
  return sql`explain (format json) ${query}`;
}

async function estimate(read: ListRead): Promise<number> {
  const result = await read.db.execute(estimateStatement(read));
  const cell = Object.values((result as unknown as { rows: Row[] }).rows[0] ?? {})[0];
  const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as [
    { Plan: { 'Plan Rows': number } },
  ];
  return Math.round(plan[0]?.Plan['Plan Rows'] ?? 0);
}

/** The full count under its own timeout; undefined when it took too long. */
async function exactCount({ db, list, where }: ListRead): Promise<number | undefined> {
  try {
    return await db.transaction(async (tx) => {
      await tx.execute(sql.raw(`set local statement_timeout = ${EXACT_COUNT_TIMEOUT_MS}`));
      const [row] = await tx.select({ n: count() }).from(list.table).where(where);
      return row?.n ?? 0;
    });
  } catch (error) {
    if (isStatementTimeout(error)) return undefined;
    throw error;
  }
}

interface FetchedPage {
  fetched: Row[];
  total: number;
  totalExact: boolean;
}

/** The planner's estimate when it is large, else the capped count (exact up to COUNT_LIMIT). */
async function estimateOrCount(read: ListRead): Promise<Omit<FetchedPage, 'fetched'>> {
  const guess = await estimate(read);
  if (guess > COUNT_LIMIT) return { total: guess, totalExact: false };
  const n = (await cappedCount(read))[0]?.n ?? 0;
  if (n <= COUNT_LIMIT) return { total: n, totalExact: true };
  return { total: Math.max(guess, COUNT_LIMIT + 1), totalExact: false };
}

/**
 * The page's rows and its total. A small table's total is counted (capped) in the rows' own
 * statement; a large table's is the planner's estimate of the WHERE, counted when that is small.
 */
async function fetchPage(
  read: ListRead,
  query: PageQuery,
  cursor: PageCursor | undefined,
): Promise<FetchedPage> {
  if (query.exactTotal === true) {
    const fetched = (await rowsQuery(read, query, cursor)) as Row[];
    const n = await exactCount(read);
    if (n !== undefined) return { fetched, total: n, totalExact: true };
    return { fetched, total: await estimate(read), totalExact: false };
  }
  const fetched = (await rowsQuery(read, query, cursor, { [TOTAL]: countColumn(read) })) as Row[];
  // A page past the end has no row to carry the count, and a large table's rows carry none.
  const carried = fetched[0]?.[TOTAL];
  if (typeof carried !== 'number') return { fetched, ...(await estimateOrCount(read)) };
  if (carried <= COUNT_LIMIT) return { fetched, total: carried, totalExact: true };
  return { fetched, total: Math.max(await estimate(read), COUNT_LIMIT + 1), totalExact: false };
}

/**
 * One page of a list, by OFFSET (`current`, for the first MAX_OFFSET_ROWS rows) or after/before
 * a cursor, with cursors to the pages next to it and a total that never scans a large result.
 */
export async function readPage(
  list: ListSource,
  query: PageQuery,
  caller: Caller,
): Promise<PageAnswer> {
  const cursor = cursorOf(list, query);
  const parts = list.parts(query, caller);
  const page = await onListPool(list.db, (db) => fetchPage({ ...parts, db, list }, query, cursor));

  const backwards = cursor !== undefined && !cursor.after;
  const more = page.fetched.length > query.pageSize;
  const rows = page.fetched.slice(0, query.pageSize);
  if (backwards) rows.reverse();

  if (backwards && !more) {
    // The page before reached the start: answer the first page itself, full and numbered.
    return readPage(list, { ...query, cursor: undefined, current: 1 }, caller);
  }

  const keys = rows.map((r) => r[KEY] as unknown[]);
  const first = keys[0];
  const last = keys[keys.length - 1];
  const hasNext = backwards ? true : more;
  const hasPrev = backwards ? more : cursor !== undefined || query.current > 1;
  const records = rows.map((r) => {
    const { [KEY]: _key, [TOTAL]: _total, ...rest } = r;
    return list.record(rest);
  });

  let { total, totalExact } = page;
  // A short last page by offset tells the exact total, whatever the estimate said.
  if (!cursor && !more && (rows.length > 0 || query.current === 1)) {
    total = (query.current - 1) * query.pageSize + rows.length;
    totalExact = true;
  }
  // A page beyond a cursor with nothing before or after it still points back where it was.
  const at = cursor?.key;
  return {
    list: records,
    total,
    totalExact,
    nextCursor: hasNext ? encodeCursor({ after: true, key: last ?? (at as unknown[]) }) : null,
    prevCursor:
      hasPrev && (first ?? at)
        ? encodeCursor({ after: false, key: first ?? (at as unknown[]) })
        : null,
  };
}

/** The statements a list runs for `query`, without running them (EXPLAIN tests, benches). */
export interface PageStatements {
  /** The planner's estimate of the WHERE. */
  estimate: SQL;
  /** The page's rows alone (an exact total counted apart). */
  rows: SQL;
  /** The page's rows with the capped count beside them when the table is small. */
  counted: SQL;
  /** The capped count alone (a large table's small result, or a page past the end). */
  count: SQL;
}

export function pageStatements(list: ListSource, query: PageQuery, caller: Viewer): PageStatements {
  const read: ListRead = { ...list.parts(query, caller), db: list.db, list };
  const cursor = cursorOf(list, query);
  return {
    estimate: estimateStatement(read),
    rows: rowsQuery(read, query, cursor).getSQL(),
    counted: rowsQuery(read, query, cursor, { [TOTAL]: countColumn(read) }).getSQL(),
    count: cappedCount(read).getSQL(),
  };
}

/**
 * The rows a list selects, in its order, batch after batch (export): each batch is a keyset
 * statement after the last row, so memory stays flat and a batch costs the same however deep.
 * `raw` leaves rows as selected instead of mapping them to records.
 */
export async function* readBatches(
  list: ListSource,
  query: ListQuery,
  caller: Caller,
  size: number,
  raw = false,
): AsyncGenerator<Row[]> {
  const { db, def, columns, table } = list;
  const parts = list.parts(query, caller);
  let last: unknown[] | undefined;
  for (;;) {
    const where = last
      ? and(parts.where, afterKey(def, columns, query.sorters, last))
      : parts.where;
    const rows = (await db
      .select({ ...parts.selection, [KEY]: keyOf(def, columns, query.sorters).as(KEY) })
      .from(table)
      .where(where)
      .orderBy(...orderOf(def, columns, query.sorters))
      .limit(size)) as Row[];
    if (!rows.length) return;
    last = rows[rows.length - 1]![KEY] as unknown[];
    yield rows.map((r) => {
      const { [KEY]: _key, ...rest } = r;
      return raw ? rest : list.record(rest);
    });
    if (rows.length < size) return;
  }
}
