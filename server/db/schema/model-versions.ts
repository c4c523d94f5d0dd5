import {
  boolean,
  integer,
  numeric,
  pgTable,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

/** Model versions the platform can call, with their prices per 1 000 tokens (CNY). */
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
