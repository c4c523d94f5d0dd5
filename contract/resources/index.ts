import type { ResourceDef } from '../resource';
import { scene } from './scene';

/** Every resource of the console. Adding one: a file beside this, a table, locale keys. */
export const RESOURCES: readonly ResourceDef[] = [scene];

export function resourceByName(name: string): ResourceDef | undefined {
  return RESOURCES.find((r) => r.name === name);
}
