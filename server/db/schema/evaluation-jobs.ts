import {
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * The work of an evaluation run: one row per corpus item and model version. A server takes
 * queued rows with `for update skip locked`, so several servers on one database never take the
 * same one; a row whose lease ran out (its server died) is taken again.
 */
export const evaluationJobs = pgTable(
  'evaluation_jobs',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    evaluationId: integer('evaluation_id').notNull(),
    itemId: integer('item_id').notNull(),
    modelVersion: varchar('model_version', { length: 64 }).notNull(),
    // queued | running | done | failed | cancelled
    state: varchar('state', { length: 16 }).notNull().default('queued'),
    attempts: integer('attempts').notNull().default(0),
    lockedBy: text('locked_by'),
    lockedUntil: timestamp('locked_until', { withTimezone: true, mode: 'date' }),
    error: jsonb('error').$type<{ kind: string; message: string } | null>(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('evaluation_jobs_item_uq').on(t.evaluationId, t.itemId, t.modelVersion),
    index('evaluation_jobs_state_idx').on(t.state, t.modelVersion, t.id),
  ],
);

export type EvaluationJobRow = typeof evaluationJobs.$inferSelect;
