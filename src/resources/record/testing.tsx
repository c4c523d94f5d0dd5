// Test support for the record, prompt-call and scene pages (imported by tests only).
import { Refine } from '@refinedev/core';
import { ConfigProvider } from 'antd';
import routerProvider from '@refinedev/react-router';
import { configure, render } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { Policy } from '../../../contract/access/decide';
import type { Role } from '../../../contract/resource';
import { resourceByName } from '../../../contract/resources';
import { policyStore } from '../../providers/access-control';
import { BUTTON_CONFIG } from '../../providers/antd-buttons';
import { createDataProvider } from '../../providers/data';
import { createHttp } from '../../providers/http';
import { reactQueryOptions } from '../../providers/query-options';
import { roleStore } from '../../stores/role';
import { LEAF_ROUTES, routeByName } from '../../routes/table';
import { envelope, fakeEnv, installFakeServer, type FakeHandler } from '../../test/fake-http';
import { ViewProvider } from '../view';

// Pages load through refine and antd; on a busy machine the first paint takes seconds.
configure({ asyncUtilTimeout: 5000 });

/** The declared permissions, as the casbin policy built from them answers. */
export const declaredPolicy: Policy = (role, resource, action) =>
  !!resourceByName(resource)?.permissions[role]?.includes(action);

export function signIn(role: Role = 'user') {
  policyStore.set(() => declaredPolicy);
  roleStore.set(role);
}

export function signOut() {
  policyStore.set(null);
  roleStore.set(null);
}

/** An `ok` envelope answer of the fake server. */
export const ok = (data: unknown) => ({ body: envelope(0, data) });

/** Shows the router's current query string, so a test can read what the page kept in it. */
function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

/**
 * Mounts one console route (by name, e.g. 'record.detail') at `path` under refine, over the
 * real data provider and http client talking to an in-memory server.
 */
export function renderRoute(name: string, path: string, handler: FakeHandler, page: ReactNode) {
  const route = routeByName(name);
  if (!route) throw new Error(`no route ${name}`);
  const env = fakeEnv();
  const http = createHttp(env);
  const seen = installFakeServer(http, handler);
  const resources = [
    ...new Set(LEAF_ROUTES.map((r) => r.resource).filter((r): r is string => !!r)),
  ].map((r) => ({ name: r, meta: { prefix: resourceByName(r)?.prefix ?? r } }));
  const view = render(
    <ConfigProvider button={BUTTON_CONFIG}>
      <MemoryRouter initialEntries={[path]}>
        <Refine
          dataProvider={createDataProvider(http)}
          routerProvider={routerProvider}
          resources={resources}
          options={{ disableTelemetry: true, reactQuery: reactQueryOptions }}
        >
          <Routes>
            <Route
              path={route.path}
              element={
                <ViewProvider route={route}>
                  {page}
                  <LocationProbe />
                </ViewProvider>
              }
            />
            <Route path="*" element={<LocationProbe />} />
          </Routes>
        </Refine>
      </MemoryRouter>
    </ConfigProvider>,
  );
  /** The bodies the page sent to one API path (e.g. '/api/manage/v1/record/update'). */
  const bodies = (url: string) => seen.filter((r) => r.url === url).map((r) => r.body);
  return { ...view, env, seen, bodies };
}
