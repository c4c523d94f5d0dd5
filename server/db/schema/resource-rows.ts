import { index, jsonb, pgTable, smallint, varchar } from 'drizzle-orm/pg-core';
import { sql } from 'drizzle-orm';
import { systemColumns } from './system-columns';

/**
 * The rows of every resource declared as configuration, one table for all of them:
 * a declaration never needs DDL beyond the expression indexes its sorted, filtered and unique
 * fields ask for (server/resource-config/row-indexes.ts). `doc` holds the declared fields by
 * name, as JSON; a field the declaration no longer has keeps its value here (export shows it).
 * Deletes are soft (`is_del`), as on the built-in resources that keep history.
 * docs/ARCHITECTURE.md "Configured resources" gives the reasons.
 */
export const resourceRows = pgTable(
  'resource_rows',
  {
    ...systemColumns(),
    // A resource name is at most 40 characters (contract/resource-config.ts).
    resource: varchar('resource', { length: 40 }).notNull(),
    doc: jsonb('doc').$type<Record<string, unknown>>().notNull().default({}),
    isDel: smallint('is_del').notNull().default(0),
  },
  (t) => [
    // Serves the default list (newest first), the live count and a resource's delete.
    index('resource_rows_live_idx')
      .on(t.resource, t.createdAt, t.id)
      .where(sql`is_del = 0`),
    index('resource_rows_resource_id_idx').on(t.resource, t.id),
  ],
);

export type ResourceRowsRow = typeof resourceRows.$inferSelect;
