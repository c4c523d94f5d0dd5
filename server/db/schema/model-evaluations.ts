import { integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { systemColumns } from './system-columns';

/** Backs contract/resources/model-evaluate.ts. */
export const modelEvaluations = pgTable('model_evaluations', {
  ...systemColumns(),
  evaluateName: varchar('evaluate_name', { length: 64 }).notNull(),
  modelVersion: varchar('model_version', { length: 64 }).notNull(),
  corpusId: integer('corpus_id'),
  state: varchar('state', { length: 16 }).notNull().default('pending'),
  score: integer('score'),
  description: text('description'),
});
