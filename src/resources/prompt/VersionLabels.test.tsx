import { Refine } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { MessageInstance } from 'antd/es/message/interface';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { policyStore } from '../../providers/access-control';
import { createDataProvider } from '../../providers/data';
import { bindMessage } from '../../providers/feedback';
import { createHttp } from '../../providers/http';
import { i18n } from '../../providers/i18n';
import { routeByName } from '../../routes/table';
import { roleStore } from '../../stores/role';
import { envelope, fakeEnv, installFakeServer, type SeenRequest } from '../../test/fake-http';
import { ViewProvider } from '../view';
import PromptDetail from './PromptDetail';
import type { PromptRecord, PromptVersion } from './types';
import { labelsOf } from './VersionLabels';

const BASE = '/api/manage/v1/prompt';

const PLATFORM: PromptRecord = {
  id: 7,
  version: 3,
  title: 'Summariser',
  isPublic: 1,
  status: 1,
  type: 'CHATGPT',
  content: 'Summarise {{topic}}',
  variables: [],
  liveVersion: 2,
  pendingVersion: 3,
  reviewState: 'draft',
  createdAt: '2026-01-01T08:00:00Z',
  updatedAt: '2026-01-03T08:00:00Z',
};

const version = (
  number: number,
  state: PromptVersion['state'],
  labels: string[],
): PromptVersion => ({
  number,
  state,
  title: 'Summariser',
  type: 'CHATGPT',
  content: `Summarise {{topic}} (${number})`,
  variables: [],
  authorName: 'Ann',
  createdAt: `2026-01-0${number}T08:00:00Z`,
  labels,
});

/** Draft v3 beside live v2 (production, staging); v1 holds canary. */
const VERSIONS: PromptVersion[] = [
  version(3, 'draft', []),
  version(2, 'live', ['production', 'staging']),
  version(1, 'archived', ['canary']),
];

function renderDetail(record: PromptRecord, routeName: string, versions: PromptVersion[]) {
  const http = createHttp(fakeEnv());
  const seen = installFakeServer(http, (req: SeenRequest) => {
    if (req.url === `${BASE}/detail`) return { body: envelope(0, record) };
    if (req.url === `${BASE}/versions`) {
      return { body: envelope(0, { list: versions, total: versions.length }) };
    }
    if (req.url === `${BASE}/label` || req.url === `${BASE}/unlabel`) {
      return { body: envelope(0, { labels: labelsOf(versions) }) };
    }
    return { status: 404, body: envelope(40400, null, 'not found') };
  });
  const route = routeByName(routeName);
  if (!route) throw new Error(`${routeName} route missing`);
  render(
    <MemoryRouter initialEntries={[`${route.path}?id=${record.id}`]}>
      <Refine
        dataProvider={createDataProvider(http)}
        routerProvider={routerProvider}
        resources={[{ name: 'prompt' }]}
        options={{ disableTelemetry: true }}
      >
        <Routes>
          <Route
            path={route.path}
            element={
              <ViewProvider route={route}>
                <PromptDetail />
              </ViewProvider>
            }
          />
        </Routes>
      </Refine>
    </MemoryRouter>,
  );
  return seen;
}

/** Opens the history tab; answers its versions table once the rows are in. */
async function openHistory(): Promise<HTMLElement> {
  await act(async () => fireEvent.click(await screen.findByRole('tab', { name: 'History' })));
  const history = await screen.findByRole('table', { name: 'Versions' });
  await within(history).findByText('v3');
  return history;
}

const labelsOfRow = (history: HTMLElement, n: number) =>
  within(history).queryByRole('list', { name: `Labels of v${n}` });

const success = vi.fn();
let unbind: () => void = () => undefined;

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
  policyStore.set(() => () => true);
  roleStore.set('admin');
  success.mockReset();
  unbind = bindMessage({ success, error: vi.fn() } as unknown as MessageInstance);
});
afterEach(() => {
  unbind();
  policyStore.set(null);
  roleStore.set(null);
});

describe('prompt labels in the history', () => {
  it('shows each version its labels as named tags, production apart', async () => {
    renderDetail(PLATFORM, 'prompt.detail-public', VERSIONS);
    const history = await openHistory();
    expect(within(history).getByRole('columnheader', { name: 'Labels' })).toBeTruthy();

    const live = labelsOfRow(history, 2);
    expect(live).toBeTruthy();
    const tags = within(live!).getAllByRole('listitem');
    expect(tags.map((t) => t.getAttribute('aria-label'))).toEqual([
      'Label production (the live version)',
      'Label staging',
    ]);
    // Production in green, the others blue.
    expect(tags[0]!.querySelector('.ant-tag-green')?.textContent).toBe('production');
    expect(tags[1]!.querySelector('.ant-tag-blue')?.textContent).toBe('staging');
    expect(within(labelsOfRow(history, 1)!).getByRole('listitem', { name: 'Label canary' }));
    expect(labelsOfRow(history, 3)).toBeNull();

    // The admin reads what labels are for.
    expect(screen.getByText(/The platform fetches a version by its label/)).toBeTruthy();
    // Production cannot be removed here; the others can.
    expect(screen.queryByRole('button', { name: 'Remove label production from v2' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Remove label staging from v2' })).toBeTruthy();
  });

  it('the admin sets a label: the rule, production refused, a move announced, the body sent', async () => {
    const seen = renderDetail(PLATFORM, 'prompt.detail-public', VERSIONS);
    const history = await openHistory();
    const versionCalls = () => seen.filter((r) => r.url === `${BASE}/versions`).length;
    const before = versionCalls();

    await act(async () =>
      fireEvent.click(within(history).getByRole('button', { name: 'Set a label on v3' })),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Set a label on v3' });
    const input = within(dialog).getByLabelText('Label');
    const ok = within(dialog).getByRole('button', { name: 'Set label' });

    // Production is refused before any call, and so is a label outside the rule.
    fireEvent.change(input, { target: { value: 'production' } });
    await act(async () => fireEvent.click(ok));
    expect(
      await within(dialog).findByText('production is the live version; only an approval moves it'),
    ).toBeTruthy();
    fireEvent.change(input, { target: { value: 'Staging!' } });
    await act(async () => fireEvent.click(ok));
    expect(
      await within(dialog).findByText('A label is 1 to 32 lower-case letters, digits and hyphens'),
    ).toBeTruthy();
    expect(seen.some((r) => r.url === `${BASE}/label`)).toBe(false);

    // A label in use elsewhere moves: the hint says from where.
    fireEvent.change(input, { target: { value: 'staging' } });
    expect(
      await within(dialog).findByText('staging points at v2; setting it moves it from v2 to v3.'),
    ).toBeTruthy();

    // Enter sends it.
    await act(async () => fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 }));
    await waitFor(() => expect(seen.some((r) => r.url === `${BASE}/label`)).toBe(true));
    expect(seen.filter((r) => r.url === `${BASE}/label`).map((r) => r.body)).toEqual([
      { id: 7, label: 'staging', number: 3 },
    ]);
    await waitFor(() => expect(success).toHaveBeenCalledWith('Label staging now points at v3'));
    // The history is read again.
    await waitFor(() => expect(versionCalls()).toBeGreaterThan(before));
  });

  it('offers the labels in use and the usual ones as suggestions; Enter sends what was typed', async () => {
    const seen = renderDetail(PLATFORM, 'prompt.detail-public', VERSIONS);
    const history = await openHistory();
    await act(async () =>
      fireEvent.click(within(history).getByRole('button', { name: 'Set a label on v1' })),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Set a label on v1' });
    const input = within(dialog).getByLabelText('Label');
    await act(async () => fireEvent.mouseDown(input));
    fireEvent.change(input, { target: { value: 'a' } });
    await waitFor(() =>
      expect(
        [...document.querySelectorAll('.ant-select-item-option')].map((o) => o.textContent),
      ).toEqual(['staging · v2', 'canary · v1']),
    );
    fireEvent.change(input, { target: { value: 'canary' } });
    expect(await within(dialog).findByText('canary already points at this version.')).toBeTruthy();

    // The list marks the first suggestion starting with the text; Enter still sends the text.
    fireEvent.change(input, { target: { value: 'can' } });
    await waitFor(() =>
      expect(document.querySelector('.ant-select-item-option-active')?.textContent).toBe(
        'canary · v1',
      ),
    );
    await act(async () => fireEvent.keyDown(input, { key: 'Enter', code: 'Enter', keyCode: 13 }));
    await waitFor(() =>
      expect(seen.filter((r) => r.url === `${BASE}/label`).map((r) => r.body)).toEqual([
        { id: 7, label: 'can', number: 1 },
      ]),
    );
  });

  it('the admin removes a label after confirming', async () => {
    const seen = renderDetail(PLATFORM, 'prompt.detail-public', VERSIONS);
    await openHistory();
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Remove label canary from v1' })),
    );
    const question = await screen.findByRole('tooltip');
    expect(within(question).getByText(/Remove label canary\?/)).toBeTruthy();
    expect(seen.some((r) => r.url === `${BASE}/unlabel`)).toBe(false);
    await act(async () =>
      fireEvent.click(within(question).getByRole('button', { name: 'Remove' })),
    );
    await waitFor(() => expect(seen.some((r) => r.url === `${BASE}/unlabel`)).toBe(true));
    expect(seen.find((r) => r.url === `${BASE}/unlabel`)?.body).toEqual({ id: 7, label: 'canary' });
    await waitFor(() => expect(success).toHaveBeenCalledWith('Label canary removed'));
  });

  it('a user sees the labels but neither sets nor removes them', async () => {
    roleStore.set('user');
    renderDetail(PLATFORM, 'prompt.detail-public', VERSIONS);
    const history = await openHistory();
    expect(within(labelsOfRow(history, 2)!).getByRole('listitem', { name: 'Label staging' }));
    expect(screen.queryByRole('button', { name: /^Set a label/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Remove label/ })).toBeNull();
    expect(screen.queryByText(/The platform fetches a version by its label/)).toBeNull();
  });

  it('a personal template has no labels column and no label actions', async () => {
    const personal: PromptRecord = {
      ...PLATFORM,
      isPublic: 0,
      pendingVersion: null,
      reviewState: 'none',
    };
    const versions = [
      version(3, 'live', []),
      version(2, 'archived', []),
      version(1, 'archived', []),
    ];
    roleStore.set('user');
    renderDetail(personal, 'prompt.detail', versions);
    const history = await openHistory();
    expect(within(history).queryByRole('columnheader', { name: 'Labels' })).toBeNull();
    expect(screen.queryByRole('button', { name: /^Set a label/ })).toBeNull();
  });
});
