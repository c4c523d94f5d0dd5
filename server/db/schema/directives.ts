import { pgTable, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sceneCodeColumn } from './common-columns';
import { systemColumns } from './system-columns';

/** Backs contract/resources/directive.ts. */
export const directives = pgTable(
  'directives',
  {
    ...systemColumns(),
    directiveName: varchar('directive_name', { length: 64 }).notNull(),
    directiveCode: varchar('directive_code', { length: 64 }).notNull(),
    sceneCode: sceneCodeColumn(),
    content: text('content').notNull(),
    status: smallint('status').notNull().default(1),
  },
  (t) => [uniqueIndex('directives_directive_code_uq').on(t.directiveCode)],
);
