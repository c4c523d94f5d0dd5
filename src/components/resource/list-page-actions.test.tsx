import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../providers/i18n';
import { bulkKinds } from './bulk-actions';
import { exportBody } from './export-button';
import { bench, mount, pageBodies, part, setUpListPage } from './list-page-bench';

setUpListPage();

describe('bulk actions', () => {
  it('deletes the selected rows after a confirmation naming the count', async () => {
    mount('/fixture-part/list');
    await screen.findByText('Bolt');
    const boxes = screen.getAllByRole('checkbox', { name: '' }).filter((b) => b.closest('tbody'));
    expect(boxes).toHaveLength(2);
    await act(async () => fireEvent.click(boxes[0]!));
    await act(async () => fireEvent.click(boxes[1]!));
    const bar = screen.getByRole('toolbar', { name: 'Selected rows' });
    expect(within(bar).getByText('2 selected')).toBeTruthy();
    expect(within(bar).getByRole('button', { name: /Enable/ })).toBeTruthy();
    expect(within(bar).getByRole('button', { name: /Disable/ })).toBeTruthy();
    const listsBefore = pageBodies().length;

    await act(async () => fireEvent.click(within(bar).getByRole('button', { name: /Delete/ })));
    const confirm = await screen.findByText('Delete 2 selected records?');
    const popup = confirm.closest('.ant-popover') as HTMLElement;
    await act(async () => fireEvent.click(within(popup).getByRole('button', { name: 'Delete' })));

    await waitFor(() =>
      expect(bench.seen.filter((r) => r.url === '/api/manage/v1/fixture-part/delete')).toHaveLength(
        1,
      ),
    );
    expect(bench.seen.find((r) => r.url.endsWith('/delete'))!.body).toEqual({ ids: [1, 2] });
    await waitFor(() =>
      expect(screen.queryByRole('toolbar', { name: 'Selected rows' })).toBeNull(),
    );
    await waitFor(() => expect(pageBodies().length).toBeGreaterThan(listsBefore));
  });

  it('says the count in Chinese too', () => {
    const zh = i18n.getFixedT('zh-CN');
    expect(zh('table.bulk.deleteConfirm', { count: 3 })).toBe('确定删除选中的 3 条记录？');
    expect(i18n.getFixedT('en-US')('table.bulk.deleteConfirm', { count: 3 })).toBe(
      'Delete 3 selected records?',
    );
  });

  it('offers enable / disable only with edit and the endpoint’s roles, delete only with delete', () => {
    const all = () => true;
    expect(bulkKinds(part, all, 'user')).toEqual(['enable', 'disable', 'delete']);
    expect(bulkKinds(part, (a) => a === 'delete', 'user')).toEqual(['delete']);
    expect(bulkKinds(part, (a) => a === 'edit', 'user')).toEqual(['enable', 'disable']);
    const adminOnly = {
      ...part,
      endpoints: { enable: { ...part.endpoints.enable, roles: ['admin'] as const } },
    };
    expect(bulkKinds(adminOnly, all, 'user')).toEqual(['delete']);
    expect(bulkKinds(adminOnly, all, 'admin')).toEqual(['enable', 'delete']);
  });

  it('offers no selection to a role that may neither edit nor delete', async () => {
    bench.granted['fixture-part'] = ['list', 'show'];
    mount('/fixture-part/list');
    await screen.findByText('Bolt');
    expect(screen.queryAllByRole('checkbox').filter((b) => b.closest('tbody'))).toHaveLength(0);
  });
});

describe('export', () => {
  it('posts the current sort, filters and keyword without paging and saves the CSV', async () => {
    const clicked: { href: string; download: string }[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push({ href: this.href, download: this.download });
    });
    Object.assign(URL, {
      createObjectURL: vi.fn(() => 'blob:test/1'),
      revokeObjectURL: vi.fn(),
    });
    const q = [
      'sorters[0][field]=size&sorters[0][order]=desc',
      'filters[0][field]=kind&filters[0][operator]=eq&filters[0][value]=1',
      'filters[1][field]=keyword&filters[1][operator]=eq&filters[1][value]=bo',
    ].join('&');
    mount(`/fixture-part/list?currentPage=2&pageSize=20&${q}`);
    await screen.findByText('Bolt');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Export/ })));
    await waitFor(() => expect(clicked).toHaveLength(1));
    const call = bench.seen.find((r) => r.url === '/api/manage/v1/fixture-part/export')!;
    expect(call.body).toEqual({
      sorters: [{ field: 'size', order: 'desc' }],
      filters: [{ field: 'kind', operator: 'eq', value: 1 }],
      keyword: 'bo',
      format: 'csv',
      // The zone the list shows times in, so the file's times read as the screen's.
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone,
    });
    expect(clicked[0]!.download).toBe('fixture-part.csv');
  });

  it('adds the route’s scope to the body', () => {
    expect(exportBody([], [{ field: 'kind', operator: 'eq', value: 1 }], 'public')).toEqual({
      filters: [{ field: 'kind', operator: 'eq', value: 1 }],
      scope: 'public',
    });
    expect(exportBody([], [], undefined)).toEqual({});
  });
});

describe('row cells and actions', () => {
  const rowOf = async (text: string) => (await screen.findByText(text)).closest('tr')!;

  it('deletes one row after a confirmation naming it, mounted by the first click', async () => {
    mount('/fixture-part/list');
    const row = await rowOf('Bolt');
    // No confirmation is mounted before the click.
    expect(document.querySelector('.ant-popover')).toBeNull();
    await act(async () => fireEvent.click(within(row).getByRole('button', { name: 'Delete' })));
    const confirm = await screen.findByText('Delete “Bolt”? This cannot be undone.');
    const popup = confirm.closest('.ant-popover') as HTMLElement;
    await act(async () => fireEvent.click(within(popup).getByRole('button', { name: 'Delete' })));
    await waitFor(() =>
      expect(bench.seen.filter((r) => r.url === '/api/manage/v1/fixture-part/delete')).toHaveLength(
        1,
      ),
    );
    expect(bench.seen.find((r) => r.url.endsWith('/delete'))!.body).toEqual({ id: 1 });
  });

  it('shows a row button’s tooltip on hover and keeps the focus it had', async () => {
    mount('/fixture-part/list');
    const row = await rowOf('Bolt');
    expect(screen.queryByRole('tooltip')).toBeNull();
    const show = within(row).getByRole('button', { name: 'Show' });
    show.focus();
    await act(async () => fireEvent.pointerEnter(show));
    expect((await screen.findByRole('tooltip')).textContent).toBe('Show');
    // Mounted again inside the tooltip, the button has the focus back.
    const again = within(row).getByRole('button', { name: 'Show' });
    await waitFor(() => expect(document.activeElement).toBe(again));
  });

  it('shows a reference’s label, and its stored value on hover', async () => {
    mount('/fixture-part/list');
    const row = await rowOf('Bolt');
    const label = within(row).getByText('Acme');
    await act(async () => fireEvent.pointerEnter(label));
    expect((await screen.findByRole('tooltip')).textContent).toBe('M1');
  });
});
