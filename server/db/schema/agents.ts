import { pgTable, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { sceneCodeColumn } from './common-columns';
import { systemColumns } from './system-columns';

/** Backs contract/resources/agent.ts. */
export const agents = pgTable(
  'agents',
  {
    ...systemColumns(),
    agentName: varchar('agent_name', { length: 64 }).notNull(),
    agentCode: varchar('agent_code', { length: 64 }).notNull(),
    sceneCode: sceneCodeColumn(),
    modelVersion: varchar('model_version', { length: 64 }),
    status: smallint('status').notNull().default(1),
    description: text('description'),
  },
  (t) => [uniqueIndex('agents_agent_code_uq').on(t.agentCode)],
);
