import { Refine } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Role } from '../../../contract/resource';
import { resourceByName } from '../../../contract/resources';
import { createDataProvider } from '../../providers/data';
import { createHttp } from '../../providers/http';
import { i18n } from '../../providers/i18n';
import { reactQueryOptions } from '../../providers/query-options';
import { signIn, signOut } from '../../resources/record/testing';
import { envelope, fakeEnv, installFakeServer, type SeenRequest } from '../../test/fake-http';
import WindowPage from './WindowPage';

const WIN = `win${'aB3dE5gH7jK9mN1pQ3sT5vW7yZ9bC1dE'}`;
const DETAIL = '/api/manage/v1/record/detail';

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

/** The window at `/${WIN}${search}`, over refine and a fake API that knows record 7. */
function renderWindow(search: string, loggedIn: boolean, role: Role) {
  const http = createHttp(fakeEnv());
  const seen: SeenRequest[] = installFakeServer(http, (req) =>
    req.url === DETAIL
      ? { body: envelope(0, { id: 7, version: 1, title: 'Password help', messages: [] }) }
      : { status: 404, body: envelope(40400) },
  );
  render(
    <MemoryRouter initialEntries={[`/${WIN}${search}`]}>
      <Refine
        dataProvider={createDataProvider(http)}
        routerProvider={routerProvider}
        resources={[{ name: 'record', meta: { prefix: resourceByName('record')?.prefix } }]}
        options={{ disableTelemetry: true, reactQuery: reactQueryOptions }}
      >
        <Routes>
          <Route path={`/${WIN}`} element={<WindowPage loggedIn={loggedIn} role={role} />} />
          <Route path="*" element={null} />
        </Routes>
        <Where />
      </Refine>
    </MemoryRouter>,
  );
  return seen;
}

describe.each(['zh-CN', 'en-US'])('the window route (%s)', (locale) => {
  beforeEach(async () => {
    await i18n.changeLanguage(locale);
  });
  afterEach(signOut);

  it('logged out, asks for a login that comes back to the window, and asks the API nothing', () => {
    const seen = renderWindow('?route=record.detail&id=7', false, 'user');
    expect(screen.getByTestId('window-login').textContent).toContain(i18n.t('window.loginTitle'));
    expect(screen.queryByText(i18n.t('common.notFoundRecord'))).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: i18n.t('window.login') }));
    expect(screen.getByTestId('where').textContent).toBe(
      `/login?redirect=${WIN}&route=record.detail&id=7`,
    );
    expect(seen).toEqual([]);
  });

  it('logged out without a page named, there is nothing to log in for', () => {
    renderWindow('', false, 'user');
    expect(screen.getByTestId('window-empty')).toBeTruthy();
    expect(screen.queryByTestId('window-login')).toBeNull();
  });

  it('logged in, a role that may not open the page gets 403 and the API is not asked', () => {
    signIn('admin');
    const seen = renderWindow('?route=record.detail&id=7', true, 'admin');
    expect(screen.getByTestId('exception-403')).toBeTruthy();
    expect(screen.queryByTestId('window-page')).toBeNull();
    expect(seen).toEqual([]);
  });

  it('logged in, a role that may open it sees the record', async () => {
    signIn('user');
    const seen = renderWindow('?route=record.detail&id=7', true, 'user');
    expect(screen.getByTestId('window-page')).toBeTruthy();
    await screen.findByText(new RegExp(`${i18n.t('record.menu.detail')} · Password help`));
    expect(
      seen.filter((r) => r.url === DETAIL).map((r) => String((r.body as { id: unknown }).id)),
    ).toContain('7');
  });
});
