import type { PageCursor } from '../../contract/page-cursor';
import type { PageQuery } from '../../contract/resource-schema';
import type { Database } from '../db/client';
import { prepareAs, prepareByText, type Preparable, type Prepared } from '../db/prepared';

/**
 * The shape of a list request: everything its statement's text depends on, none of its values
 * (docs/DECISIONS.md "A list is built once per shape"). Two requests of one shape differ only in
 * the values their placeholders take: filter values, the keyword, the cursor's key, the offset
 * and the caller. What changes the text: the scope, the sorters, each filter's field and
 * operator and whether its value is a list (and an empty one), whether there is a keyword,
 * whether the page follows or precedes a cursor and which of its key's values are empty (or,
 * without one, whether it is the first page, which has no OFFSET), and the page size (written into the text: PostgreSQL keeps a generic plan for a statement whose
 * LIMIT is a constant, and re-plans one whose LIMIT is a parameter every time).
 */
export function shapeOf(query: PageQuery, cursor: PageCursor | undefined): string {
  const filters = (query.filters ?? []).map(({ field, operator, value }) => {
    const kind = Array.isArray(value) ? (value.length ? 'list' : 'empty') : 'one';
    return `${field} ${operator} ${kind}`;
  });
  return JSON.stringify([
    query.scope ?? null,
    (query.sorters ?? []).map((s) => `${s.field} ${s.order}`),
    filters,
    query.keyword?.trim() ? 1 : 0,
    cursor
      ? [cursor.after ? 1 : 0, cursor.key.map((v) => (v === null ? 0 : 1))]
      : query.current > 1,
    query.pageSize,
  ]);
}

/**
 * The most statement texts one pool prepares under a name. Each named statement stays on every
 * connection that ran it (node-postgres never deallocates one) with its plan; beyond this many
 * texts, a new shape runs unnamed (parsed and planned at each run, still built once).
 */
export const MAX_NAMED_LIST_STATEMENTS = 100;

const namedByDb = new WeakMap<Database, Set<string>>();

/** The names given to list statements on a database handle (a pool) so far. */
export function namedOn(db: Database): Set<string> {
  let names = namedByDb.get(db);
  if (!names) namedByDb.set(db, (names = new Set()));
  return names;
}

/**
 * A list statement prepared for running: named after its text (server/db/prepared.ts) when
 * `generic` allows a generic plan and `named` (the names its pool's connections may hold) has
 * room, unnamed otherwise. A keyword's selectivity decides between its trigram index and the
 * sort's (a rare word walked through the time index took 86 s at 10 M calls), so a statement
 * with ILIKE is never named: PostgreSQL plans it for each pattern.
 */
export function prepareList<T>(
  query: Preparable<T>,
  generic: boolean,
  named: Set<string>,
): Prepared<T> {
  if (generic) {
    const prepared = prepareByText('list', query, (name) => {
      if (named.has(name)) return true;
      if (named.size >= MAX_NAMED_LIST_STATEMENTS) return false;
      named.add(name);
      return true;
    });
    if (prepared) return prepared;
  }
  // An empty name is PostgreSQL's unnamed statement (and PGlite ignores names).
  return prepareAs(query, '');
}

/** The most shapes one store keeps compiled per database handle; the least recently used go. */
export const MAX_SHAPES_PER_STORE = 200;

/**
 * One store's compiled list statements, by database handle (the main pool, the lists' pool) and
 * shape, least recently used first out. A compiled statement holds no request's values.
 */
export class ShapeCache<T> {
  private readonly byDb = new WeakMap<Database, Map<string, T>>();

  constructor(private readonly max = MAX_SHAPES_PER_STORE) {}

  get(db: Database, shape: string, compile: () => T): T {
    let shapes = this.byDb.get(db);
    if (!shapes) this.byDb.set(db, (shapes = new Map()));
    let entry = shapes.get(shape);
    if (entry === undefined) {
      entry = compile();
      if (shapes.size >= this.max) shapes.delete(shapes.keys().next().value as string);
    } else {
      shapes.delete(shape);
    }
    shapes.set(shape, entry);
    return entry;
  }

  /** How many shapes are kept for `db` (tests). */
  size(db: Database): number {
    return this.byDb.get(db)?.size ?? 0;
  }
}
