import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { columnsStorageKey } from './column-settings';
import { rangeFilters } from './list-filters';
import {
  bench,
  byField,
  lastPageBody,
  mount,
  pageBodies,
  pick,
  setUpListPage,
} from './list-page-bench';

setUpListPage();

describe('list filters', () => {
  it('applies filters from the URL to the request, typed, and shows them in the controls', async () => {
    const q = [
      'currentPage=1&pageSize=10',
      'filters[0][field]=size&filters[0][operator]=eq&filters[0][value]=3',
      'filters[1][field]=kind&filters[1][operator]=eq&filters[1][value]=2',
      'filters[2][field]=keyword&filters[2][operator]=eq&filters[2][value]=bolt',
    ].join('&');
    mount(`/fixture-part/list?${q}`);
    await screen.findByText('Bolt');
    // Every page request carries the typed filters: no "3" string ever reaches the server.
    expect(pageBodies().length).toBeGreaterThan(0);
    for (const body of pageBodies()) {
      expect(body).toMatchObject({
        current: 1,
        pageSize: 10,
        keyword: 'bolt',
        filters: [
          { field: 'size', operator: 'eq', value: 3 },
          { field: 'kind', operator: 'eq', value: 2 },
        ],
      });
    }
    expect((screen.getByRole('spinbutton', { name: 'Size' }) as HTMLInputElement).value).toBe('3');
    expect(
      (screen.getByRole('searchbox', { name: 'Search by keyword' }) as HTMLInputElement).value,
    ).toBe('bolt');
    const kind = screen.getByRole('combobox', { name: 'Kind' }).closest('.ant-select')!;
    expect(within(kind as HTMLElement).getByText('Large')).toBeTruthy();
  });

  it('round-trips filters set in the controls through the URL of a reload', async () => {
    const first = mount('/fixture-part/list');
    await screen.findByText('Bolt');
    const size = screen.getByRole('spinbutton', { name: 'Size' });
    fireEvent.change(size, { target: { value: '5' } });
    await act(async () => fireEvent.keyDown(size, { key: 'Enter', code: 'Enter', keyCode: 13 }));
    await pick(screen.getByRole('combobox', { name: 'Maker' }), 'Globex');
    const expected = [
      { field: 'makerCode', operator: 'eq', value: 'M2' },
      { field: 'size', operator: 'eq', value: 5 },
    ];
    await waitFor(() => expect(byField(lastPageBody().filters)).toEqual(expected));
    await waitFor(() => expect(bench.location).toContain('makerCode'));
    const url = bench.location;
    first.unmount();

    bench.seen.length = 0;
    mount(url);
    await screen.findByText('Bolt');
    expect(byField(pageBodies()[0]!.filters)).toEqual(expected);
    // The pick list of the reference came from the target's first 100 rows.
    const makers = bench.seen.find((r) => r.url.endsWith('/fixture-maker/page'));
    expect(makers?.body).toEqual({ current: 1, pageSize: 100 });
    await waitFor(() => expect(screen.getByText('Globex')).toBeTruthy());
  });

  it('offers the values a list call answers for an optionsFrom filter (model versions)', async () => {
    mount('/fixture-part/list');
    await screen.findByText('Bolt');
    await pick(screen.getByRole('combobox', { name: 'Grade' }), 'Grade B');
    await waitFor(() =>
      expect(lastPageBody().filters).toEqual([{ field: 'grade', operator: 'eq', value: 'g-b' }]),
    );
    expect(bench.seen.some((r) => r.url.endsWith('/api/manage/v1/fixture-grade/list'))).toBe(true);
  });

  it('a datetime range filter sends gte and lte on the same field, and reset clears all', async () => {
    const from = dayjs('2024-03-01');
    const to = dayjs('2024-03-31');
    expect(rangeFilters('madeAt', [from, to])).toEqual([
      { field: 'madeAt', operator: 'gte', value: from.startOf('day').toISOString() },
      { field: 'madeAt', operator: 'lte', value: to.endOf('day').toISOString() },
    ]);
    const q = [
      `filters[0][field]=madeAt&filters[0][operator]=gte&filters[0][value]=${from.toISOString()}`,
      `filters[1][field]=madeAt&filters[1][operator]=lte&filters[1][value]=${to.toISOString()}`,
    ].join('&');
    mount(`/fixture-part/list?${q}`);
    await screen.findByText('Bolt');
    expect(pageBodies()[0]!.filters).toEqual([
      { field: 'madeAt', operator: 'gte', value: from.toISOString() },
      { field: 'madeAt', operator: 'lte', value: to.toISOString() },
    ]);
    expect((screen.getByPlaceholderText('Made at from') as HTMLInputElement).value).toBe(
      '2024-03-01',
    );
    expect((screen.getByPlaceholderText('Made at to') as HTMLInputElement).value).toBe(
      '2024-03-31',
    );

    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Reset filters/ })));
    await waitFor(() => expect(lastPageBody().filters).toBeUndefined());
    expect((screen.getByPlaceholderText('Made at from') as HTMLInputElement).value).toBe('');
    expect(bench.location).not.toContain('madeAt');
  });

  it('fields the route, the permanent filters or hideFilters fix get no control', async () => {
    mount('/fixture-part/list', {
      permanentFilters: [{ field: 'kind', operator: 'eq', value: 1 }],
      hideFilters: ['size'],
      toolbar: <span>Own control</span>,
    });
    await screen.findByText('Bolt');
    expect(screen.getByText('Own control')).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Kind' })).toBeNull();
    expect(screen.queryByRole('spinbutton', { name: 'Size' })).toBeNull();
    expect(screen.getByRole('combobox', { name: 'Maker' })).toBeTruthy();
    expect(lastPageBody().filters).toEqual([{ field: 'kind', operator: 'eq', value: 1 }]);
    // Permanent filters stay out of the URL and survive a reset.
    expect(bench.location).not.toContain('kind');
  });
});

describe('list cells and columns', () => {
  it('renders references, tags, json and urls', async () => {
    mount('/fixture-part/list');
    await screen.findByText('Bolt');
    expect(screen.getByText('Acme')).toBeTruthy();
    expect(screen.getByText('steel').closest('.ant-tag')).toBeTruthy();
    expect(screen.getByText('{"thread":"M3","lengths":[10,20]}')).toBeTruthy();
    const link = screen.getByRole('link', { name: 'https://example.com/bolt' });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it('hides a column chosen in the settings, and still after a remount', async () => {
    const first = mount('/fixture-part/list');
    await screen.findByText('Bolt');
    expect(screen.getAllByRole('columnheader', { name: /Size/ }).length).toBeGreaterThan(0);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Columns' })));
    const group = await screen.findByRole('group', { name: 'Columns' });
    await act(async () => fireEvent.click(within(group).getByRole('checkbox', { name: 'Size' })));
    await waitFor(() => expect(screen.queryByRole('columnheader', { name: /Size/ })).toBeNull());
    expect(JSON.parse(localStorage.getItem(columnsStorageKey('fixture-part.list'))!)).toEqual([
      'size',
    ]);
    first.unmount();

    mount('/fixture-part/list');
    await screen.findByText('Bolt');
    expect(screen.queryByRole('columnheader', { name: /Size/ })).toBeNull();
    expect(screen.getAllByRole('columnheader', { name: /Part name/ }).length).toBeGreaterThan(0);
  });
});
