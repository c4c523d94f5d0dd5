import { Refine } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { act, fireEvent, render, waitFor } from '@testing-library/react';
import { useEffect } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, vi } from 'vitest';
import type { Policy } from '../../../contract/access/decide';
import { flattenRoutes, routesFor, type RouteNode } from '../../../contract/menu';
import { defineResource } from '../../../contract/resource';
import { policyStore } from '../../providers/access-control';
import { http } from '../../providers/api';
import { createDataProvider } from '../../providers/data';
import { i18n } from '../../providers/i18n';
import { ViewProvider } from '../../resources/view';
import { roleStore } from '../../stores/role';
import { envelope, installFakeServer, type SeenRequest } from '../../test/fake-http';
import { ResourceListPage, type ResourceListPageProps } from './ResourceListPage';

// The generic list page's test bench, shared by the list-page*.test.tsx files: two fixture
// resources, a fake server for them, and helpers to mount the list and read what it asked.

/** The target of the part's reference: its rows fill the maker pick list. */
export const maker = defineResource({
  name: 'fixture-maker',
  prefix: 'fixture-maker',
  permissions: { user: ['list'] },
  fields: [
    { name: 'makerCode', type: 'string', required: true, list: true, unique: true },
    { name: 'makerName', type: 'string', required: true, list: true },
  ],
});

/** A resource with every kind of filter and cell the generic list serves. */
export const part = defineResource({
  name: 'fixture-part',
  prefix: 'fixture-part',
  permissions: { user: ['list', 'show', 'create', 'edit', 'delete'] },
  titleField: 'partName',
  fields: [
    { name: 'partName', type: 'string', required: true, list: true, search: true, sortable: true },
    { name: 'kind', type: 'enum', options: [1, 2], default: 1, list: true, filter: 'eq' },
    { name: 'size', type: 'integer', nullable: true, list: true, filter: 'eq', sortable: true },
    { name: 'madeAt', type: 'datetime', nullable: true, list: true, filter: 'range' },
    {
      name: 'makerCode',
      type: 'reference',
      reference: { resource: 'fixture-maker', key: 'makerCode', label: 'makerName', as: 'maker' },
      nullable: true,
      list: true,
      filter: 'eq',
    },
    { name: 'labels', type: 'tags', nullable: true, list: true },
    { name: 'spec', type: 'json', nullable: true, list: true },
    { name: 'homepage', type: 'url', nullable: true, list: true },
    {
      name: 'grade',
      type: 'string',
      nullable: true,
      filter: 'eq',
      optionsFrom: { path: 'fixture-grade/list', value: 'code', label: 'name' },
    },
  ],
  endpoints: {
    enable: { path: 'enable', action: 'edit', summary: 'Enable parts' },
    disable: { path: 'disable', action: 'edit', summary: 'Disable parts' },
  },
});

export const ROUTES = flattenRoutes(routesFor([part, maker]));
export const LIST = ROUTES.find((r) => r.name === 'fixture-part.list') as RouteNode;
export const PAGE = '/api/manage/v1/fixture-part/page';

/** What the current test's server saw, where the router is, and what the policy grants. */
export const bench = {
  seen: [] as SeenRequest[],
  location: '',
  granted: {} as Record<string, readonly string[]>,
};
const policy: Policy = (role, resource, action) =>
  role === 'user' && (bench.granted[resource] ?? []).includes(action);

i18n.addResourceBundle(
  'en-US',
  'translation',
  {
    'fixture-part': {
      menu: { title: 'Parts', list: 'Part list' },
      fields: {
        id: 'ID',
        partName: 'Part name',
        kind: 'Kind',
        size: 'Size',
        madeAt: 'Made at',
        makerCode: 'Maker',
        labels: 'Labels',
        spec: 'Spec',
        homepage: 'Homepage',
        grade: 'Grade',
      },
      enums: { kind: { 1: 'Small', 2: 'Large' } },
    },
  },
  true,
  true,
);

export const ROWS = [
  {
    id: 1,
    version: 1,
    partName: 'Bolt',
    kind: 1,
    size: 3,
    madeAt: '2024-01-02T03:04:05.000Z',
    makerCode: 'M1',
    maker: 'Acme',
    labels: ['steel', 'small'],
    spec: { thread: 'M3', lengths: [10, 20] },
    homepage: 'https://example.com/bolt',
  },
  {
    id: 2,
    version: 1,
    partName: 'Nut',
    kind: 2,
    size: null,
    madeAt: null,
    makerCode: null,
    maker: null,
    labels: [],
    spec: null,
    homepage: null,
  },
];

function LocationSpy() {
  const l = useLocation();
  useEffect(() => {
    bench.location = `${l.pathname}${l.search}`;
  }, [l]);
  return null;
}

export function mount(path: string, props: ResourceListPageProps = {}) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Refine
        dataProvider={createDataProvider(http)}
        routerProvider={routerProvider}
        resources={[
          { name: part.name, list: LIST.path },
          // A scoped view of the target: its pick list must not inherit the scope.
          { name: maker.name, identifier: 'fixture-maker:mine', meta: { scope: 'mine' } },
        ]}
        options={{ disableTelemetry: true }}
      >
        <Routes>
          <Route
            path={LIST.path}
            element={
              <ViewProvider route={LIST} def={part} routes={ROUTES}>
                <ResourceListPage {...props} />
                <LocationSpy />
              </ViewProvider>
            }
          />
        </Routes>
      </Refine>
    </MemoryRouter>,
  );
}

export const pageBodies = () =>
  bench.seen.filter((r) => r.url === PAGE).map((r) => r.body as Record<string, unknown>);
export const lastPageBody = () => pageBodies().at(-1)!;
/** Filters in field order: refine puts the newest first, the server does not care. */
export const byField = (filters: unknown) =>
  [...(filters as { field: string }[])].sort((a, b) => a.field.localeCompare(b.field));

/** Each test starts in English, as a user granted everything on the parts, with a fresh server. */
export function setUpListPage() {
  beforeEach(async () => {
    await i18n.changeLanguage('en-US');
    bench.granted = {
      'fixture-part': ['list', 'show', 'create', 'edit', 'delete'],
      'fixture-maker': ['list'],
    };
    policyStore.set(() => policy);
    roleStore.set('user');
    bench.location = '';
    bench.seen = installFakeServer(http, (req) => {
      if (req.url === PAGE) return { body: envelope(0, { list: ROWS, total: ROWS.length }) };
      if (req.url.endsWith('/fixture-maker/page')) {
        return {
          body: envelope(0, {
            list: [
              { id: 7, makerCode: 'M1', makerName: 'Acme' },
              { id: 8, makerCode: 'M2', makerName: 'Globex' },
            ],
            total: 2,
          }),
        };
      }
      if (req.url.endsWith('/fixture-part/delete')) {
        return { body: envelope(0, { ids: (req.body as { ids: number[] }).ids }) };
      }
      if (req.url.endsWith('/fixture-part/enable')) return { body: envelope(0, { count: 1 }) };
      if (req.url.endsWith('/fixture-grade/list')) {
        return {
          body: envelope(0, {
            list: [
              { code: 'g-a', name: 'Grade A' },
              { code: 'g-b', name: 'Grade B' },
            ],
            total: 2,
          }),
        };
      }
      if (req.url.endsWith('/fixture-part/export')) {
        return { body: new TextEncoder().encode('\uFEFFID,Part name\n1,Bolt\n').buffer };
      }
      return { status: 404, body: envelope(40400, null, 'no route') };
    });
  });
  afterEach(() => {
    policyStore.set(null);
    roleStore.set(null);
    vi.restoreAllMocks();
  });
}

/** Opens an antd Select and picks the option with this text. */
export async function pick(select: HTMLElement, option: string) {
  fireEvent.mouseDown(select);
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
      (el) => el.textContent === option,
    );
    if (!found) throw new Error(`no option ${option}`);
    return found;
  });
  await act(async () => fireEvent.click(item));
}
