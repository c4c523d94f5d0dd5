import { and, inArray, max, sql, type SQL } from 'drizzle-orm';
import { invalidField, notFound } from '../../http/app-error';
import type { Behaviour } from '../engine/behaviour';
import type { EndpointHandler } from '../engine/endpoints';
import type { Row } from '../engine/rows';
import type { ResourceStore } from '../engine/store';
import type { Caller } from '../engine/visibility';

function blank(value: unknown): boolean {
  return value === undefined || value === null || String(value).trim() === '';
}

/** A directive answers with its own content or a template's; one of the two is required. */
function requireContentOrTemplate(values: Row): void {
  if (blank(values.content) && blank(values.templateId)) {
    throw invalidField('content', 'contentOrTemplate');
  }
}

/**
 * The template a directive names must be one the caller can see and that is enabled (as a
 * scene's bound template, server/resources/scene/scene.ts): someone else's personal template
 * does not exist for them.
 */
async function requireTemplate(store: ResourceStore, templateId: unknown, caller: Caller) {
  if (blank(templateId)) return;
  const template = await store
    .other('prompt')
    .detail(Number(templateId), caller)
    .catch(() => undefined);
  if (!template || Number(template.status) !== 1) {
    throw invalidField('templateId', 'templateUnavailable');
  }
}

/** One past the last position, computed inside the insert so no second read can interleave. */
function nextSortOrder(store: ResourceStore): SQL {
  const last = store.db.select({ last: max(store.col('sortOrder')) }).from(store.table);
  return sql`(select coalesce((${last}), -1) + 1)`;
}

/** create and update of directives: content or template, a usable template, the end of the list. */
export const directiveBehaviour: Behaviour = {
  async create(store, values, caller, scope) {
    requireContentOrTemplate(values);
    await requireTemplate(store, values.templateId, caller);
    const sortOrder = values.sortOrder ?? nextSortOrder(store);
    return store.create({ ...values, sortOrder }, caller, scope);
  },

  async update(store, id, version, values, caller, unchanged) {
    const stored = await store.detail(id, caller);
    requireContentOrTemplate({ ...stored, ...values });
    // A template chosen earlier and disabled since does not block unrelated edits.
    if (values.templateId !== undefined && values.templateId !== stored.templateId) {
      await requireTemplate(store, values.templateId, caller);
    }
    return store.update(id, version, values, caller, unchanged);
  },
};

/**
 * The positions `ids` get: the very sortOrder values they hold, handed out in the order sent,
 * so a reordered page keeps its place among the rows around it. Equal values cannot express an
 * order, so a set with a repeat is renumbered consecutively from its smallest value.
 */
export function positionsFor(current: readonly number[]): number[] {
  const sorted = [...current].sort((a, b) => a - b);
  if (new Set(sorted).size === sorted.length) return sorted;
  const first = sorted[0] ?? 0;
  return sorted.map((_, i) => first + i);
}

/** The largest id a row can have (an int4 column): a larger one names nothing. */
const MAX_ID = 2_147_483_647;

async function reorder(store: ResourceStore, ids: readonly number[], caller: Caller) {
  if (ids.some((i) => i > MAX_ID)) throw notFound();
  return store.transaction(async (tx, db) => {
    const id = tx.col('id');
    const sortOrder = tx.col('sortOrder');
    // Row locks on PostgreSQL: two reorders of overlapping rows run one after the other, so
    // each redistributes values the other has already written.
    const rows = await db
      .select({ id, sortOrder })
      .from(tx.table)
      .where(and(inArray(id, [...ids]), tx.visibleWhere(caller)))
      .for('update');
    if (rows.length !== ids.length) throw notFound();
    const held = new Map(rows.map((r) => [r.id as number, r.sortOrder as number]));
    const positions = positionsFor(ids.map((i) => held.get(i)!));
    const changed = ids
      .map((rowId, i) => ({ rowId, to: positions[i]! }))
      .filter(({ rowId, to }) => held.get(rowId) !== to);
    if (!changed.length) return { count: 0 };
    const cases = sql.join(
      changed.map(({ rowId, to }) => sql`when ${id} = ${rowId} then ${to}::integer`),
      sql` `,
    );
    await db
      .update(tx.table)
      .set({
        sortOrder: sql`case ${cases} end`,
        version: sql`${tx.col('version')} + 1`,
        updatedAt: sql`now()`,
      } as typeof tx.table.$inferInsert)
      .where(
        inArray(
          id,
          changed.map((c) => c.rowId),
        ),
      );
    return { count: changed.length };
  });
}

/** Directive calls beyond CRUD, by the names contract/resources/directive.ts declares. */
export const directiveEndpoints: Readonly<Record<string, EndpointHandler>> = {
  enable: async (store, body: { ids: number[] }, caller) => ({
    count: (await store.patchMany(body.ids, { status: 1 }, caller)).length,
  }),
  disable: async (store, body: { ids: number[] }, caller) => ({
    count: (await store.patchMany(body.ids, { status: 0 }, caller)).length,
  }),
  reorder: (store, body: { ids: number[] }, caller) => reorder(store, body.ids, caller),
};
