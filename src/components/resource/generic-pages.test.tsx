import { Refine, type BaseRecord, type DataProvider } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import type { MessageInstance } from 'antd/es/message/interface';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Policy } from '../../../contract/access/decide';
import { flattenRoutes, routesFor, type RouteNode } from '../../../contract/menu';
import { defineResource } from '../../../contract/resource';
import { policyStore } from '../../providers/access-control';
import { bindMessage } from '../../providers/feedback';
import { i18n } from '../../providers/i18n';
import { ViewProvider } from '../../resources/view';
import { roleStore } from '../../stores/role';
import { ResourceListPage } from './ResourceListPage';
import { ResourceShowPage } from './ResourceShowPage';

/** A resource no screen knows: the generic pages must serve it from its declaration alone. */
const gadget = defineResource({
  name: 'fixture-gadget',
  prefix: 'fixture-gadget',
  permissions: { user: ['list', 'show', 'create', 'edit'] },
  titleField: 'gadgetName',
  fields: [
    { name: 'gadgetName', type: 'string', required: true, max: 20, list: true, search: true },
    { name: 'kind', type: 'enum', options: ['round', 'square'], default: 'round', list: true },
    { name: 'size', type: 'integer', min: 1, max: 9, nullable: true, list: true },
  ],
});
const ROUTES = flattenRoutes(routesFor([gadget]));
const route = (name: string) => ROUTES.find((r) => r.name === name) as RouteNode;
const policy: Policy = (role, resource, action) =>
  resource === gadget.name &&
  role === 'user' &&
  (gadget.permissions.user as readonly string[]).includes(action);

i18n.addResourceBundle(
  'en-US',
  'translation',
  {
    'fixture-gadget': {
      menu: { title: 'Gadgets', list: 'Gadget list', detail: 'Gadget detail' },
      titles: { create: 'New gadget', edit: 'Edit gadget' },
      fields: { id: 'ID', gadgetName: 'Gadget name', kind: 'Kind', size: 'Size' },
      enums: { kind: { round: 'Round', square: 'Square' } },
    },
  },
  true,
  true,
);

interface Calls {
  lists: unknown[];
  created: unknown[];
  /** What create rejects with instead of saving, as the data provider reports a server's 400. */
  createError?: unknown;
}

function fakeData(rows: BaseRecord[], calls: Calls): DataProvider {
  return {
    getApiUrl: () => '',
    getList: async (params) => {
      calls.lists.push(params);
      return { data: rows as never[], total: rows.length };
    },
    getOne: async ({ id }) => ({ data: rows.find((r) => String(r.id) === String(id)) as never }),
    create: async ({ variables }) => {
      if (calls.createError) throw calls.createError;
      calls.created.push(variables);
      return { data: { id: 99, version: 1, ...(variables as object) } as never };
    },
    update: async ({ variables }) => ({ data: variables as never }),
    deleteOne: async () => ({ data: {} as never }),
  };
}

const ROWS: BaseRecord[] = [
  { id: 1, version: 1, gadgetName: 'Sprocket', kind: 'square', size: 3 },
  { id: 2, version: 1, gadgetName: 'Widget', kind: 'round', size: null },
];

function renderAt(path: string, calls: Calls) {
  const page = (name: string, element: React.ReactNode) => (
    <Route
      path={route(name).path}
      element={
        <ViewProvider route={route(name)} def={gadget} routes={ROUTES}>
          {element}
        </ViewProvider>
      }
    />
  );
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Refine
        dataProvider={fakeData(ROWS, calls)}
        routerProvider={routerProvider}
        resources={[{ name: gadget.name, list: route('fixture-gadget.list').path }]}
        options={{ disableTelemetry: true }}
      >
        <Routes>
          {page('fixture-gadget.list', <ResourceListPage />)}
          {page('fixture-gadget.detail', <ResourceShowPage />)}
        </Routes>
      </Refine>
    </MemoryRouter>,
  );
}

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
  policyStore.set(() => policy);
  roleStore.set('user');
});
afterEach(() => {
  policyStore.set(null);
  roleStore.set(null);
});

describe('generic pages for a fixture resource', () => {
  it('list: the route’s title, declared columns, enum labels and the rows', async () => {
    const calls: Calls = { lists: [], created: [] };
    renderAt('/fixture-gadget/list', calls);
    expect(await screen.findByText('Sprocket')).toBeTruthy();
    expect(screen.getByText('Gadget list')).toBeTruthy();
    for (const header of ['ID', 'Gadget name', 'Kind', 'Size']) {
      expect(screen.getAllByText(header).length).toBeGreaterThan(0);
    }
    expect(screen.getByText('Square')).toBeTruthy();
    expect(calls.lists.length).toBeGreaterThan(0);
  });

  it('list: offers show, create and edit as the policy allows, and no delete', async () => {
    renderAt('/fixture-gadget/list', { lists: [], created: [] });
    await screen.findByText('Sprocket');
    expect(screen.getAllByRole('button', { name: 'Show' })).toHaveLength(2);
    expect(screen.getAllByRole('button', { name: 'Edit' })).toHaveLength(2);
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(screen.getByRole('button', { name: /Create/ })).toBeTruthy();
  });

  it('list: offers nothing the role may not do', async () => {
    roleStore.set('admin');
    renderAt('/fixture-gadget/list', { lists: [], created: [] });
    await screen.findByText('Sprocket');
    expect(screen.queryByRole('button', { name: 'Show' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Create/ })).toBeNull();
  });

  it('form: create opens the declared fields and sends typed values', async () => {
    const calls: Calls = { lists: [], created: [] };
    renderAt('/fixture-gadget/list', calls);
    await screen.findByText('Sprocket');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Create/ })));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('New gadget')).toBeTruthy();
    fireEvent.change(within(dialog).getByLabelText('Gadget name'), {
      target: { value: ' Gizmo ' },
    });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: /OK|Save/ })));
    await waitFor(() => expect(calls.created).toHaveLength(1));
    expect(calls.created[0]).toEqual({ gadgetName: 'Gizmo', kind: 'round', size: null });
  });

  it('form: a create and an edit are each acknowledged with the shared "Saved" toast', async () => {
    const success = vi.fn();
    const unbind = bindMessage({ success, error: vi.fn() } as unknown as MessageInstance);
    try {
      const calls: Calls = { lists: [], created: [] };
      renderAt('/fixture-gadget/list', calls);
      await screen.findByText('Sprocket');
      await act(async () => fireEvent.click(screen.getByRole('button', { name: /Create/ })));
      let dialog = await screen.findByRole('dialog', { name: 'New gadget' });
      fireEvent.change(within(dialog).getByLabelText('Gadget name'), {
        target: { value: 'Gizmo' },
      });
      await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: /Save/ })));
      await waitFor(() => expect(success).toHaveBeenCalledWith('Saved'));

      success.mockClear();
      const row = screen.getByText('Sprocket').closest('tr') as HTMLElement;
      await act(async () => fireEvent.click(within(row).getByRole('button', { name: /Edit/ })));
      dialog = await screen.findByRole('dialog', { name: 'Edit gadget' });
      fireEvent.change(within(dialog).getByLabelText('Gadget name'), {
        target: { value: 'Sprocket 2' },
      });
      await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: /Save/ })));
      await waitFor(() => expect(success).toHaveBeenCalledWith('Saved'));
      expect(success).toHaveBeenCalledTimes(1);
    } finally {
      unbind();
    }
  });

  it('form: Save with a field at fault focuses that field (a long dialog scrolls it into view)', async () => {
    const calls: Calls = { lists: [], created: [] };
    renderAt('/fixture-gadget/list', calls);
    await screen.findByText('Sprocket');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Create/ })));
    const dialog = await screen.findByRole('dialog');
    const size = within(dialog).getByLabelText('Size');
    act(() => size.focus());
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: /Save/ })));
    await waitFor(() =>
      expect(document.activeElement).toBe(within(dialog).getByLabelText('Gadget name')),
    );
    expect(calls.created).toHaveLength(0);
  });

  it('form: a field the server refuses is shown and focused', async () => {
    const calls: Calls = {
      lists: [],
      created: [],
      createError: { message: 'invalid', statusCode: 400, errors: { size: 'Too big' } },
    };
    renderAt('/fixture-gadget/list', calls);
    await screen.findByText('Sprocket');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Create/ })));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Gadget name'), { target: { value: 'Gizmo' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: /Save/ })));
    expect(await within(dialog).findByText('Too big')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(within(dialog).getByLabelText('Size')));
  });

  it('show: every field of the record by its label, with edit and no delete', async () => {
    renderAt('/fixture-gadget/detail?id=1', { lists: [], created: [] });
    expect(await screen.findByText('Gadget detail · Sprocket')).toBeTruthy();
    expect(screen.getByText('Square')).toBeTruthy();
    expect(screen.getByText('3')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Edit/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
  });
});
