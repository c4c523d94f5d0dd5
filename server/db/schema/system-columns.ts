import { integer, timestamp } from 'drizzle-orm/pg-core';

/**
 * Columns every resource table carries (contract SYSTEM_FIELDS). A function, not an object,
 * because Drizzle column builders must not be shared between tables.
 */
export function systemColumns() {
  return {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    version: integer('version').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  };
}
