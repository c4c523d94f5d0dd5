import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../providers/i18n';
import { envelope } from '../../../test/fake-http';
import { ok, renderRoute, signIn, signOut } from '../../record/testing';
import { FilterBar } from './FilterBar';
import type { StatisticFilters } from './filters';

const FILTERS: StatisticFilters = {
  range: '30d',
  startDate: '2025-01-01',
  endDate: '2025-01-30',
  granularity: 'day',
};

/** The filter bar under a parent that re-renders it on demand, with equal filters each time. */
function Host({ onChange }: { onChange: (next: StatisticFilters) => void }) {
  const [renders, setRenders] = useState(0);
  return (
    <>
      <button type="button" onClick={() => setRenders(renders + 1)}>
        re-render
      </button>
      <FilterBar
        filters={{ ...FILTERS }}
        today="2025-02-15"
        sceneName={undefined}
        onChange={onChange}
      />
    </>
  );
}

const api = (req: { url: string }) =>
  req.url.endsWith('/scene/page') || req.url.endsWith('/model/version/list')
    ? ok({ list: [], total: 0 })
    : { status: 404, body: envelope(40400) };

describe.each(['zh-CN', 'en-US'])('the statistics range (%s)', (locale) => {
  beforeEach(async () => {
    signIn('user');
    await i18n.changeLanguage(locale);
  });
  afterEach(signOut);

  it('"custom" opens the picker, and a re-render between the two dates keeps the first', async () => {
    const onChange = vi.fn<(next: StatisticFilters) => void>();
    renderRoute('scene.statistics', '/scene/statistics', api, <Host onChange={onChange} />);
    const range = screen.getByTestId('statistics-range');
    fireEvent.click(within(range).getByText(i18n.t('statistics.filters.presets.custom')));
    expect(onChange).toHaveBeenLastCalledWith({ ...FILTERS, range: 'custom' });

    const cell = (date: string) =>
      document.querySelector<HTMLElement>(
        `.ant-picker-dropdown td.ant-picker-cell-in-view[title="${date}"]`,
      );
    await waitFor(() => expect(cell('2025-01-10')).not.toBeNull());
    fireEvent.click(cell('2025-01-10')!);
    // An answer arriving re-renders the page with the same filter.
    fireEvent.click(screen.getByRole('button', { name: 're-render' }));
    fireEvent.click(cell('2025-01-20')!);
    await waitFor(() =>
      expect(onChange).toHaveBeenLastCalledWith({
        ...FILTERS,
        range: 'custom',
        startDate: '2025-01-10',
        endDate: '2025-01-20',
      }),
    );
  });
});
