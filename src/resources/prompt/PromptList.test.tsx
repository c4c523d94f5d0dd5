import { Refine, type DataProvider } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { policyStore } from '../../providers/access-control';
import { i18n } from '../../providers/i18n';
import { routeByName } from '../../routes/table';
import { roleStore } from '../../stores/role';
import { ViewProvider } from '../view';
import PromptList from './PromptList';

const ROWS = [
  {
    id: 1,
    version: 2,
    title: 'Reviewer',
    sceneCode: 'S1',
    sceneName: 'Support desk',
    type: 'CHATGPT',
    status: 1,
    liveVersion: 2,
    pendingVersion: 3,
    reviewState: 'pending',
  },
];

function renderList(lists: unknown[]) {
  const data: DataProvider = {
    getApiUrl: () => '',
    getList: async (params) => {
      lists.push(params);
      return { data: ROWS as never[], total: 4 };
    },
    getOne: async () => ({ data: {} as never }),
    create: async () => ({ data: {} as never }),
    update: async () => ({ data: {} as never }),
    deleteOne: async () => ({ data: {} as never }),
  };
  const route = routeByName('prompt.list-public');
  if (!route) throw new Error('prompt.list-public route missing');
  render(
    <MemoryRouter initialEntries={[route.path]}>
      <Refine
        dataProvider={data}
        routerProvider={routerProvider}
        resources={[{ name: 'prompt', list: route.path }]}
        options={{ disableTelemetry: true }}
      >
        <Routes>
          <Route
            path={route.path}
            element={
              <ViewProvider route={route}>
                <PromptList />
              </ViewProvider>
            }
          />
        </Routes>
      </Refine>
    </MemoryRouter>,
  );
}

const pendingFilter = (params: unknown) =>
  ((params as { filters?: { field: string; value: unknown }[] }).filters ?? []).some(
    (f) => f.field === 'reviewState' && f.value === 'pending',
  );

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
  policyStore.set(() => () => true);
});
afterEach(() => {
  policyStore.set(null);
  roleStore.set(null);
});

describe('prompt list', () => {
  it('shows scene names and review badges; the admin gets a pending tab with its count', async () => {
    roleStore.set('admin');
    const lists: unknown[] = [];
    renderList(lists);
    expect(await screen.findByText('Reviewer')).toBeTruthy();
    expect(screen.getByText('Support desk')).toBeTruthy();
    expect(screen.getByText('live v2')).toBeTruthy();
    expect(screen.getByText(/Pending review v3/)).toBeTruthy();
    const tab = await screen.findByRole('tab', { name: 'Pending review (4)' });
    const before = lists.filter(pendingFilter).length;
    await act(async () => fireEvent.click(tab));
    // The table's own query now carries the permanent filter (besides the count's).
    await waitFor(() => expect(lists.filter(pendingFilter).length).toBeGreaterThan(before));
  });

  it('has no review tabs for a user', async () => {
    roleStore.set('user');
    renderList([]);
    expect(await screen.findByText('Reviewer')).toBeTruthy();
    expect(screen.queryByRole('tab', { name: /Pending review/ })).toBeNull();
  });
});
