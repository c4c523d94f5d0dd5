import { index, pgTable, smallint, text, varchar } from 'drizzle-orm/pg-core';
import { sceneCodeColumn } from './common-columns';
import { systemColumns } from './system-columns';

/** Backs contract/resources/prompt.ts (platform templates have isPublic = 1). */
export const prompts = pgTable(
  'prompts',
  {
    ...systemColumns(),
    title: varchar('title', { length: 128 }).notNull(),
    sceneCode: sceneCodeColumn(),
    type: varchar('type', { length: 16 }).notNull().default('CHATGPT'),
    status: smallint('status').notNull().default(1),
    isPublic: smallint('is_public').notNull().default(0),
    content: text('content').notNull(),
    description: text('description'),
  },
  (t) => [index('prompts_public_created_at_idx').on(t.isPublic, t.createdAt)],
);
