import type { ResourceDef } from '../resource';
import { agent } from './agent';
import { corpus } from './corpus';
import { corpusItem } from './corpus-item';
import { directive } from './directive';
import { modelEvaluate } from './model-evaluate';
import { modelEvaluateResult } from './model-evaluate-result';
import { pluginConfig } from './plugin-config';
import { prompt } from './prompt';
import { promptCall } from './prompt-call';
import { record } from './record';
import { scene } from './scene';

/** Every resource of the console. Adding one: a file beside this, a table, locale keys. */
export const RESOURCES: readonly ResourceDef[] = [
  scene,
  prompt,
  promptCall,
  record,
  directive,
  corpus,
  corpusItem,
  modelEvaluate,
  modelEvaluateResult,
  agent,
  pluginConfig,
];

export function resourceByName(name: string): ResourceDef | undefined {
  return RESOURCES.find((r) => r.name === name);
}
