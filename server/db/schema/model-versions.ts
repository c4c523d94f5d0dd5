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
