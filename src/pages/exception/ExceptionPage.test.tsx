import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../providers/i18n';
import { HOME_PATH } from '../../routes/table';
import {
  EXCEPTION_STATUSES,
  ExceptionPage,
  exceptionPath,
  exceptionStatusOf,
  type ExceptionStatus,
} from './ExceptionPage';

function Where() {
  const { pathname } = useLocation();
  return <output data-testid="where">{pathname}</output>;
}

function renderAt(status: ExceptionStatus, entries: string[]) {
  return render(
    <MemoryRouter initialEntries={entries} initialIndex={entries.length - 1}>
      <Routes>
        <Route path={exceptionPath(status)} element={<ExceptionPage status={status} />} />
        <Route path="*" element={null} />
      </Routes>
      <Where />
    </MemoryRouter>,
  );
}

const where = () => screen.getByTestId('where').textContent;

describe('exception addresses', () => {
  it('reads /exception/403, /exception/404 and /exception/500, a trailing slash too', () => {
    for (const status of EXCEPTION_STATUSES) {
      expect(exceptionStatusOf(exceptionPath(status))).toBe(status);
      expect(exceptionStatusOf(`${exceptionPath(status)}/`)).toBe(status);
    }
  });

  it('nothing else is one', () => {
    for (const path of ['/exception', '/exception/401', '/exception/4040', '/x/exception/404']) {
      expect(exceptionStatusOf(path)).toBeNull();
    }
  });
});

describe.each(['zh-CN', 'en-US'])('the exception page in %s', (locale) => {
  beforeEach(async () => {
    await i18n.changeLanguage(locale);
  });

  it.each(EXCEPTION_STATUSES)('%s says what happened and leads home', (status) => {
    renderAt(status, [exceptionPath(status)]);
    expect(screen.getByTestId(`exception-${status}`).textContent).toContain(
      i18n.t(`pages.error.${status}`),
    );
    fireEvent.click(screen.getByRole('button', { name: i18n.t('pages.error.backHome') }));
    expect(where()).toBe(HOME_PATH);
  });

  it('offers back only when the console led to it', () => {
    // The first page of a tab or window (an address typed, a link from elsewhere): home only.
    const fresh = renderAt('403', [exceptionPath('403')]);
    expect(screen.queryByRole('button', { name: i18n.t('pages.error.back') })).toBeNull();
    fresh.unmount();

    renderAt('404', ['/scene/list', exceptionPath('404')]);
    fireEvent.click(screen.getByRole('button', { name: i18n.t('pages.error.back') }));
    expect(where()).toBe('/scene/list');
  });
});
