import { pgTable, smallint, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { systemColumns } from './system-columns';

/** Backs contract/resources/plugin-config.ts; `config` is the plugin's JSON settings as text. */
export const pluginConfigs = pgTable(
  'plugin_configs',
  {
    ...systemColumns(),
    pluginName: varchar('plugin_name', { length: 64 }).notNull(),
    pluginCode: varchar('plugin_code', { length: 64 }).notNull(),
    config: text('config'),
    status: smallint('status').notNull().default(1),
    description: text('description'),
  },
  (t) => [uniqueIndex('plugin_configs_plugin_code_uq').on(t.pluginCode)],
);
