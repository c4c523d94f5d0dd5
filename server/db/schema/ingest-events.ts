import { pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * The ids of the events the ingest API has stored, so a batch sent again (or retried in part)
 * stores each event once. Rejected events are not kept: corrected, they may be sent again.
 */
export const ingestEvents = pgTable('ingest_events', {
  eventId: varchar('event_id', { length: 128 }).primaryKey(),
  keyId: text('key_id'),
  type: varchar('type', { length: 16 }).notNull(),
  receivedAt: timestamp('received_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
});
