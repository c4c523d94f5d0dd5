import { Refine } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BUTTON_CONFIG } from '../../providers/antd-buttons';
import { createDataProvider } from '../../providers/data';
import { createHttp } from '../../providers/http';
import { i18n } from '../../providers/i18n';
import { reactQueryOptions } from '../../providers/query-options';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { ok, signIn, signOut } from '../../resources/record/testing';
import { envelope, fakeEnv, installFakeServer, type FakeHandler } from '../../test/fake-http';
import DebugRecordsPage from './DebugRecordsPage';

const PAGE = '/api/manage/v1/debug-record/page';
const DETAIL = '/api/manage/v1/debug-record/detail';
const VERSIONS = '/api/manage/v1/model/version/list';

const failed = {
  id: 3,
  createdAt: '2026-01-02T03:04:05Z',
  operatorId: '7',
  source: 'playground',
  templateId: 9,
  templateTitle: 'Refund helper',
  modelVersion: 'demo-fast',
  state: 'error',
  promptTokens: 1210,
  completionTokens: 0,
  tokensEstimated: true,
  ttftMs: null,
  latencyMs: 30000,
  cost: 0.00123456,
  callId: null,
  error: { kind: 'timeout', message: 'no answer after 30 s' },
};

function Probe() {
  const location = useLocation();
  return <output data-testid="location">{location.search}</output>;
}

function renderPage(search: string, handler: FakeHandler) {
  const http = createHttp(fakeEnv());
  const seen = installFakeServer(http, handler);
  render(
    <ConfigProvider button={BUTTON_CONFIG}>
      <MemoryRouter initialEntries={[`/debug-records${search}`]}>
        <Refine
          dataProvider={createDataProvider(http)}
          routerProvider={routerProvider}
          options={{ disableTelemetry: true, reactQuery: reactQueryOptions }}
        >
          <Routes>
            <Route
              path="/debug-records"
              element={
                <>
                  <DebugRecordsPage />
                  <Probe />
                </>
              }
            />
          </Routes>
        </Refine>
      </MemoryRouter>
    </ConfigProvider>,
  );
  return (url: string) => seen.filter((r) => r.url === url).map((r) => r.body);
}

const server: FakeHandler = (req) => {
  if (req.url === PAGE) return ok({ list: [failed], total: 1, current: 1, pageSize: 20 });
  if (req.url === DETAIL) {
    return (req.body as { id: number }).id === 3
      ? ok({ ...failed, request: { messages: [{ role: 'user', content: 'hello' }] }, answer: null })
      : { status: 404, body: envelope(40400) };
  }
  if (req.url === VERSIONS) return ok({ list: [], total: 0 });
  return { status: 404, body: envelope(40400) };
};

const location = () => screen.getByTestId('location').textContent ?? '';

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
  signIn('user');
});
afterEach(signOut);

describe('debug records page', () => {
  it('asks for the address filters and shows the row figures', async () => {
    const bodies = renderPage('?state=error&page=2&from=2026-01-02', server);
    const row = (await screen.findByText('Refund helper')).closest('tr')!;
    const cells = within(row);
    expect(cells.getByText('Error')).toBeTruthy();
    expect(cells.getByText('1,210 + 0')).toBeTruthy();
    expect(cells.getByText('estimated')).toBeTruthy();
    expect(cells.getByText('0.0012')).toBeTruthy();
    expect(cells.getByText('30,000 ms')).toBeTruthy();
    expect(bodies(PAGE)[0]).toMatchObject({ current: 2, pageSize: 20, state: 'error' });
    expect((bodies(PAGE)[0] as { from: string }).from).toMatch(/^2026-01-02T00:00:00/);
  });

  it('opens a record from its row, with the error in the model texts', async () => {
    renderPage('', server);
    fireEvent.click(await screen.findByRole('button', { name: 'View model request 3' }));
    await waitFor(() => expect(location()).toBe('?record=3'));
    const drawer = await screen.findByTestId('debug-record-drawer');
    expect(await within(drawer).findByText(i18n.t('model-version.errors.timeout'))).toBeTruthy();
    expect(within(drawer).getByText('no answer after 30 s')).toBeTruthy();
    expect(within(drawer).getByText('hello')).toBeTruthy();
    expect(within(drawer).getByText('No variables')).toBeTruthy();
    fireEvent.click(within(drawer.closest('.ant-drawer')!).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(location()).toBe(''));
  });

  it('says so when the record in the address cannot be read', async () => {
    renderPage('?record=99', server);
    expect(await screen.findByText(i18n.t('debug.drawer.notFound'))).toBeTruthy();
  });

  it('keeps the tab in the address', async () => {
    renderPage('', server);
    fireEvent.click(await screen.findByRole('tab', { name: "This tab's API calls" }));
    await waitFor(() => expect(location()).toBe('?tab=browser'));
    expect(screen.getByTestId('debug-browser-clear')).toBeTruthy();
  });
});
