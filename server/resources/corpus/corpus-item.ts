import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { importBody, markBody, reviewBody } from '../../../contract/endpoint-schemas';
import { normalizeTags } from '../../../contract/tags';
import type { ItemState } from '../../../contract/resources/corpus-item';
import type { Database } from '../../db/client';
import { corpusItems, corpusLabels, users } from '../../db/schema';
import { Code } from '../../../contract/envelope';
import { AppError, conflict, invalidField, notFound } from '../../http/app-error';
import type { Behaviour } from '../engine/behaviour';
import { recountCorpora } from './counts';
import { parseImport } from './import';
import type { EndpointHandler } from '../engine/endpoints';
import type { Row } from '../engine/rows';
import type { ResourceStore } from '../engine/store';
import type { Caller } from '../engine/visibility';

type MarkBody = z.output<typeof markBody>;
type ReviewBody = z.output<typeof reviewBody>;
type ImportBody = z.output<typeof importBody>;

/** Double annotation: at most two annotators label an item independently. */
const MAX_ASSIGNEES = 2;
/** Rows per insert statement of an import (4 values each: far below PostgreSQL's 65 535). */
const IMPORT_BATCH = 1000;
const MAX_INT4 = 2_147_483_647;

function checkAssignees(values: Row): void {
  const assignees = values.assignees;
  if (Array.isArray(assignees) && assignees.length > MAX_ASSIGNEES) {
    throw invalidField('assignees', 'tooBig', { max: MAX_ASSIGNEES });
  }
}

/** The name an annotation or review is signed with: the account's name, else its user name. */
async function nameOf(db: Database, userId: string): Promise<string | null> {
  const [row] = await db
    .select({ name: sql<string | null>`coalesce(${users.name}, ${users.userName})` })
    .from(users)
    .where(eq(users.id, userId));
  return row?.name ? row.name.slice(0, 64) : null;
}

/** The item row, locked until the transaction ends, so its checks and its write are one. */
async function lockItem(store: ResourceStore, id: number, caller: Caller): Promise<Row> {
  if (!Number.isSafeInteger(id) || id < 1 || id > MAX_INT4) throw notFound();
  const [row] = await store.db
    .select()
    .from(store.table)
    .where(and(eq(store.col('id'), id), store.visibleWhere(caller)))
    .for('update');
  if (!row) throw notFound();
  return row as Row;
}

/** A stale version: 40900 whose data is `{ current }`, the item as it is now. */
async function checkVersion(
  store: ResourceStore,
  item: Row,
  version: number,
  caller: Caller,
): Promise<void> {
  if (item.version !== version) throw conflict(await store.detail(item.id as number, caller));
}

/** The set an item call names must exist and be visible to the caller (40400 otherwise). */
async function requireCorpus(store: ResourceStore, corpusId: number, caller: Caller) {
  return store.other('corpus').detail(corpusId, caller);
}

/** The corpus ids of the listed items the caller may see (before they are deleted). */
async function corporaOf(
  store: ResourceStore,
  ids: readonly number[],
  caller: Caller,
): Promise<number[]> {
  const valid = ids.filter((id) => Number.isSafeInteger(id) && id > 0 && id <= MAX_INT4);
  if (!valid.length) return [];
  const rows = await store.db
    .selectDistinct({ corpusId: store.col('corpusId') })
    .from(store.table)
    .where(and(inArray(store.col('id'), valid), store.visibleWhere(caller)));
  return rows.map((r) => r.corpusId as number);
}

/**
 * Generic create, update and delete of items keep their set's counts in the same transaction
 * (DATA-MODEL.md "Corpus sets and items").
 */
export const corpusItemBehaviour: Behaviour = {
  async create(store, values, caller, scope) {
    checkAssignees(values);
    const corpusId = values.corpusId as number;
    // A set that does not exist is a wrong value of the body's corpusId: 40000 on that field.
    try {
      await requireCorpus(store, corpusId, caller);
    } catch (error) {
      if (error instanceof AppError && error.code === Code.NOT_FOUND) {
        throw invalidField('corpusId', 'notFound');
      }
      throw error;
    }
    return store.transaction(async (tx, db) => {
      const row = await tx.create(values, caller, scope);
      await recountCorpora(db, [corpusId]);
      return row;
    });
  },
  update(store, id, version, values, caller, unchanged) {
    checkAssignees(values);
    return store.transaction(async (tx, db) => {
      const row = await tx.update(id, version, values, caller, unchanged);
      await recountCorpora(db, [row.corpusId as number]);
      return row;
    });
  },
  remove(store, id, caller) {
    return store.transaction(async (tx, db) => {
      const corpora = await corporaOf(tx, [id], caller);
      const removed = await tx.remove(id, caller);
      await recountCorpora(db, corpora);
      return removed;
    });
  },
  removeMany(store, ids, caller) {
    return store.transaction(async (tx, db) => {
      const corpora = await corporaOf(tx, ids, caller);
      const removed = await tx.removeMany(ids, caller);
      await recountCorpora(db, corpora);
      return removed;
    });
  },
};

/** Keeps the caller's own label of the item (one row per item and annotator). */
async function saveLabel(
  db: Database,
  item: Row,
  caller: Caller,
  name: string | null,
  body: MarkBody,
): Promise<void> {
  const values = {
    annotatorName: name,
    label: body.label!,
    recommendedAnswer: body.recommendedAnswer ?? null,
    comment: body.comment ?? null,
  };
  await db
    .insert(corpusLabels)
    .values({
      itemId: item.id as number,
      corpusId: item.corpusId as number,
      annotatorId: caller.id,
      ...values,
    })
    .onConflictDoUpdate({
      target: [corpusLabels.itemId, corpusLabels.annotatorId],
      set: { ...values, updatedAt: sql`now()` },
    });
}

/** What the body sets besides the label: only what it sent (null clears, absent keeps). */
function sentExtras(body: MarkBody | ReviewBody): Row {
  const out: Row = {};
  if (body.recommendedAnswer !== undefined) out.recommendedAnswer = body.recommendedAnswer;
  if ('tags' in body && body.tags !== undefined) out.tags = body.tags;
  if (body.comment !== undefined) out.comment = body.comment;
  return out;
}

/**
 * The item's settled value once every assignee has labelled it: their label when all agree
 * (annotated), none when they differ (disputed). Undefined while someone has not labelled.
 */
async function settled(
  db: Database,
  item: Row,
  assignees: readonly string[],
): Promise<{ label: string | null; status: ItemState } | undefined> {
  const labels = await db
    .select({ label: corpusLabels.label })
    .from(corpusLabels)
    .where(
      and(
        eq(corpusLabels.itemId, item.id as number),
        inArray(corpusLabels.annotatorId, [...assignees]),
      ),
    );
  if (labels.length < assignees.length) return undefined;
  const distinct = new Set(labels.map((l) => l.label));
  return distinct.size === 1
    ? { label: labels[0]!.label, status: 'annotated' }
    : { label: null, status: 'disputed' };
}

async function mark(store: ResourceStore, body: MarkBody, caller: Caller): Promise<Row> {
  return store.transaction(async (tx, db) => {
    const item = await lockItem(tx, body.id, caller);
    const assignees = (item.assignees as string[] | null) ?? [];
    const state = item.status as ItemState;
    if (assignees.length) {
      // Each assignee writes their own label row: nobody overwrites anybody, so no version check.
      if (!assignees.includes(caller.id)) throw invalidField('assignees', 'notAssigned');
    } else {
      await checkVersion(tx, item, body.version, caller);
    }
    if (state === 'reviewed') throw invalidField('status', 'wrongState', { state });

    if (body.skip) {
      if (state !== 'pending') throw invalidField('status', 'wrongState', { state });
      await tx.patch(body.id, { status: 'skipped' }, caller);
    } else {
      const name = await nameOf(db, caller.id);
      await saveLabel(db, item, caller, name, body);
      const signed = { annotatorId: caller.id, annotatorName: name, annotatedAt: new Date() };
      if (!assignees.length) {
        await tx.patch(
          body.id,
          { ...sentExtras(body), label: body.label, status: 'annotated', ...signed },
          caller,
        );
      } else {
        const outcome = await settled(db, item, assignees);
        // Until every assignee has labelled, the item stays as it is (pending).
        if (outcome)
          await tx.patch(body.id, { ...sentExtras(body), ...outcome, ...signed }, caller);
      }
    }
    await recountCorpora(db, [item.corpusId as number]);
    return tx.detail(body.id, caller);
  });
}

async function review(store: ResourceStore, body: ReviewBody, caller: Caller): Promise<Row> {
  return store.transaction(async (tx, db) => {
    const item = await lockItem(tx, body.id, caller);
    await checkVersion(tx, item, body.version, caller);
    const state = item.status as ItemState;
    if (state !== 'annotated' && state !== 'disputed') {
      throw invalidField('status', 'wrongState', { state });
    }
    // Annotators disagreed: there is no label to accept, the reviewer must give one.
    if (body.decision === 'accept' && state === 'disputed') {
      throw invalidField('decision', 'wrongState', { state });
    }
    const values: Row = {
      status: 'reviewed',
      reviewResult: body.decision === 'accept' ? 'accepted' : 'corrected',
      reviewerId: caller.id,
      reviewerName: await nameOf(db, caller.id),
      reviewedAt: new Date(),
    };
    if (body.decision === 'correct') Object.assign(values, sentExtras(body), { label: body.label });
    await tx.patch(body.id, values, caller);
    await recountCorpora(db, [item.corpusId as number]);
    return tx.detail(body.id, caller);
  });
}

async function importItems(
  store: ResourceStore,
  body: ImportBody,
  caller: Caller,
  locale: Parameters<typeof parseImport>[2],
): Promise<{ count: number }> {
  await requireCorpus(store, body.corpusId, caller);
  const rows = parseImport(body.format, body.content, locale);
  await store.transaction(async (_tx, db) => {
    for (let i = 0; i < rows.length; i += IMPORT_BATCH) {
      // Rows are inserted here, not through the store: their tags get its spelling here too.
      const batch = rows
        .slice(i, i + IMPORT_BATCH)
        .map((r) => ({ ...r, tags: normalizeTags(r.tags), corpusId: body.corpusId }));
      await db.insert(corpusItems).values(batch);
    }
    await recountCorpora(db, [body.corpusId]);
  });
  return { count: rows.length };
}

/** Item calls beyond CRUD, by the names contract/resources/corpus-item.ts declares. */
export const corpusItemEndpoints: Readonly<Record<string, EndpointHandler>> = {
  mark: (store, body: MarkBody, caller) => mark(store, body, caller),
  review: (store, body: ReviewBody, caller) => review(store, body, caller),
  import: (store, body: ImportBody, caller, { locale }) => importItems(store, body, caller, locale),

  fromCall: async (store, body: { callId: number; corpusId: number }, caller) => {
    // A personal template's calls are private: someone else's call does not exist (40400).
    const call = await store.other('prompt-call').detail(body.callId, caller);
    await requireCorpus(store, body.corpusId, caller);
    return store.transaction(async (tx, db) => {
      const row = await tx.create(
        {
          corpusId: body.corpusId,
          question: call.question,
          answer: call.answer ?? null,
          recommendedAnswer: call.recommendedAnswer ?? null,
          sourceCallId: call.id,
        },
        caller,
      );
      await recountCorpora(db, [body.corpusId]);
      return row;
    });
  },

  labels: async (store, body: { id: number }, caller) => {
    await store.detail(body.id, caller);
    const rows = await store.db
      .select({
        annotatorId: corpusLabels.annotatorId,
        annotatorName: corpusLabels.annotatorName,
        label: corpusLabels.label,
        recommendedAnswer: corpusLabels.recommendedAnswer,
        comment: corpusLabels.comment,
        updatedAt: corpusLabels.updatedAt,
      })
      .from(corpusLabels)
      .where(eq(corpusLabels.itemId, body.id))
      .orderBy(asc(corpusLabels.createdAt), asc(corpusLabels.id));
    return { list: rows.map((r) => ({ ...r, updatedAt: r.updatedAt.toISOString() })) };
  },
};
