import { fireEvent, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../providers/i18n';
import { ok, renderRoute, signIn, signOut } from '../../resources/record/testing';
import { ViewProvider } from '../../resources/view';
import { routeByName } from '../../routes/table';
import { OpenInWindowButton } from './OpenInWindowButton';

const WINDOW_HREF = /^\/win[A-Za-z0-9]{32}\?route=record\.detail&id=7$/;

beforeEach(() => signIn('user'));
afterEach(() => {
  signOut();
  vi.restoreAllMocks();
});

describe.each(['zh-CN', 'en-US'])('open in a new window (%s)', (locale) => {
  beforeEach(async () => {
    await i18n.changeLanguage(locale);
  });

  it('links the same page and query on a window route, and opens it in a window', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderRoute('record.detail', '/record/detail?id=7', () => ok(null), <OpenInWindowButton />);
    const link = screen.getByRole('link', { name: i18n.t('window.open') });
    const href = link.getAttribute('href') ?? '';
    expect(href).toMatch(WINDOW_HREF);
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');

    fireEvent.click(link);
    expect(open).toHaveBeenCalledTimes(1);
    expect(open.mock.calls[0]?.slice(0, 2)).toEqual([href, '_blank']);
    expect(String(open.mock.calls[0]?.[2])).toContain('noopener');
    // The same window address on every render of the page.
    fireEvent.click(link);
    expect(open.mock.calls[1]?.[0]).toBe(href);
  });

  it('leaves a click with a modifier to the browser (a tab, a window of its own)', () => {
    const open = vi.spyOn(window, 'open').mockReturnValue(null);
    renderRoute('record.detail', '/record/detail?id=7', () => ok(null), <OpenInWindowButton />);
    fireEvent.click(screen.getByRole('link', { name: i18n.t('window.open') }), { ctrlKey: true });
    expect(open).not.toHaveBeenCalled();
  });

  it('is not offered inside a window', () => {
    const route = routeByName('record.detail')!;
    render(
      <MemoryRouter initialEntries={[`/win${'a'.repeat(32)}?route=record.detail&id=7`]}>
        <ViewProvider route={route}>
          <OpenInWindowButton />
        </ViewProvider>
      </MemoryRouter>,
    );
    expect(screen.queryByRole('link', { name: i18n.t('window.open') })).toBeNull();
  });
});
