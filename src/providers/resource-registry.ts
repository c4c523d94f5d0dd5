import type { AxiosInstance } from 'axios';
import type { i18n as I18n } from 'i18next';
import type { Envelope } from '../../contract/envelope';
import { RESOURCE_CONFIG_PATHS } from '../../contract/resource-config-paths';
import type { ServedResources } from '../../contract/resource-config-api';
import {
  acceptedServed,
  addServedTexts,
  mergeResources,
  registryStatus,
  registryStore,
} from '../resources/registry';
import { loadPolicy } from './access-control';
import { i18n as appI18n } from './i18n';

let inFlight: Promise<boolean> | null = null;
let queued: Promise<boolean> | null = null;
/**
 * Publishes what the server served. The order matters: texts first (no raw keys), then the
 * policy for the merged list, then the registry itself, from which routes, menu and refine's
 * resources follow. A page of a new resource thus never meets a policy that does not know it
 * (which would send the user away to the first permitted page).
 */
export async function applyServed(served: ServedResources, instance: I18n = appI18n) {
  const accepted = acceptedServed(served.resources);
  addServedTexts(instance, accepted);
  const resources = mergeResources(accepted);
  await loadPolicy(resources);
  registryStore.set({ served: accepted, stamp: served.stamp, resources });
}

async function fetchAndApply(http: AxiosInstance, instance: I18n): Promise<boolean> {
  if (registryStatus.get() === 'idle') registryStatus.set('loading');
  try {
    const res = await http.post<Envelope<ServedResources>>(RESOURCE_CONFIG_PATHS.resources, {});
    const served = res.data.data;
    // Equal stamps: nothing changed since the last answer, so nothing is rebuilt.
    if (served.stamp !== registryStore.get().stamp) await applyServed(served, instance);
    registryStatus.set('ready');
    return true;
  } catch {
    // The interceptor has shown why; the console goes on with what it has (the built-ins).
    if (registryStatus.get() !== 'ready') registryStatus.set('failed');
    return false;
  }
}

/**
 * Fetches the declared resources (at login, on start with a session, after the admin changed a
 * declaration, when the menu is refreshed) and merges them. A call made while one is under way
 * gets one more fetch after it (shared by every such call), since the answer under way may
 * predate the change the caller knows of.
 */
export function refreshRegistry(http: AxiosInstance, instance: I18n = appI18n): Promise<boolean> {
  if (!inFlight) {
    inFlight = fetchAndApply(http, instance).finally(() => {
      inFlight = null;
    });
    return inFlight;
  }
  queued ??= inFlight.then(() => {
    queued = null;
    return refreshRegistry(http, instance);
  });
  return queued;
}
