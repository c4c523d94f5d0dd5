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
import type { PromptVariable } from '../../../contract/prompt-variables';
import { prompts } from './resources';

/**
 * Every saved change of a prompt template (DATA-MODEL.md "Versions and approval"). The live
 * version's content is also the template row's own, so lists never join this table.
 */
export const promptVersions = pgTable(
  'prompt_versions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    promptId: integer('prompt_id')
      .notNull()
      .references(() => prompts.id, { onDelete: 'cascade' }),
    number: integer('number').notNull(),
    state: varchar('state', { length: 16 }).notNull(),
    title: varchar('title', { length: 128 }).notNull(),
    sceneCode: varchar('scene_code', { length: 64 }),
    type: varchar('type', { length: 16 }).notNull(),
    content: text('content').notNull(),
    variables: jsonb('variables').$type<PromptVariable[] | null>(),
    description: text('description'),
    note: varchar('note', { length: 200 }),
    authorId: varchar('author_id', { length: 64 }),
    reviewerId: varchar('reviewer_id', { length: 64 }),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true, mode: 'date' }),
    reason: varchar('reason', { length: 500 }),
    // The release gate's evaluations of this version and of the live one it is compared with.
    gateEvaluationId: integer('gate_evaluation_id'),
    baselineEvaluationId: integer('baseline_evaluation_id'),
    // Why an admin approved the version without its gate passing.
    gateOverride: varchar('gate_override', { length: 500 }),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('prompt_versions_prompt_number_uq').on(t.promptId, t.number),
    index('prompt_versions_state_idx').on(t.state),
  ],
);

export type PromptVersionRow = typeof promptVersions.$inferSelect;
