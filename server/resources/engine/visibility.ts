import { and, eq, isNull, or, sql, type Placeholder, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { Database } from '../../db/client';
import type { ResourceDef } from '../../../contract/resource';
import { literal } from './query';
import type { AuthUser } from '../../auth/auth-user';

/** Who is asking: rows owned by someone else are invisible to them. */
export type Caller = Pick<AuthUser, 'id' | 'role'>;

/**
 * Whose rows a statement shows: a caller, or a placeholder for the caller's id in a statement
 * prepared once for every caller (ResourceStore.detail). Visibility reads the id alone.
 */
export interface Viewer {
  readonly id: string | Placeholder;
}

/** The placeholder of the caller's id in a statement prepared for every caller. */
export const CALLER = 'caller';

/** The caller of a statement prepared for every caller: its id is bound at each execution. */
export const ANY_CALLER: Viewer = { id: sql.placeholder(CALLER) };

/** What visibility needs of another resource whose rows decide who sees a row here. */
export interface VisibleRows {
  readonly db: Database;
  readonly table: PgTable;
  readonly columns: Record<string, PgColumn>;
  visibleWhere(caller: Viewer): SQL | undefined;
}

/** Another resource's rows by name, for rows whose visibility follows a row there. */
export type VisibleLookup = (name: string) => VisibleRows | undefined;

/**
 * The rows of `def` that `caller` may see at all, as SQL over its columns (undefined: all).
 * Personal means personal: the admin gets no exception.
 */
export function visibleTo(
  def: ResourceDef,
  columns: Record<string, PgColumn>,
  caller: Viewer,
  lookup: VisibleLookup,
): SQL | undefined {
  const owner = def.ownership;
  if (!owner) return undefined;
  if ('field' in owner) {
    const own = eq(columns[owner.field] as PgColumn, caller.id);
    const shared = Object.entries(owner.sharedWhen ?? {}).map(([f, v]) =>
      eq(columns[f] as PgColumn, literal(v)),
    );
    return shared.length ? or(own, and(...shared)) : own;
  }
  const parent = lookup(owner.through.resource);
  if (!parent) throw new Error(`resource ${def.name}: no store for ${owner.through.resource}`);
  const link = columns[owner.through.field] as PgColumn;
  // A row pointing at nothing is shared; one pointing at a row the caller cannot see is not.
  // A scalar subquery, not EXISTS: beside the OR, PostgreSQL runs an EXISTS as a hashed subplan
  // over every parent row the caller can see; the scalar subquery is probed per row through the
  // parent's primary key, so a page reads only the parent rows it shows (list-plans.test).
  const probe = parent.db
    .select({ one: sql`true` })
    .from(parent.table)
    .where(and(eq(parent.columns.id as PgColumn, link), parent.visibleWhere(caller)));
  return or(isNull(link), sql`coalesce((${probe}), false)`);
}
