import { integer, pgTable, text, varchar } from 'drizzle-orm/pg-core';
import { sceneCodeColumn } from './common-columns';
import { systemColumns } from './system-columns';

/** Backs contract/resources/corpus.ts. */
export const corpora = pgTable('corpora', {
  ...systemColumns(),
  corpusName: varchar('corpus_name', { length: 64 }).notNull(),
  sceneCode: sceneCodeColumn(),
  state: varchar('state', { length: 16 }).notNull().default('pending'),
  itemCount: integer('item_count').notNull().default(0),
  description: text('description'),
});
