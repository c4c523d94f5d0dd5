import { and, asc, desc, eq, inArray, lt, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import { agreementOf, type LabelPairCount } from '../../../contract/agreement';
import type { agreementSchema } from '../../../contract/endpoint-schemas';
import { corpusItems, corpusLabels } from '../../db/schema';
import type { Behaviour } from '../engine/behaviour';
import { corpusCounts, recountCorpora } from './counts';
import type { EndpointHandler } from '../engine/endpoints';

type Agreement = z.output<typeof agreementSchema>;

/** Items the agreement answer lists as disagreements, newest first. */
const MAX_DISAGREEMENTS = 200;

/**
 * A set's state depends on `requireReview`, so changing it recomputes the state in the same
 * transaction (the counts themselves only move with item writes).
 */
export const corpusBehaviour: Behaviour = {
  update(store, id, version, values, caller, unchanged) {
    return store.transaction(async (tx, db) => {
      await tx.update(id, version, values, caller, unchanged);
      await recountCorpora(db, [id]);
      return tx.detail(id, caller);
    });
  },
};

async function agreement(store: Parameters<EndpointHandler>[0], id: number): Promise<Agreement> {
  const db = store.db;
  const a = alias(corpusLabels, 'a');
  const b = alias(corpusLabels, 'b');
  // One confusion table per annotator pair, counted by the database: its size is pairs ×
  // labels², however many items the set has.
  const cells = await db
    .select({
      aId: a.annotatorId,
      bId: b.annotatorId,
      aLabel: a.label,
      bLabel: b.label,
      count: sql<number>`count(*)::int`,
    })
    .from(a)
    .innerJoin(b, and(eq(a.itemId, b.itemId), lt(a.annotatorId, b.annotatorId)))
    .where(eq(a.corpusId, id))
    .groupBy(a.annotatorId, b.annotatorId, a.label, b.label)
    .orderBy(asc(a.annotatorId), asc(b.annotatorId));

  // The name an annotator last signed with in this set.
  const names = new Map<string, string | null>();
  const signed = await db
    .selectDistinctOn([corpusLabels.annotatorId], {
      id: corpusLabels.annotatorId,
      name: corpusLabels.annotatorName,
    })
    .from(corpusLabels)
    .where(eq(corpusLabels.corpusId, id))
    .orderBy(
      corpusLabels.annotatorId,
      sql`${corpusLabels.annotatorName} is null`,
      desc(corpusLabels.updatedAt),
    );
  for (const row of signed) names.set(row.id, row.name);

  const tables = new Map<string, { a: string; b: string; cells: LabelPairCount[] }>();
  for (const cell of cells) {
    const key = JSON.stringify([cell.aId, cell.bId]);
    let pair = tables.get(key);
    if (!pair) tables.set(key, (pair = { a: cell.aId, b: cell.bId, cells: [] }));
    pair.cells.push({ a: cell.aLabel, b: cell.bLabel, count: Number(cell.count) });
  }
  const pairs = [...tables.values()].map((pair) => ({
    a: { id: pair.a, name: names.get(pair.a) ?? null },
    b: { id: pair.b, name: names.get(pair.b) ?? null },
    ...agreementOf(pair.cells),
  }));

  // Disputed items, and any whose annotators gave different labels (also once a reviewer
  // settled them: the disagreement is what the agreement figures count).
  const differing = db
    .select({ itemId: corpusLabels.itemId })
    .from(corpusLabels)
    .where(eq(corpusLabels.corpusId, id))
    .groupBy(corpusLabels.itemId)
    .having(sql`count(distinct ${corpusLabels.label}) > 1`);
  const found = await db
    .select({
      itemId: corpusItems.id,
      version: corpusItems.version,
      question: corpusItems.question,
      status: corpusItems.status,
    })
    .from(corpusItems)
    .where(
      and(
        eq(corpusItems.corpusId, id),
        or(eq(corpusItems.status, 'disputed'), inArray(corpusItems.id, differing)),
      ),
    )
    .orderBy(desc(corpusItems.updatedAt), desc(corpusItems.id))
    .limit(MAX_DISAGREEMENTS);
  // Item columns are derived from the declaration, so Drizzle types them loosely.
  const items = found.map((i) => ({
    itemId: Number(i.itemId),
    version: Number(i.version),
    question: String(i.question),
    status: String(i.status),
  }));
  const labels = items.length
    ? await db
        .select()
        .from(corpusLabels)
        .where(
          inArray(
            corpusLabels.itemId,
            items.map((i) => i.itemId),
          ),
        )
        .orderBy(asc(corpusLabels.annotatorId))
    : [];
  const byItem = new Map<number, Agreement['disagreements'][number]['labels']>();
  for (const l of labels) {
    const list = byItem.get(l.itemId) ?? [];
    list.push({
      annotatorId: l.annotatorId,
      annotatorName: l.annotatorName,
      label: l.label as Agreement['disagreements'][number]['labels'][number]['label'],
      recommendedAnswer: l.recommendedAnswer,
      comment: l.comment,
      updatedAt: l.updatedAt.toISOString(),
    });
    byItem.set(l.itemId, list);
  }
  return {
    pairs,
    disagreements: items.map((item) => ({ ...item, labels: byItem.get(item.itemId) ?? [] })),
  };
}

/** Set calls beyond CRUD, by the names contract/resources/corpus.ts declares. */
export const corpusEndpoints: Readonly<Record<string, EndpointHandler>> = {
  counts: async (store, body: { id: number }, caller) => {
    await store.detail(body.id, caller); // a set the caller cannot see does not exist
    return corpusCounts(store.db, body.id);
  },
  agreement: async (store, body: { id: number }, caller) => {
    await store.detail(body.id, caller); // a set the caller cannot see does not exist
    return agreement(store, body.id);
  },
};
