import { index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { records } from './resources';

/** The messages of a chat session, in order (`seq`); the transcript of record/detail. */
export const recordMessages = pgTable(
  'record_messages',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    recordId: integer('record_id')
      .notNull()
      .references(() => records.id, { onDelete: 'cascade' }),
    seq: integer('seq').notNull(),
    role: varchar('role', { length: 16 }).notNull(),
    content: text('content').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    promptTokens: integer('prompt_tokens').notNull().default(0),
    completionTokens: integer('completion_tokens').notNull().default(0),
    feedback: varchar('feedback', { length: 16 }),
    feedbackNote: varchar('feedback_note', { length: 500 }),
  },
  (t) => [index('record_messages_record_seq_idx').on(t.recordId, t.seq)],
);

export type RecordMessageRow = typeof recordMessages.$inferSelect;
