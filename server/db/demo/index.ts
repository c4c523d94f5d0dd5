import type { DemoRows } from './hook';

export { ANNOTATOR_IDS, DEMO_ACCOUNTS, DEMO_USER_ID } from './accounts';
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
 * Demo rows of the resources that stand alone (a scaffolded resource's hook lands here), by
 * resource name; the seed inserts them in contract order. The resources the demo has so far
 * refer to each other (templates, sets, items) and come from generateDemo instead.
 */
export const DEMO_ROWS: Readonly<Record<string, DemoRows>> = {
  // npm run new:resource adds entries here.
};
