import { and, asc, count, eq, exists, inArray, lt, or, sql } from 'drizzle-orm';
import type { Database } from '../db/client';
import {
  corpusItems,
  evaluationJobs,
  modelEvaluateResults,
  modelEvaluations,
  modelVersions,
  type EvaluationJobRow,
} from '../db/schema';

/** Job states that still need a server. */
export const OPEN_JOB_STATES = ['queued', 'running'] as const;

/**
 * Queues every corpus item × model version of an evaluation not queued before and marks it
 * running. Items done before (a run resumed after a cancel) keep their results.
 */
export async function enqueueEvaluation(db: Database, evaluationId: number): Promise<number> {
  return db.transaction(async (tx) => {
    const [evaluation] = await tx
      .select({
        corpusId: modelEvaluations.corpusId,
        modelVersions: modelEvaluations.modelVersions,
      })
      .from(modelEvaluations)
      .where(eq(modelEvaluations.id, evaluationId))
      .for('update');
    if (!evaluation) return 0;
    const versions = (evaluation.modelVersions as string[] | null) ?? [];
    const items = await tx
      .select({ id: corpusItems.id })
      .from(corpusItems)
      .where(eq(corpusItems.corpusId, evaluation.corpusId as number));
    const rows = items.flatMap((item) =>
      versions.map((modelVersion) => ({ evaluationId, itemId: item.id as number, modelVersion })),
    );
    // Cancelled rows go back in the queue; done and failed ones stay as they are.
    await tx
      .update(evaluationJobs)
      .set({ state: 'queued', lockedBy: null, lockedUntil: null })
      .where(
        and(eq(evaluationJobs.evaluationId, evaluationId), eq(evaluationJobs.state, 'cancelled')),
      );
    for (let i = 0; i < rows.length; i += 1_000) {
      await tx
        .insert(evaluationJobs)
        .values(rows.slice(i, i + 1_000))
        .onConflictDoNothing();
    }
    // Pairs that have a result already (stored before this queue) count as done.
    await tx
      .update(evaluationJobs)
      .set({ state: 'done', finishedAt: new Date() })
      .where(
        and(
          eq(evaluationJobs.evaluationId, evaluationId),
          eq(evaluationJobs.state, 'queued'),
          exists(
            tx
              .select({ one: sql`1` })
              .from(modelEvaluateResults)
              .where(
                and(
                  eq(modelEvaluateResults.evaluateId, evaluationJobs.evaluationId),
                  eq(modelEvaluateResults.itemId, evaluationJobs.itemId),
                  eq(modelEvaluateResults.modelVersion, evaluationJobs.modelVersion),
                ),
              ),
          ),
        ),
      );
    await tx
      .update(modelEvaluations)
      .set({ state: 'running', startedAt: new Date(), finishedAt: null, error: null })
      .where(eq(modelEvaluations.id, evaluationId));
    await refreshProgress(tx as unknown as Database, evaluationId);
    return rows.length;
  });
}

/** Stops an evaluation's queued work; running items see the state and stop themselves. */
export async function cancelQueued(db: Database, evaluationId: number): Promise<void> {
  await db
    .update(evaluationJobs)
    .set({ state: 'cancelled', lockedBy: null, lockedUntil: null })
    .where(and(eq(evaluationJobs.evaluationId, evaluationId), eq(evaluationJobs.state, 'queued')));
}

export interface JobCounts {
  total: number;
  queued: number;
  running: number;
  done: number;
  failed: number;
  cancelled: number;
}

export async function jobCounts(db: Database, evaluationId: number): Promise<JobCounts> {
  const rows = await db
    .select({ state: evaluationJobs.state, n: count() })
    .from(evaluationJobs)
    .where(eq(evaluationJobs.evaluationId, evaluationId))
    .groupBy(evaluationJobs.state);
  const counts: JobCounts = { total: 0, queued: 0, running: 0, done: 0, failed: 0, cancelled: 0 };
  for (const r of rows) {
    const key = r.state as keyof JobCounts;
    if (key in counts) counts[key] = r.n;
    counts.total += r.n;
  }
  return counts;
}

/**
 * The evaluation's progress and result count from its jobs; once none is open, it is completed
 * (a cancelled run stays cancelled). Call it inside the transaction that changed a job.
 */
export async function refreshProgress(db: Database, evaluationId: number): Promise<void> {
  // One at a time per evaluation: two last items ending together would each count the other
  // as open, and neither would complete the run.
  await db
    .select({ id: modelEvaluations.id })
    .from(modelEvaluations)
    .where(eq(modelEvaluations.id, evaluationId))
    .for('update');
  const c = await jobCounts(db, evaluationId);
  const finished = c.done + c.failed;
  const progress = c.total ? Math.floor((100 * finished) / c.total) : 100;
  const open = c.queued + c.running;
  await db
    .update(modelEvaluations)
    .set({
      progress,
      resultCount: c.done,
      ...(open === 0 ? { finishedAt: new Date() } : {}),
      state: sql`case when ${modelEvaluations.state} = 'running' and ${open} = 0 then 'completed' else ${modelEvaluations.state} end`,
    })
    .where(eq(modelEvaluations.id, evaluationId));
}

/**
 * Takes up to `limit` jobs of one model version for this worker: queued ones, and running ones
 * whose lease ran out. `skip locked` lets other servers take the rows beside them at once.
 */
export async function claimJobs(
  db: Database,
  worker: string,
  modelVersion: string,
  limit: number,
  leaseMs: number,
): Promise<EvaluationJobRow[]> {
  if (limit <= 0) return [];
  const now = new Date();
  return db.transaction(async (tx) => {
    const free = await tx
      .select({ id: evaluationJobs.id })
      .from(evaluationJobs)
      .where(
        and(
          eq(evaluationJobs.modelVersion, modelVersion),
          or(
            eq(evaluationJobs.state, 'queued'),
            and(eq(evaluationJobs.state, 'running'), lt(evaluationJobs.lockedUntil, now)),
          ),
        ),
      )
      .orderBy(asc(evaluationJobs.id))
      .limit(limit)
      .for('update', { skipLocked: true });
    if (!free.length) return [];
    return tx
      .update(evaluationJobs)
      .set({
        state: 'running',
        lockedBy: worker,
        lockedUntil: new Date(now.getTime() + leaseMs),
        attempts: sql`${evaluationJobs.attempts} + 1`,
      })
      .where(
        inArray(
          evaluationJobs.id,
          free.map((f) => f.id),
        ),
      )
      .returning();
  });
}

/** The model versions with open work, with what a worker needs to call them. */
export async function versionsWithWork(db: Database) {
  const names = db
    .selectDistinct({ modelVersion: evaluationJobs.modelVersion })
    .from(evaluationJobs)
    .where(inArray(evaluationJobs.state, [...OPEN_JOB_STATES]));
  return db.select().from(modelVersions).where(inArray(modelVersions.version, names));
}
