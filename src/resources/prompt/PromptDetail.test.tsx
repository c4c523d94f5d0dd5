import { Refine } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createDataProvider } from '../../providers/data';
import { createHttp } from '../../providers/http';
import { i18n } from '../../providers/i18n';
import { policyStore } from '../../providers/access-control';
import type { GateStatus } from '../../../contract/release-gate';
import { routeByName } from '../../routes/table';
import { roleStore } from '../../stores/role';
import { envelope, fakeEnv, installFakeServer, type SeenRequest } from '../../test/fake-http';
import { ViewProvider } from '../view';
import { formatDateTime } from '../../components/resource/field-format';
import PromptDetail from './PromptDetail';
import { defaultPair } from './VersionHistory';
import type { PromptRecord, PromptVersion } from './types';

const BASE = '/api/manage/v1/prompt';

const RECORD: PromptRecord = {
  id: 5,
  version: 4,
  title: 'Greeter',
  isPublic: 0,
  status: 1,
  type: 'CHATGPT',
  sceneCode: 'S1',
  sceneName: 'Support',
  content: 'Hello {{who}}\nSee you',
  variables: [{ name: 'Customer', type: 'text', fieldName: 'who' }],
  liveVersion: 3,
  pendingVersion: null,
  reviewState: 'none',
  createdAt: '2026-01-01T08:00:00Z',
  updatedAt: '2026-01-03T08:00:00Z',
};

/** RECORD as a platform template whose v4 waits for review. */
const PENDING: PromptRecord = { ...RECORD, isPublic: 1, pendingVersion: 4, reviewState: 'pending' };

const version = (number: number, state: PromptVersion['state'], content: string) => ({
  number,
  state,
  title: 'Greeter',
  type: 'CHATGPT',
  content,
  variables: RECORD.variables,
  note: `note ${number}`,
  authorName: 'Ann',
  createdAt: `2026-01-0${number}T08:00:00Z`,
});

const VERSIONS: PromptVersion[] = [
  version(3, 'live', 'Hello {{who}}\nSee you'),
  version(2, 'archived', 'Hello {{who}}\nBye'),
  version(1, 'archived', 'Hi {{who}}'),
];

function renderDetail(
  record: PromptRecord = RECORD,
  routeName = 'prompt.detail',
  versions: PromptVersion[] = VERSIONS,
  gate?: GateStatus,
) {
  const http = createHttp(fakeEnv());
  const seen = installFakeServer(http, (req: SeenRequest) => {
    if (req.url === `${BASE}/detail`) return { body: envelope(0, record) };
    if (req.url === `${BASE}/gate` && gate) return { body: envelope(0, gate) };
    if (req.url === `${BASE}/versions`) {
      return { body: envelope(0, { list: versions, total: versions.length }) };
    }
    if (req.url === `${BASE}/restore`) {
      return { body: envelope(0, { ...RECORD, version: 5, liveVersion: 4 }) };
    }
    if (req.url === `${BASE}/approve` || req.url === `${BASE}/reject`) {
      return { body: envelope(0, { ...record, version: record.version + 1 }) };
    }
    return { status: 404, body: envelope(40400, null, 'not found') };
  });
  const route = routeByName(routeName);
  if (!route) throw new Error(`${routeName} route missing`);
  render(
    <MemoryRouter initialEntries={[`${route.path}?id=5`]}>
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

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
  policyStore.set(() => () => true);
  roleStore.set('user');
});
afterEach(() => {
  policyStore.set(null);
  roleStore.set(null);
});

/** The cells of a side-by-side diff of one kind, as their text. */
const cells = (diff: HTMLElement, kind: 'removed' | 'added') =>
  [...diff.querySelectorAll(`td[data-kind="${kind}"]`)].map((c) => c.textContent);

/** The open tab's panel (antd keeps the panels it has shown, hidden). */
function activePanel(): HTMLElement {
  const panel = document.querySelector<HTMLElement>('.ant-tabs-tabpane-active');
  if (!panel) throw new Error('no active tab panel');
  return panel;
}

describe('defaultPair', () => {
  const of = (...numbers: number[]) => numbers.map((n) => version(n, 'archived', ''));
  it('compares the live version with the draft beside it, however many versions are newer', () => {
    expect(defaultPair(of(4, 3, 2, 1), 3, 4)).toEqual({ older: 3, newer: 4 });
    expect(defaultPair(of(1, 2), 1, 2)).toEqual({ older: 1, newer: 2 });
    // An older draft superseded by a newer one is not the one compared.
    expect(defaultPair(of(5, 4, 3), 3, 5)).toEqual({ older: 3, newer: 5 });
  });

  it('with no draft, compares the two newest versions', () => {
    expect(defaultPair(of(3, 2, 1), 3, null)).toEqual({ older: 2, newer: 3 });
    expect(defaultPair(of(1, 2, 3), 3)).toEqual({ older: 2, newer: 3 });
    expect(defaultPair(of(1), 1, null)).toEqual({ older: 1, newer: 1 });
    expect(defaultPair([], null, null)).toEqual({ older: undefined, newer: undefined });
  });
});

describe('prompt detail', () => {
  it('shows the history, compares live with the version before it, and restores one', async () => {
    const seen = renderDetail();
    expect(await screen.findByText('My template · Greeter')).toBeTruthy();
    expect(screen.getByText('live v3')).toBeTruthy();
    // Both times: the list sorts by the first, newest first.
    for (const [label, at] of [
      ['Created at', '2026-01-01T08:00:00Z'],
      ['Modified at', '2026-01-03T08:00:00Z'],
    ] as const) {
      const cell = screen.getByText(label).closest('th')?.nextElementSibling;
      expect(cell?.textContent).toBe(formatDateTime(at));
    }
    // A personal template has no review tab.
    expect(screen.queryByRole('tab', { name: 'Review' })).toBeNull();

    await act(async () => fireEvent.click(screen.getByRole('tab', { name: 'History' })));
    const history = await screen.findByRole('table', { name: 'Versions' });
    await within(history).findByText('v3');
    expect(within(history).getByText('v2')).toBeTruthy();
    expect(within(history).getByText('note 1')).toBeTruthy();

    // Default comparison: v2 (older, left) against the live v3 (newer, right).
    const diff = screen.getByRole('table', { name: 'Side-by-side diff' });
    const removed = [...diff.querySelectorAll('td[data-kind="removed"]')].map((c) => c.textContent);
    const added = [...diff.querySelectorAll('td[data-kind="added"]')].map((c) => c.textContent);
    expect(removed).toEqual(['−Bye']);
    expect(added).toEqual(['+See you']);

    // The live version offers no restore; the others do.
    expect(screen.queryByRole('button', { name: 'Restore this version (v3)' })).toBeNull();
    const versionCalls = () => seen.filter((r) => r.url === `${BASE}/versions`).length;
    const before = versionCalls();
    await act(async () =>
      fireEvent.click(screen.getByRole('button', { name: 'Restore this version (v2)' })),
    );
    const confirm = await screen.findByRole('tooltip');
    await act(async () =>
      fireEvent.click(within(confirm).getByRole('button', { name: 'Restore this version' })),
    );

    await waitFor(() => expect(seen.some((r) => r.url === `${BASE}/restore`)).toBe(true));
    const restore = seen.find((r) => r.url === `${BASE}/restore`);
    expect(restore?.body).toEqual({ id: 5, version: 4, number: 2 });
    // The page reads the template and its versions again.
    await waitFor(() => expect(versionCalls()).toBeGreaterThan(before));
  });

  it('lets the admin review a pending platform version: diff, reason required, reject', async () => {
    roleStore.set('admin');
    VERSIONS.unshift(version(4, 'pending', 'Hello {{who}}\nGood day'));
    try {
      const seen = renderDetail(PENDING, 'prompt.detail-public');
      expect(await screen.findByText('Platform template · Greeter')).toBeTruthy();
      await act(async () => fireEvent.click(screen.getByRole('tab', { name: 'Review' })));
      expect(await screen.findByText('Waiting for review: v4')).toBeTruthy();
      const diff = await screen.findByRole('table', { name: 'Side-by-side diff' });
      await waitFor(() =>
        expect(diff.querySelector('td[data-kind="added"]')?.textContent).toBe('+Good day'),
      );
      expect(screen.getByRole('button', { name: 'Approve' })).toBeTruthy();

      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Reject' })));
      const dialog = await screen.findByRole('dialog');
      await act(async () =>
        fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' })),
      );
      expect(await within(dialog).findByText('Enter the reason for rejection')).toBeTruthy();
      expect(seen.some((r) => r.url === `${BASE}/reject`)).toBe(false);

      fireEvent.change(within(dialog).getByLabelText('Reason for rejection'), {
        target: { value: ' Too vague ' },
      });
      await act(async () =>
        fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' })),
      );
      await waitFor(() => expect(seen.some((r) => r.url === `${BASE}/reject`)).toBe(true));
      expect(seen.find((r) => r.url === `${BASE}/reject`)?.body).toEqual({
        id: 5,
        version: 4,
        reason: 'Too vague',
      });
    } finally {
      VERSIONS.shift();
    }
  });

  it('a pending version that failed its release gate: the gate shows, approval needs a reason', async () => {
    roleStore.set('admin');
    const gate: GateStatus = {
      state: 'failed',
      sceneCode: 'kb',
      sceneName: 'Knowledge base',
      evaluationId: 7,
      baselineEvaluationId: null,
      evaluationState: 'completed',
      progress: 100,
      metrics: [
        {
          metric: 'rougeL',
          threshold: 60,
          value: 31.5,
          baseline: null,
          maxDrop: null,
          pass: false,
        },
      ],
      override: null,
    };
    const versions = [version(4, 'pending', 'Hello {{who}}\nGood day'), ...VERSIONS];
    const seen = renderDetail(PENDING, 'prompt.detail-public', versions, gate);
    expect(await screen.findByText('Platform template · Greeter')).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole('tab', { name: 'Review' })));
    expect(await screen.findByText('Release gate · Knowledge base')).toBeTruthy();
    expect(screen.getByTestId('gate-state').textContent).toBe('Not passed');
    expect(screen.getByText('31.50')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();

    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Approve anyway/ })));
    const dialog = await screen.findByRole('dialog');
    await act(async () =>
      fireEvent.click(within(dialog).getByRole('button', { name: /Approve anyway/ })),
    );
    expect(await within(dialog).findByText('Enter why it goes live anyway')).toBeTruthy();
    expect(seen.some((r) => r.url === `${BASE}/approve`)).toBe(false);
    fireEvent.change(within(dialog).getByLabelText('Reason for approving anyway'), {
      target: { value: ' Urgent fix ' },
    });
    await act(async () =>
      fireEvent.click(within(dialog).getByRole('button', { name: /Approve anyway/ })),
    );
    await waitFor(() => expect(seen.some((r) => r.url === `${BASE}/approve`)).toBe(true));
    expect(seen.find((r) => r.url === `${BASE}/approve`)?.body).toEqual({
      id: 5,
      version: 4,
      override: 'Urgent fix',
    });
  });

  it('a platform draft: history compares live with the draft, offers no restore of the draft, and the submitter reviews it against live', async () => {
    const record: PromptRecord = {
      ...RECORD,
      isPublic: 1,
      pendingVersion: 4,
      reviewState: 'draft',
    };
    const versions = [version(4, 'draft', 'Hello {{who}}\nGood day'), ...VERSIONS];
    versions[0] = { ...versions[0]!, title: 'Greeter II' };
    renderDetail(record, 'prompt.detail-public', versions);
    expect(await screen.findByText('Platform template · Greeter')).toBeTruthy();

    await act(async () => fireEvent.click(screen.getByRole('tab', { name: 'History' })));
    const history = await screen.findByRole('table', { name: 'Versions' });
    await within(history).findByText('v4');
    const diff = within(activePanel()).getByRole('table', { name: 'Side-by-side diff' });
    expect(diff.querySelector('thead')?.textContent).toMatch(/v3 · Live.*v4 · Draft/);
    expect(cells(diff, 'removed')).toEqual(['−See you']);
    expect(cells(diff, 'added')).toEqual(['+Good day']);
    // Neither the live version nor the draft itself can be restored; an archived one can.
    expect(screen.queryByRole('button', { name: 'Restore this version (v4)' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Restore this version (v3)' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Restore this version (v2)' })).toBeTruthy();

    // Before it is submitted, the review tab shows the draft against the live version too.
    await act(async () => fireEvent.click(screen.getByRole('tab', { name: 'Review' })));
    expect(await screen.findByText('Draft v4 is not live yet; submit it for review.')).toBeTruthy();
    const panel = activePanel();
    const review = within(panel).getByRole('table', { name: 'Side-by-side diff' });
    expect(review.querySelector('thead')?.textContent).toBe('Live v3Draft v4');
    expect(cells(review, 'removed')).toEqual(['−See you']);
    expect(cells(review, 'added')).toEqual(['+Good day']);
    // Fields besides the text are compared as well.
    expect(within(panel).getByText('Greeter II')).toBeTruthy();
    expect(within(panel).getByRole('button', { name: 'Submit for review' })).toBeTruthy();
    expect(within(panel).queryByRole('button', { name: 'Approve' })).toBeNull();
  });
});
