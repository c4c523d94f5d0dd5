import { demo as agent } from './agent';
import { demo as corpus } from './corpus';
import { demo as directive } from './directive';
import type { DemoRows } from './hook';
import { demo as modelEvaluate } from './model-evaluate';
import { demo as pluginConfig } from './plugin-config';

export { DEMO_ACCOUNTS } from './accounts';
export type { DemoRows } from './hook';
export {
  FULL_SCALE,
  generateDemo,
  type DemoData,
  type DemoOptions,
  type DemoScale,
} from './generate';
export { DEMO_SEED } from './random';

/**
 * Demo rows of the resources that stand alone, by resource name; the seed inserts them in
 * contract order. Scenes, templates, calls and sessions refer to each other and come from
 * generateDemo instead.
 */
export const DEMO_ROWS: Readonly<Record<string, DemoRows>> = {
  directive,
  corpus,
  'model-evaluate': modelEvaluate,
  agent,
  'plugin-config': pluginConfig,
};
