import { demo as agent } from './agent';
import { demo as corpus } from './corpus';
import { demo as directive } from './directive';
import type { DemoRows } from './hook';
import { demo as modelEvaluate } from './model-evaluate';
import { demo as pluginConfig } from './plugin-config';
import { demo as prompt } from './prompt';
import { demo as promptCall } from './prompt-call';
import { demo as record } from './record';
import { demo as scene } from './scene';

export { DEMO_ACCOUNTS } from './accounts';
export type { DemoRows } from './hook';

/** Demo rows by resource name; the seed inserts them in contract order (scenes first). */
export const DEMO_ROWS: Readonly<Record<string, DemoRows>> = {
  scene,
  prompt,
  'prompt-call': promptCall,
  record,
  directive,
  corpus,
  'model-evaluate': modelEvaluate,
  agent,
  'plugin-config': pluginConfig,
};
