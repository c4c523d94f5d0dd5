import {
  boolean,
  integer,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { PROVIDER_LIMITS, type ModelProvider } from '../../../contract/model-providers';

/**
 * Model versions the platform can call, with their prices per 1 000 tokens (CNY), and how the
 * console itself reaches them (no provider: the console cannot run it). The API key is sealed
 * by the secret box and never leaves the server.
 */
export const modelVersions = pgTable(
  'model_versions',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    modelType: varchar('model_type', { length: 16 }).notNull(),
    name: varchar('name', { length: 64 }).notNull(),
    version: varchar('version', { length: 64 }).notNull(),
    enabled: boolean('enabled').notNull().default(true),
    promptPrice: numeric('prompt_price', { precision: 12, scale: 6, mode: 'number' })
      .notNull()
      .default(0),
    completionPrice: numeric('completion_price', { precision: 12, scale: 6, mode: 'number' })
      .notNull()
      .default(0),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    provider: varchar('provider', { length: 32 }).$type<ModelProvider>(),
    baseUrl: varchar('base_url', { length: PROVIDER_LIMITS.baseUrl.max }),
    model: varchar('model', { length: PROVIDER_LIMITS.model.max }),
    apiKey: text('api_key'),
    timeoutMs: integer('timeout_ms').notNull().default(PROVIDER_LIMITS.timeoutMs.default),
    maxConcurrency: integer('max_concurrency')
      .notNull()
      .default(PROVIDER_LIMITS.maxConcurrency.default),
    retries: integer('retries').notNull().default(PROVIDER_LIMITS.retries.default),
    mockLatencyMs: integer('mock_latency_ms')
      .notNull()
      .default(PROVIDER_LIMITS.mockLatencyMs.default),
  },
  (t) => [uniqueIndex('model_versions_type_version_uq').on(t.modelType, t.version)],
);

export type ModelVersionRow = typeof modelVersions.$inferSelect;

/**
 * The price history of each model version: a call is priced at the row in force at its call
 * time (the latest `effectiveFrom` not after it). Written by triggers (migration 0004): a new
 * version gets a row from the beginning of time, a price change a row from the change on.
 */
export const modelVersionPrices = pgTable(
  'model_version_prices',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    modelVersionId: integer('model_version_id')
      .notNull()
      .references(() => modelVersions.id, { onDelete: 'cascade' }),
    effectiveFrom: timestamp('effective_from', { withTimezone: true, mode: 'date' }).notNull(),
    promptPrice: numeric('prompt_price', { precision: 12, scale: 6, mode: 'number' }).notNull(),
    completionPrice: numeric('completion_price', {
      precision: 12,
      scale: 6,
      mode: 'number',
    }).notNull(),
  },
  (t) => [
    uniqueIndex('model_version_prices_version_from_uq').on(t.modelVersionId, t.effectiveFrom),
  ],
);
