import {
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { corpusItems } from './resources';

/**
 * Each annotator's own label of an item. The item row holds the settled value; these rows keep
 * every annotator's, which double annotation compares (agreement, disagreements).
 */
export const corpusLabels = pgTable(
  'corpus_labels',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    itemId: integer('item_id')
      .notNull()
      .references(() => corpusItems.id, { onDelete: 'cascade' }),
    corpusId: integer('corpus_id').notNull(),
    annotatorId: varchar('annotator_id', { length: 64 }).notNull(),
    annotatorName: varchar('annotator_name', { length: 64 }),
    label: varchar('label', { length: 16 }).notNull(),
    recommendedAnswer: text('recommended_answer'),
    comment: text('comment'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('corpus_labels_item_annotator_uq').on(t.itemId, t.annotatorId),
    index('corpus_labels_corpus_idx').on(t.corpusId),
  ],
);

export type CorpusLabelRow = typeof corpusLabels.$inferSelect;
