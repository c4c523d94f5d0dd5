import { and, count, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import {
  decodeCursor,
  encodeCursor,
  MAX_OFFSET_ROWS,
  type PageCursor,
} from '../../contract/page-cursor';
import type { ResourceDef } from '../../contract/resource';
import type { PageQuery } from '../../contract/resource-schema';
import type { Database } from '../db/client';
import { invalidField } from '../http/app-error';
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

/** The key column selected beside a page's rows; never part of a record. */
const KEY = '__key';

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

function rowsQuery(source: PageSource, query: PageQuery, cursor: PageCursor | undefined) {
  const { db, def, columns } = source;
  const where = cursor
    ? and(source.where, afterKey(def, columns, query.sorters, cursor.key, !cursor.after))
    : source.where;
  const rows = db
    .select({ ...source.selection, [KEY]: keyOf(def, columns, query.sorters).as(KEY) })
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
  const n = row?.n ?? 0;
  if (n <= COUNT_LIMIT) return { total: n, totalExact: true };
  return { total: Math.max(guess, COUNT_LIMIT + 1), totalExact: false };
}

/**
 * One page of a list, by OFFSET (`current`, for the first MAX_OFFSET_ROWS rows) or after/before
 * a cursor, with cursors to the pages next to it and a total that never scans a large result.
 */
export async function readPage(source: PageSource, query: PageQuery): Promise<PageAnswer> {
  const cursor = cursorOf(source, query);
  const [fetched, totals] = await Promise.all([
    rowsQuery(source, query, cursor) as Promise<Row[]>,
    totalOf(source, query.exactTotal === true),
  ]);
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
    const { [KEY]: _key, ...rest } = r;
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
