import { index, pgTable, smallint, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sceneCodeColumn } from './common-columns';
import { systemColumns } from './system-columns';

/** Backs contract/resources/record.ts (chat session records). */
export const records = pgTable(
  'records',
  {
    ...systemColumns(),
    chatId: varchar('chat_id', { length: 64 }).notNull(),
    title: varchar('title', { length: 200 }).notNull(),
    sceneCode: sceneCodeColumn(),
    type: smallint('type').notNull().default(1),
    tag: varchar('tag', { length: 64 }),
  },
  (t) => [
    uniqueIndex('records_chat_id_uq').on(t.chatId),
    index('records_updated_at_idx').on(t.updatedAt),
  ],
);
