import { Refine } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import type { ReactNode } from 'react';
import { RESOURCES } from '../contract/resources';
import { createAccessControlProvider } from './providers/access-control';
import { authActions, http } from './providers/api';
import { createAuthProvider } from './providers/auth';
import { createDataProvider } from './providers/data';
import { i18n } from './providers/i18n';
import { createI18nProvider, notificationProvider } from './providers/refine-bridges';
import { LEAF_ROUTES } from './routes/table';

const dataProvider = createDataProvider(http);
const authProvider = createAuthProvider(authActions);
const accessControlProvider = createAccessControlProvider();
const i18nProvider = createI18nProvider(i18n);

const refineResources = RESOURCES.map((r) => ({
  name: r.name,
  list: LEAF_ROUTES.find((x) => x.resource === r.name && x.view === 'list')?.path,
  meta: { prefix: r.prefix, label: `${r.name}.titles.list` },
}));

/**
 * refine and its providers. Only logged-in pages use refine's data hooks, so this sits inside
 * the lazily loaded shell and the login page never downloads it.
 */
export function RefineRoot({ children }: { children: ReactNode }) {
  return (
    <Refine
      dataProvider={dataProvider}
      authProvider={authProvider}
      accessControlProvider={accessControlProvider}
      i18nProvider={i18nProvider}
      notificationProvider={notificationProvider}
      routerProvider={routerProvider}
      resources={refineResources}
      options={{ disableTelemetry: true, syncWithLocation: true, warnWhenUnsavedChanges: false }}
    >
      {children}
    </Refine>
  );
}
