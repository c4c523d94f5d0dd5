import { Refine, type ResourceProps } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import simpleRest from '@refinedev/simple-rest';
import { useMemo, type ReactNode } from 'react';
import type { RouteNode } from '../contract/menu';
import type { ResourceDef } from '../contract/resource';
import { REST_PROXY_PREFIX } from '../contract/resource-config-paths';
import { createAccessControlProvider } from './providers/access-control';
import { authActions, http } from './providers/api';
import { createAuthProvider } from './providers/auth';
import { createDataProvider } from './providers/data';
import { i18n } from './providers/i18n';
import { reactQueryOptions } from './providers/query-options';
import { createI18nProvider, notificationProvider } from './providers/refine-bridges';
import { registryStore, resourceByName } from './resources/registry';
import { LEAF_ROUTES } from './routes/table';
import { useStore } from './stores/create-store';

/**
 * The console's own API, and refine's json-server provider for resources declared with a REST
 * source, through the server's proxy (which adds the service's tokens). Both use the one http
 * client: the caller's token, language and error toasts.
 */
const dataProvider = {
  default: createDataProvider(http),
  rest: simpleRest(REST_PROXY_PREFIX, http),
};
const authProvider = createAuthProvider(authActions);
const accessControlProvider = createAccessControlProvider();
const i18nProvider = createI18nProvider(i18n);

/**
 * refine's resources from the route tree: one per resource and row scope (identifier
 * `prompt:public`), with the paths of its list, show and create pages, so refine's navigation
 * helpers and buttons lead where the console's own do. Detail pages take `?id=`.
 */
export function refineResources(
  routes: readonly RouteNode[] = LEAF_ROUTES,
  defOf: (name: string) => ResourceDef | undefined = resourceByName,
  /** Resources whose rows live in a REST service (they use the 'rest' data provider). */
  rest: ReadonlySet<string> = new Set(),
): ResourceProps[] {
  const byIdentity = new Map<string, ResourceProps>();
  for (const route of routes) {
    const def = route.resource ? defOf(route.resource) : undefined;
    if (!def || !route.view || route.view === 'page') continue;
    const identifier = route.scope ? `${def.name}:${route.scope}` : def.name;
    const entry = byIdentity.get(identifier) ?? {
      name: def.name,
      identifier,
      meta: {
        prefix: def.prefix,
        label: `${def.name}.titles.list`,
        scope: route.scope,
        ...(rest.has(def.name) ? { dataProviderName: 'rest' } : {}),
      },
    };
    const path =
      route.view === 'show' || route.view === 'edit' ? `${route.path}?id=:id` : route.path;
    byIdentity.set(identifier, { ...entry, [route.view]: entry[route.view] ?? path });
  }
  return [...byIdentity.values()];
}

/**
 * refine and its providers. Only logged-in pages use refine's data hooks, so this sits inside
 * the lazily loaded shell and the login page never downloads it.
 */
export function RefineRoot({ children }: { children: ReactNode }) {
  // Declared resources come and go with the registry, without a reload.
  const registry = useStore(registryStore);
  const resources = useMemo(
    () =>
      refineResources(
        LEAF_ROUTES,
        (name) => registry.resources.find((r) => r.name === name),
        new Set(registry.served.filter((s) => s.source === 'rest').map((s) => s.name)),
      ),
    [registry],
  );
  return (
    <Refine
      dataProvider={dataProvider}
      authProvider={authProvider}
      accessControlProvider={accessControlProvider}
      i18nProvider={i18nProvider}
      notificationProvider={notificationProvider}
      routerProvider={routerProvider}
      resources={resources}
      options={{
        disableTelemetry: true,
        syncWithLocation: true,
        warnWhenUnsavedChanges: false,
        reactQuery: reactQueryOptions,
      }}
    >
      {children}
    </Refine>
  );
}
