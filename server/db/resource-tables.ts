import type { PgTable } from 'drizzle-orm/pg-core';
import {
  agents,
  corpora,
  directives,
  modelEvaluations,
  pluginConfigs,
  promptCalls,
  prompts,
  records,
  scenes,
} from './schema';

/** Resource name (contract) → table. The generic CRUD finds columns by contract field name. */
export const RESOURCE_TABLES: Record<string, PgTable> = {
  scene: scenes,
  prompt: prompts,
  'prompt-call': promptCalls,
  record: records,
  directive: directives,
  corpus: corpora,
  'model-evaluate': modelEvaluations,
  agent: agents,
  'plugin-config': pluginConfigs,
};
