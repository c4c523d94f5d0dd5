import { index, integer, pgTable, smallint, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { sceneCodeColumn } from './common-columns';
import { systemColumns } from './system-columns';

/** Backs contract/resources/prompt-call.ts; rows are written by the platform, not the console. */
export const promptCalls = pgTable(
  'prompt_calls',
  {
    ...systemColumns(),
    title: varchar('title', { length: 128 }).notNull(),
    templateId: integer('template_id'),
    question: text('question').notNull(),
    answer: text('answer'),
    recommendedAnswer: text('recommended_answer'),
    assessment: smallint('assessment').notNull().default(0),
    variables: text('variables'),
    callTime: timestamp('call_time', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    userId: varchar('user_id', { length: 64 }),
    promptTokens: integer('prompt_tokens').notNull().default(0),
    completionTokens: integer('completion_tokens').notNull().default(0),
    sceneCode: sceneCodeColumn(),
  },
  (t) => [
    index('prompt_calls_call_time_idx').on(t.callTime),
    index('prompt_calls_template_id_idx').on(t.templateId),
  ],
);
