import { and, count, getTableName, is, Param, Placeholder, sql, type SQL } from 'drizzle-orm';
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
import type { Preparable, Prepared } from '../db/prepared';
import { announcedTables, keptAnswer } from './kept-answers';
import {
  MAX_SHAPES_PER_STORE,
  namedOn,
  prepareList,
  shapeOf,
  type ShapeCache,
} from './list-statements';
import {
  keptCount,
  knownEstimate,
  perDatabase,
  rememberEstimate,
  TABLE_ESTIMATE_TTL_MS,
} from './list-totals';
import {
  afterKey,
  constantLimit,
  keyLength,
  keyOf,
  NOW,
  orderOf,
  Placeholders,
  type Binder,
  type FieldSql,
} from './query';
import type { Row } from './rows';
import { ANY_CALLER, CALLER, type Caller, type Viewer } from './visibility';

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

/** Planner estimates of whole tables, by database handle and table name. */
const tableEstimates = new WeakMap<Database, Map<string, { rows: number; at: number }>>();

/** One request's list, its values written into the statement (built per request). */
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

/** What a list query selects and its WHERE. */
export interface ListParts {
  selection: Record<string, PgColumn | SQL.Aliased>;
  where: SQL | undefined;
}

/**
 * A resource's rows as lists read them, for any query: a store gives one and keeps it. `build`
 * writes a query's selection and WHERE, for `viewer`, with values through `bind` (query.ts
 * Binder): a request's own values, or placeholders when a statement is compiled for the
 * query's shape (ANY_CALLER then stands for the caller).
 */
export interface ListSource {
  db: Database;
  def: ResourceDef;
  table: PgTable;
  columns: Readonly<Record<string, FieldSql>>;
  record(row: Row): Row;
  /** The tables a list's WHERE reads (its own, and those its visibility follows). */
  reads: readonly string[];
  build(query: Omit<PageQuery, 'current' | 'pageSize'>, viewer: Viewer, bind: Binder): ListParts;
  /**
   * The statements compiled by shape, kept by the store (list-statements.ts); without it every
   * list is built for its request.
   */
  compiled?: ShapeCache<CompiledPage>;
}

/** One request's source: the list with this request's values written in. */
export function sourceFor(
  list: ListSource,
  query: Omit<PageQuery, 'current' | 'pageSize'>,
  caller: Viewer,
): PageSource {
  const { selection, where } = list.build(query, caller, NOW);
  return {
    db: list.db,
    def: list.def,
    table: list.table,
    columns: list.columns,
    selection,
    where,
    record: (row) => list.record(row),
  };
}

/** The SQL statements a list runs (rows, then the bounded count): for EXPLAIN tests. */
export function pageStatements(source: PageSource, query: PageQuery): SQL[] {
  const cursor = cursorOf(source, query);
  return [rowsQuery(source, query, cursor).getSQL(), cappedCount(source).getSQL()];
}

function cursorOf(
  source: Pick<PageSource, 'def' | 'columns'>,
  query: PageQuery,
): PageCursor | undefined {
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
  bind: Binder = NOW,
) {
  const { db, def, columns } = source;
  const where = cursor
    ? and(source.where, afterKey(def, columns, query.sorters, cursor.key, !cursor.after, bind))
    : source.where;
  const rows = db
    .select({ ...source.selection, [KEY]: keyOf(def, columns, query.sorters).as(KEY), ...extra })
    .from(source.table)
    .where(where)
    .orderBy(...orderOf(def, columns, query.sorters, cursor ? !cursor.after : false))
    // One row more than the page: whether there is a next page, without counting.
    .limit(constantLimit(query.pageSize + 1));
  // The first page has no OFFSET (a parameter there would keep PostgreSQL re-planning it).
  if (cursor || query.current === 1) return rows;
  return bind === NOW
    ? rows.offset((query.current - 1) * query.pageSize)
    : rows.offset(sql.placeholder(OFFSET));
}

function cappedCount({ db, table, where }: Pick<PageSource, 'db' | 'table' | 'where'>) {
  const capped = db
    .select({ one: sql`1` })
    .from(table)
    .where(where)
    .limit(constantLimit(COUNT_LIMIT + 1))
    .as('capped');
  return db.select({ n: count() }).from(capped);
}

/** The capped count of a page's WHERE, as a column beside its rows. */
function countColumn(source: Pick<PageSource, 'db' | 'table' | 'where'>): SQL.Aliased {
  return sql<number>`(${cappedCount(source)})`.mapWith(Number).as(TOTAL);
}

/** The planner's row estimate for the list's WHERE (no rows are read). */
async function estimate({
  db,
  table,
  where,
}: Pick<PageSource, 'db' | 'table' | 'where'>): Promise<number> {
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

interface Totals {
  total: number;
  totalExact: boolean;
}

/**
 * A list statement compiled for one shape (list-statements.ts): built once with placeholders,
 * prepared per database handle. Its WHERE's text and values key the remembered estimate.
 */
export interface CompiledPage {
  /** The page's rows. */
  rows: Prepared<Row>;
  /** The page's rows with the WHERE's capped count beside them. */
  counted: Prepared<Row>;
  /** How each placeholder's value is read from a request of this shape. */
  binder: Placeholders;
  /** The WHERE's text, and how many of the binder's values are the WHERE's (the first ones). */
  whereText: string;
  whereValues: number;
  /** Whether the WHERE reads the caller (visibility), so their id is part of its key. */
  readsCaller: boolean;
}

/** The placeholder of a compiled page's offset. */
const OFFSET = 'offset';

/** The statements of a query's shape, with placeholders for its values, not yet prepared. */
function shapeStatements(list: ListSource, db: Database, query: PageQuery, cursor?: PageCursor) {
  const binder = new Placeholders();
  const parts = list.build(query, ANY_CALLER, binder);
  const whereValues = binder.readers.length;
  const source: PageSource = { ...list, ...parts, db };
  const where = db
    .select({ one: sql`1` })
    .from(list.table)
    .where(parts.where)
    .toSQL();
  return {
    rows: rowsQuery(source, query, cursor, {}, binder),
    counted: rowsQuery(source, query, cursor, { [TOTAL]: countColumn(source) }, binder),
    binder,
    where,
    whereValues,
    // A keyword's (or a contains filter's) selectivity decides the plan: those are not generic.
    generic:
      !query.keyword?.trim() && !(query.filters ?? []).some((f) => f.operator === 'contains'),
  };
}

/**
 * The texts of the statements a query's shape is compiled to, and whether they may take a
 * generic plan (EXPLAIN tests: server/db/list-plans.test.ts).
 */
export function shapeTexts(
  list: ListSource,
  query: PageQuery,
): { rows: string; counted: string; generic: boolean } {
  const { rows, counted, generic } = shapeStatements(list, list.db, query, cursorOf(list, query));
  return { rows: rows.toSQL().sql, counted: counted.toSQL().sql, generic };
}

function compilePage(list: ListSource, db: Database, query: PageQuery, cursor?: PageCursor) {
  const { rows, counted, binder, where, whereValues, generic } = shapeStatements(
    list,
    db,
    query,
    cursor,
  );
  return {
    rows: prepareList(rows as Preparable<Row>, generic, namedOn(db)),
    counted: prepareList(counted as Preparable<Row>, generic, namedOn(db)),
    binder,
    whereText: where.sql,
    whereValues,
    readsCaller: where.params.some(
      (p) =>
        (is(p, Placeholder) && p.name === CALLER) ||
        (is(p, Param) && is(p.value, Placeholder) && p.value.name === CALLER),
    ),
  } satisfies CompiledPage;
}

/**
 * One list request on one database handle: its statements compiled for its shape when the
 * store keeps them, else built with its values; either way the same text and the same answer.
 */
class PageRead {
  private direct: PageSource | undefined;
  private readonly compiled: CompiledPage | undefined;
  private values: Record<string, unknown> | undefined;

  constructor(
    readonly list: ListSource,
    readonly db: Database,
    readonly query: PageQuery,
    readonly cursor: PageCursor | undefined,
    readonly caller: Caller,
    /** Statements may be compiled: the work runs on a pool, not in a transaction. */
    compile: boolean,
  ) {
    this.compiled =
      compile && list.compiled
        ? list.compiled.get(db, shapeOf(query, cursor), () => compilePage(list, db, query, cursor))
        : undefined;
  }

  /** The request's source with its values written in (EXPLAIN, counts, the rare paths). */
  get source(): PageSource {
    this.direct ??= { ...sourceFor(this.list, this.query, this.caller), db: this.db };
    return this.direct;
  }

  private valuesOf(compiled: CompiledPage): Record<string, unknown> {
    this.values ??= compiled.binder.valuesOf(
      { query: this.query, key: this.cursor?.key },
      { [CALLER]: this.caller.id, [OFFSET]: (this.query.current - 1) * this.query.pageSize },
    );
    return this.values;
  }

  /** The key of the WHERE's remembered estimate: its text and values. */
  whereKey(): string {
    const compiled = this.compiled;
    if (!compiled) {
      const built = this.db
        .select({ one: sql`1` })
        .from(this.list.table)
        .where(this.source.where)
        .toSQL();
      return `${built.sql}\u0000${JSON.stringify(built.params)}`;
    }
    const values = this.valuesOf(compiled);
    const key: unknown[] = [compiled.readsCaller ? this.caller.id : null];
    const readers = compiled.binder.readers;
    for (let i = 0; i < compiled.whereValues; i++) key.push(values[readers[i]!.name]);
    return `${compiled.whereText}\u0000${JSON.stringify(key)}`;
  }

  async rows(): Promise<Row[]> {
    if (this.compiled) return this.compiled.rows.execute(this.valuesOf(this.compiled));
    return (await rowsQuery(this.source, this.query, this.cursor)) as Row[];
  }

  /**
   * The page's rows and their capped count: the count kept for this WHERE while its tables
   * stand unchanged (keptCount, `watched`: the database whose changes are heard), or counted in
   * the rows' statement (rowsWithCount).
   */
  async rowsAndCount(watched: Database): Promise<{ fetched: Row[]; n: number }> {
    const count = keptCount(watched, this.list.reads, this.whereKey());
    if (count.n !== undefined) return { fetched: await this.rows(), n: count.n };
    const counted = await this.rowsWithCount();
    count.keep(counted.n);
    return counted;
  }

  /** The exact count of the WHERE (undefined: too slow), kept as a capped count is. */
  async exactCount(watched: Database): Promise<number | undefined> {
    const count = keptCount(watched, this.list.reads, `exact:${this.whereKey()}`);
    if (count.n !== undefined) return count.n;
    const n = await exactCount(this.source);
    if (n !== undefined) count.keep(n);
    return n;
  }

  /**
   * The page's rows and their capped count in one statement: the count rides along as an
   * uncorrelated scalar subquery (an InitPlan, computed once). An empty page carries no count,
   * so a page past the end counts on its own.
   */
  private async rowsWithCount(): Promise<{ fetched: Row[]; n: number }> {
    const fetched = this.compiled
      ? await this.compiled.counted.execute(this.valuesOf(this.compiled))
      : ((await rowsQuery(this.source, this.query, this.cursor, {
          [TOTAL]: countColumn(this.source),
        })) as Row[]);
    const first = fetched[0];
    const n = first ? Number(first[TOTAL]) : ((await cappedCount(this.source))[0]?.n ?? 0);
    return { fetched, n };
  }
}

/** A capped count's answer as a total: exact up to COUNT_LIMIT, the estimate beyond. */
async function cappedTotal(page: PageRead, n: number, guess?: number): Promise<Totals> {
  if (n <= COUNT_LIMIT) return { total: n, totalExact: true };
  return {
    total: Math.max(guess ?? (await estimate(page.source)), COUNT_LIMIT + 1),
    totalExact: false,
  };
}

/**
 * The planner's estimate of the whole table, asked at most every TABLE_ESTIMATE_TTL_MS. It
 * only picks the way a list is counted; a stale one costs at most a capped count.
 */
async function tableEstimate(db: Database, table: PgTable): Promise<number> {
  const byTable = perDatabase(tableEstimates, db);
  const name = getTableName(table);
  const known = byTable.get(name);
  const now = Date.now();
  if (known && now - known.at < TABLE_ESTIMATE_TTL_MS) return known.rows;
  const rows = await estimate({ db, table, where: undefined });
  byTable.set(name, { rows, at: now });
  return rows;
}

/** A count proved the table holds at least `rows` rows: the cached estimate says so now. */
function grownTable(db: Database, table: PgTable, rows: number): void {
  const byTable = perDatabase(tableEstimates, db);
  const name = getTableName(table);
  const known = byTable.get(name);
  byTable.set(name, { rows: Math.max(rows, known?.rows ?? 0), at: Date.now() });
}

/** A small table's page and its total in one statement (rowsAndCount). */
async function smallPage(page: PageRead): Promise<{ fetched: Row[]; totals: Totals }> {
  const { fetched, n } = await page.rowsAndCount(page.db);
  const totals = await cappedTotal(page, n);
  if (!totals.totalExact) {
    // The table outgrew its cached estimate: the next list takes the large-table path, where
    // this WHERE's estimate is remembered, without asking the planner about the table again.
    grownTable(page.db, page.list.table, n);
    rememberEstimate(page.db, page.whereKey(), totals.total, true);
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
 * A large table's page: the WHERE's estimate (remembered, or asked of the planner), then the
 * rows, with the capped count in the same statement when the estimate is small enough to count,
 * one after the other on one connection, under the list's timeout. An exact total is counted
 * afterwards under its own, longer timeout (exactCount), still on one connection at a time.
 */
async function largePage(
  list: ListSource,
  db: Database,
  query: PageQuery,
  cursor: PageCursor | undefined,
  caller: Caller,
  timeoutMs: number,
): Promise<{ fetched: Row[]; totals: Totals }> {
  // In a transaction of its own a statement runs on its connection: nothing to compile for.
  const read = (on: Database) => new PageRead(list, on, query, cursor, caller, on === db);
  if (query.exactTotal === true) {
    const fetched = await underTimeout(db, timeoutMs, (on) => read(on).rows());
    const page = read(db);
    const n = await page.exactCount(db);
    if (n !== undefined) return { fetched, totals: { total: n, totalExact: true } };
    return { fetched, totals: { total: await estimate(page.source), totalExact: false } };
  }
  return underTimeout(db, timeoutMs, async (on) => {
    const page = read(on);
    const key = page.whereKey();
    const known = knownEstimate(db, key);
    if (known?.over) {
      return { fetched: await page.rows(), totals: { total: known.guess, totalExact: false } };
    }
    // No WHERE: the whole table's estimate, asked at most every TABLE_ESTIMATE_TTL_MS.
    const guess =
      known?.guess ??
      (page.source.where ? await estimate(page.source) : await tableEstimate(on, list.table));
    if (guess > ESTIMATE_ONLY_ABOVE) {
      rememberEstimate(db, key, guess, true);
      return { fetched: await page.rows(), totals: { total: guess, totalExact: false } };
    }
    if (!known) rememberEstimate(db, key, guess, false);
    const { fetched, n } = await page.rowsAndCount(db);
    const totals = await cappedTotal(page, n, guess);
    if (!totals.totalExact) rememberEstimate(db, key, totals.total, true);
    return { fetched, totals };
  });
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
  const kept = keptAnswer<PageAnswer>(
    list.db,
    list,
    () => tablesOfShape(list, query, cursor),
    query,
    caller,
  );
  if (kept.answer) return kept.answer;
  const answer = await readFresh(list, query, cursor, caller);
  kept.keep(answer);
  return answer;
}

/** The tables each shape of a list reads, when the channel announces them all, by list. */
const shapeTables = new WeakMap<ListSource, Map<string, string[] | null>>();

/**
 * The tables the statements of `query`'s shape read (its rows with their count, the planner's
 * estimate of the same WHERE), or null when one of them is not announced or the list is built
 * per request (a configured resource: its references' labels follow declarations that change
 * without a table change), so its answers are not kept.
 */
function tablesOfShape(
  list: ListSource,
  query: PageQuery,
  cursor: PageCursor | undefined,
): string[] | null {
  if (!list.compiled) return null;
  let byShape = shapeTables.get(list);
  if (!byShape) shapeTables.set(list, (byShape = new Map()));
  const shape = shapeOf(query, cursor);
  let tables = byShape.get(shape);
  if (tables === undefined) {
    const { rows, counted } = shapeStatements(list, list.db, query, cursor);
    tables = announcedTables([rows.toSQL().sql, counted.toSQL().sql], list.reads);
    if (byShape.size >= MAX_SHAPES_PER_STORE) byShape.delete(byShape.keys().next().value!);
    byShape.set(shape, tables);
  }
  return tables;
}

/** One page read from the database (readPage, when no answer is kept). */
async function readFresh(
  list: ListSource,
  query: PageQuery,
  cursor: PageCursor | undefined,
  caller: Caller,
): Promise<PageAnswer> {
  const { fetched, totals } = await inTurn(list.db, async (db, timeoutMs) =>
    query.exactTotal !== true && (await tableEstimate(db, list.table)) <= SMALL_TABLE_ROWS
      ? smallPage(new PageRead(list, db, query, cursor, caller, true))
      : largePage(list, db, query, cursor, caller, timeoutMs),
  );

  const backwards = cursor !== undefined && !cursor.after;
  const more = fetched.length > query.pageSize;
  const rows = fetched.slice(0, query.pageSize);
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

  let { total, totalExact } = totals;
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
