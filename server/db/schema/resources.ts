import { agent } from '../../../contract/resources/agent';
import { corpus } from '../../../contract/resources/corpus';
import { corpusItem } from '../../../contract/resources/corpus-item';
import { directive } from '../../../contract/resources/directive';
import { modelEvaluate } from '../../../contract/resources/model-evaluate';
import { modelEvaluateResult } from '../../../contract/resources/model-evaluate-result';
import { pluginConfig } from '../../../contract/resources/plugin-config';
import { prompt } from '../../../contract/resources/prompt';
import { promptCall } from '../../../contract/resources/prompt-call';
import { record } from '../../../contract/resources/record';
import { scene } from '../../../contract/resources/scene';
import { resourceTable } from '../resource-table';

// One line per resource, derived from its declaration. Named exports because drizzle-kit finds
// tables among a schema module's exports; server/db/resource-tables.ts maps them by resource.
export const scenes = resourceTable(scene);
export const prompts = resourceTable(prompt);
export const promptCalls = resourceTable(promptCall);
export const records = resourceTable(record);
export const directives = resourceTable(directive);
export const corpora = resourceTable(corpus);
export const corpusItems = resourceTable(corpusItem);
export const modelEvaluations = resourceTable(modelEvaluate);
export const modelEvaluateResults = resourceTable(modelEvaluateResult);
export const agents = resourceTable(agent);
export const pluginConfigs = resourceTable(pluginConfig);
