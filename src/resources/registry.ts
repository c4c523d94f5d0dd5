import type { i18n as I18n } from 'i18next';
import { LOCALES } from '../../contract/locale';
import type { ResourceDef } from '../../contract/resource';
import type { ServedResource } from '../../contract/resource-config-api';
import { RESOURCES } from '../../contract/resources';
import { createStore } from '../stores/create-store';

/**
 * The resources the console serves: the built-ins and those an admin declared (handed out at
 * login). Everything that needs the list reads it here, so declared ones share the machinery.
 */
export interface Registry {
  /** The declared resources as the server served them (those that clash are left out). */
  readonly served: readonly ServedResource[];
  /** The server's stamp of what it served; null before the first answer. */
  readonly stamp: string | null;
  /** Built-ins first, then the declared ones: the one list the console derives from. */
  readonly resources: readonly ResourceDef[];
}

export const registryStore = createStore<Registry>({
  served: [],
  stamp: null,
  resources: RESOURCES,
});

/**
 * Where the first fetch stands. 'ready' and 'failed' both let the shell go on (a failed fetch
 * leaves the built-ins); later refreshes do not go back to 'loading', so no page unmounts.
 */
export type RegistryStatus = 'idle' | 'loading' | 'ready' | 'failed';
export const registryStatus = createStore<RegistryStatus>('idle');

/**
 * The served resources the console may take: a name a built-in has, or one served twice, would
 * overwrite the built-in's pages, policy and texts, so the built-in (or the first) wins.
 */
export function acceptedServed(
  served: readonly ServedResource[],
  builtIns: readonly ResourceDef[] = RESOURCES,
): ServedResource[] {
  const taken = new Set(builtIns.map((r) => r.name));
  const out: ServedResource[] = [];
  for (const s of served) {
    if (taken.has(s.name) || s.def.name !== s.name) continue;
    taken.add(s.name);
    out.push(s);
  }
  return out;
}

/** The merged list: built-ins, then each accepted declaration's ResourceDef. */
export function mergeResources(
  served: readonly ServedResource[],
  builtIns: readonly ResourceDef[] = RESOURCES,
): ResourceDef[] {
  return [...builtIns, ...acceptedServed(served, builtIns).map((s) => s.def)];
}

/**
 * Adds each declared resource's texts under its name, as src/locales/<locale>/<name>.json
 * would. Deep and overwriting, so an edited label replaces the old one in place.
 */
export function addServedTexts(instance: I18n, served: readonly ServedResource[]): void {
  for (const s of served) {
    for (const locale of LOCALES) {
      const texts = s.texts[locale];
      if (texts) instance.addResourceBundle(locale, 'translation', { [s.name]: texts }, true, true);
    }
  }
}

export function allResources(): readonly ResourceDef[] {
  return registryStore.get().resources;
}

export function resourceByName(name: string): ResourceDef | undefined {
  return registryStore.get().resources.find((r) => r.name === name);
}

/** The declared (not built-in) resource of a name, with its origin and source. */
export function servedByName(name: string): ServedResource | undefined {
  return registryStore.get().served.find((s) => s.name === name);
}
