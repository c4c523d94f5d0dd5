import { integer, pgTable, primaryKey, timestamp, varchar } from 'drizzle-orm/pg-core';
import { prompts } from './resources';

/**
 * Labels an admin points at a platform template's versions (staging, canary, …), for the
 * platform's runtime to fetch by. `production` is not stored: it is the live version.
 */
export const promptLabels = pgTable(
  'prompt_labels',
  {
    promptId: integer('prompt_id')
      .notNull()
      .references(() => prompts.id, { onDelete: 'cascade' }),
    label: varchar('label', { length: 32 }).notNull(),
    number: integer('number').notNull(),
    setBy: varchar('set_by', { length: 64 }),
    setAt: timestamp('set_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.promptId, t.label] })],
);

export type PromptLabelRow = typeof promptLabels.$inferSelect;
