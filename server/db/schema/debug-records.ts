import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';

/**
 * One model request the console made for an operator (a playground run): what was sent, what
 * came back or why nothing did, its timings and tokens. A successful run is also a template
 * call (`callId`), so statistics and cost count it.
 */
export const debugRecords = pgTable(
  'debug_records',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    operatorId: varchar('operator_id', { length: 64 }).notNull(),
    source: varchar('source', { length: 16 }).notNull(),
    templateId: integer('template_id'),
    templateTitle: varchar('template_title', { length: 128 }),
    modelVersion: varchar('model_version', { length: 64 }).notNull(),
    // ok | error | aborted
    state: varchar('state', { length: 16 }).notNull(),
    /** The rendered messages and the parameters sent. */
    request: jsonb('request').notNull(),
    answer: text('answer'),
    error: jsonb('error').$type<{ kind: string; message: string } | null>(),
    promptTokens: integer('prompt_tokens'),
    completionTokens: integer('completion_tokens'),
    tokensEstimated: boolean('tokens_estimated').notNull().default(false),
    ttftMs: integer('ttft_ms'),
    latencyMs: integer('latency_ms'),
    cost: numeric('cost', { precision: 14, scale: 6, mode: 'number' }),
    callId: bigint('call_id', { mode: 'number' }),
  },
  (t) => [
    index('debug_records_created_idx').on(t.createdAt, t.id),
    index('debug_records_operator_created_idx').on(t.operatorId, t.createdAt, t.id),
  ],
);

export type DebugRecordRow = typeof debugRecords.$inferSelect;
