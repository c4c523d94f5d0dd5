import { and, desc, eq, inArray, max } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { checkVariables, type PromptVariable } from '../../../contract/prompt-variables';
import { PRODUCTION_LABEL } from '../../../contract/prompt-labels';
import type { ReviewState, VersionState } from '../../../contract/resources/prompt';
import type { Database } from '../../db/client';
import { promptLabels, promptVersions, users } from '../../db/schema';
import { Code } from '../../../contract/envelope';
import { AppError, invalidField, notFound } from '../../http/app-error';
import { gateStatus, startGate } from './gate';
import type { Behaviour } from '../engine/behaviour';
import type { EndpointHandler } from '../engine/endpoints';
import { omit, pick, type Row } from '../engine/rows';
import type { ResourceStore } from '../engine/store';
import type { Caller } from '../engine/visibility';

/** The template fields a version keeps; status is not versioned (it switches at once). */
const VERSIONED = ['title', 'sceneCode', 'type', 'content', 'variables', 'description'] as const;

function snapshot(row: Row): Row {
  return Object.fromEntries(VERSIONED.map((f) => [f, row[f] ?? null]));
}

/** Every placeholder has a variable row and every row is used (DATA-MODEL.md). */
function checkPlaceholders(content: unknown, variables: unknown): void {
  const rows = (Array.isArray(variables) ? variables : []) as PromptVariable[];
  const { missing, unused } = checkVariables(String(content ?? ''), rows);
  if (missing.length) throw invalidField('variables', 'missingVariable', { name: missing[0]! });
  if (unused.length) throw invalidField('variables', 'unusedVariable', { name: unused[0]! });
}

async function nextNumber(db: Database, promptId: number): Promise<number> {
  const [row] = await db
    .select({ last: max(promptVersions.number) })
    .from(promptVersions)
    .where(eq(promptVersions.promptId, promptId));
  return (row?.last ?? 0) + 1;
}

async function setState(
  db: Database,
  promptId: number,
  numbers: readonly number[],
  state: VersionState,
  extra: Partial<typeof promptVersions.$inferInsert> = {},
): Promise<void> {
  if (!numbers.length) return;
  await db
    .update(promptVersions)
    .set({ state, ...extra })
    .where(and(eq(promptVersions.promptId, promptId), inArray(promptVersions.number, numbers)));
}

function isPlatform(row: Row): boolean {
  return Number(row.isPublic) === 1;
}

function requireState(row: Row, allowed: readonly ReviewState[]): void {
  const state = String(row.reviewState) as ReviewState;
  if (!isPlatform(row) || !allowed.includes(state)) {
    throw invalidField('reviewState', 'wrongReviewState', { state });
  }
}

/**
 * Saves a change as a new version. Personal templates: the version goes live at once.
 * Platform templates: it is a draft; the live content stays until the admin approves.
 */
async function saveVersion(
  store: ResourceStore,
  id: number,
  version: number,
  values: Row,
  caller: Caller,
  unchanged: Row = {},
): Promise<Row> {
  const current = await store.detail(id, caller);
  const merged = { ...snapshot(current), ...pick(values, VERSIONED) };
  checkPlaceholders(merged.content, merged.variables);
  const note = values.note === undefined ? null : values.note;
  return store.transaction(async (tx, db) => {
    // The version check of the update below decides which of two racing saves wins; the
    // loser's transaction rolls back, so a number is never taken twice.
    const number = await nextNumber(db, id);
    const platform = isPlatform(current);
    const row = platform
      ? await tx.update(
          id,
          version,
          { ...omit(values, [...VERSIONED, 'note']), reviewState: 'draft', pendingVersion: number },
          caller,
          unchanged,
        )
      : await tx.update(id, version, { ...values, note, liveVersion: number }, caller, unchanged);
    const replaced = platform ? (current.pendingVersion as number | null) : current.liveVersion;
    if (replaced) await setState(db, id, [replaced as number], 'archived');
    await db.insert(promptVersions).values({
      promptId: id,
      number,
      state: platform ? 'draft' : 'live',
      ...(merged as object),
      note,
      authorId: caller.id,
    } as typeof promptVersions.$inferInsert);
    return row;
  });
}

/** create and update of templates: every change is a version (DATA-MODEL.md). */
export const promptBehaviour: Behaviour = {
  async create(store, values, caller, scope) {
    checkPlaceholders(values.content, values.variables);
    return store.transaction(async (tx, db) => {
      const row = await tx.create(
        { ...values, liveVersion: 1, pendingVersion: null, reviewState: 'none' },
        caller,
        scope,
      );
      await db.insert(promptVersions).values({
        promptId: row.id as number,
        number: 1,
        state: 'live',
        ...(snapshot(row) as object),
        note: (values.note as string | undefined) ?? null,
        authorId: caller.id,
      } as typeof promptVersions.$inferInsert);
      return row;
    });
  },
  update: (store, id, version, values, caller, unchanged) =>
    saveVersion(store, id, version, values, caller, unchanged),
};

const author = alias(users, 'author');
const reviewer = alias(users, 'reviewer');

/** Template calls beyond CRUD, by the names contract/resources/prompt.ts declares. */
/** A template's labels and the version each points at; `production` is the live one. */
export async function labelsOf(
  db: Database,
  promptId: number,
  liveVersion: number | null,
): Promise<Record<string, number>> {
  const rows = await db
    .select({ label: promptLabels.label, number: promptLabels.number })
    .from(promptLabels)
    .where(eq(promptLabels.promptId, promptId))
    .orderBy(promptLabels.label);
  const labels: Record<string, number> = {};
  if (liveVersion) labels[PRODUCTION_LABEL] = liveVersion;
  for (const r of rows) labels[r.label] = r.number;
  return labels;
}

/** Labels belong to platform templates: the platform never fetches a personal one. */
async function platformTemplate(store: ResourceStore, id: number, caller: Caller): Promise<Row> {
  const current = await store.detail(id, caller);
  if (!isPlatform(current)) throw notFound();
  return current;
}

export const promptEndpoints: Record<string, EndpointHandler> = {
  enable: async (store, body: { ids: number[] }, caller) => ({
    count: (await store.patchMany(body.ids, { status: 1 }, caller)).length,
  }),
  disable: async (store, body: { ids: number[] }, caller) => ({
    count: (await store.patchMany(body.ids, { status: 0 }, caller)).length,
  }),

  versions: async (store, body: { id: number }, caller) => {
    const current = await store.detail(body.id, caller); // another's personal one does not exist
    const rows = await store.db
      .select({
        number: promptVersions.number,
        state: promptVersions.state,
        title: promptVersions.title,
        sceneCode: promptVersions.sceneCode,
        type: promptVersions.type,
        content: promptVersions.content,
        variables: promptVersions.variables,
        description: promptVersions.description,
        note: promptVersions.note,
        authorId: promptVersions.authorId,
        authorName: author.name,
        createdAt: promptVersions.createdAt,
        reviewerId: promptVersions.reviewerId,
        reviewerName: reviewer.name,
        reviewedAt: promptVersions.reviewedAt,
        reason: promptVersions.reason,
        gateEvaluationId: promptVersions.gateEvaluationId,
        gateOverride: promptVersions.gateOverride,
      })
      .from(promptVersions)
      .leftJoin(author, eq(author.id, promptVersions.authorId))
      .leftJoin(reviewer, eq(reviewer.id, promptVersions.reviewerId))
      .where(eq(promptVersions.promptId, body.id))
      .orderBy(desc(promptVersions.number));
    // Only platform templates are fetched by label.
    const labels = isPlatform(current)
      ? Object.entries(
          await labelsOf(store.db, body.id, (current.liveVersion as number | null) ?? null),
        )
      : [];
    const list = rows.map((r) => ({
      ...r,
      createdAt: r.createdAt.toISOString(),
      reviewedAt: r.reviewedAt ? r.reviewedAt.toISOString() : null,
      labels: labels.filter(([, n]) => n === r.number).map(([label]) => label),
    }));
    return { list, total: list.length };
  },

  label: async (store, body: { id: number; label: string; number: number }, caller) => {
    const current = await platformTemplate(store, body.id, caller);
    const [version] = await store.db
      .select({ number: promptVersions.number })
      .from(promptVersions)
      .where(and(eq(promptVersions.promptId, body.id), eq(promptVersions.number, body.number)));
    if (!version) throw invalidField('number', 'noSuchVersion', { number: body.number });
    const values = { number: body.number, setBy: caller.id, setAt: new Date() };
    await store.db
      .insert(promptLabels)
      .values({ promptId: body.id, label: body.label, ...values })
      .onConflictDoUpdate({ target: [promptLabels.promptId, promptLabels.label], set: values });
    return {
      labels: await labelsOf(store.db, body.id, (current.liveVersion as number | null) ?? null),
    };
  },

  unlabel: async (store, body: { id: number; label: string }, caller) => {
    const current = await platformTemplate(store, body.id, caller);
    const removed = await store.db
      .delete(promptLabels)
      .where(and(eq(promptLabels.promptId, body.id), eq(promptLabels.label, body.label)))
      .returning({ label: promptLabels.label });
    if (!removed.length) throw invalidField('label', 'noSuchLabel', { label: body.label });
    return {
      labels: await labelsOf(store.db, body.id, (current.liveVersion as number | null) ?? null),
    };
  },

  restore: async (
    store,
    body: { id: number; version: number; number: number; note?: string },
    caller,
  ) => {
    const current = await store.detail(body.id, caller);
    const [old] = await store.db
      .select()
      .from(promptVersions)
      .where(and(eq(promptVersions.promptId, body.id), eq(promptVersions.number, body.number)));
    if (!old) throw invalidField('number', 'noSuchVersion', { number: body.number });
    // Restoring either would only copy what is already live or already being worked on.
    if (body.number === current.liveVersion || body.number === current.pendingVersion) {
      throw invalidField('number', 'notRestorable', { number: body.number });
    }
    return saveVersion(
      store,
      body.id,
      body.version,
      { ...snapshot(old), note: body.note ?? null },
      caller,
    );
  },

  /** A version of a gated scene starts its gate's evaluation once it is pending. */
  submit: async (store, body: { id: number; version: number }, caller) => {
    const current = await store.detail(body.id, caller);
    requireState(current, ['draft', 'rejected']);
    const submitted = await store.transaction(async (tx, db) => {
      const row = await tx.update(body.id, body.version, { reviewState: 'pending' }, caller);
      await setState(db, body.id, [current.pendingVersion as number], 'pending', {
        reason: null,
        reviewerId: null,
        reviewedAt: null,
        gateEvaluationId: null,
        baselineEvaluationId: null,
        gateOverride: null,
      });
      return row;
    });
    // The submission stands when the gate cannot start; the review panel says so and offers
    // to start it again.
    await startGate(store, submitted, current.pendingVersion as number, caller).catch(() => false);
    return submitted;
  },

  gate: async (store, body: { id: number }, caller) => {
    const current = await store.detail(body.id, caller);
    return gateStatus(store.db, body.id, (current.pendingVersion as number | null) ?? null);
  },

  /** Evaluates the pending version afresh, as the gate stands now. */
  gateRun: async (store, body: { id: number }, caller) => {
    const current = await store.detail(body.id, caller);
    requireState(current, ['pending']);
    const number = current.pendingVersion as number;
    const status = await gateStatus(store.db, body.id, number);
    if (status.state === 'running') throw invalidField('gate', 'gateRunning');
    if (!(await startGate(store, current, number, caller))) throw invalidField('gate', 'noGate');
    return gateStatus(store.db, body.id, number);
  },

  /**
   * A version of a gated scene goes live only once its gate passed, or when the admin gives a
   * reason to go past it; the reason stays with the version.
   */
  approve: async (store, body: { id: number; version: number; override?: string }, caller) => {
    const current = await store.detail(body.id, caller);
    requireState(current, ['pending']);
    const number = current.pendingVersion as number;
    const gate = await gateStatus(store.db, body.id, number);
    const passed = gate.state === 'none' || gate.state === 'passed';
    if (!passed && !body.override) {
      const failing = gate.metrics.filter((m) => !m.pass).map((m) => m.metric);
      throw new AppError(
        Code.CONFLICT,
        gate.state === 'running' ? 'gateRunning' : 'gateNotPassed',
        { metrics: failing.join(', ') || '—' },
        [],
        undefined,
        { gate },
      );
    }
    const [pending] = await store.db
      .select()
      .from(promptVersions)
      .where(and(eq(promptVersions.promptId, body.id), eq(promptVersions.number, number)));
    if (!pending) throw invalidField('reviewState', 'noSuchVersion', { number });
    return store.transaction(async (tx, db) => {
      const row = await tx.update(
        body.id,
        body.version,
        {
          ...snapshot(pending as unknown as Row),
          note: pending.note,
          liveVersion: number,
          pendingVersion: null,
          reviewState: 'none',
        },
        caller,
      );
      await setState(db, body.id, [current.liveVersion as number], 'archived');
      await setState(db, body.id, [number], 'live', {
        reviewerId: caller.id,
        reviewedAt: new Date(),
        gateOverride: passed ? null : (body.override ?? null),
      });
      return row;
    });
  },

  reject: async (store, body: { id: number; version: number; reason: string }, caller) => {
    const current = await store.detail(body.id, caller);
    requireState(current, ['pending']);
    return store.transaction(async (tx, db) => {
      const row = await tx.update(body.id, body.version, { reviewState: 'rejected' }, caller);
      await setState(db, body.id, [current.pendingVersion as number], 'rejected', {
        reason: body.reason,
        reviewerId: caller.id,
        reviewedAt: new Date(),
      });
      return row;
    });
  },
};
