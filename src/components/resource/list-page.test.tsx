import { Refine } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { useEffect } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Policy } from '../../../contract/access/decide';
import { flattenRoutes, routesFor, type RouteNode } from '../../../contract/menu';
import { allFields, defineResource } from '../../../contract/resource';
import { policyStore } from '../../providers/access-control';
import { http } from '../../providers/api';
import { createDataProvider } from '../../providers/data';
import { i18n } from '../../providers/i18n';
import { ViewProvider } from '../../resources/view';
import { roleStore } from '../../stores/role';
import { envelope, installFakeServer, type SeenRequest } from '../../test/fake-http';
import { bulkKinds } from './bulk-actions';
import { columnsStorageKey } from './column-settings';
import { exportBody } from './export-button';
import { rangeFilters } from './list-filters';
import {
  columnWidth,
  listColumnFields,
  ResourceListPage,
  type ResourceListPageProps,
} from './ResourceListPage';
import { prompt } from '../../../contract/resources/prompt';
import { modelEvaluate } from '../../../contract/resources/model-evaluate';
import { promptCall } from '../../../contract/resources/prompt-call';
import { record } from '../../../contract/resources/record';

/** The target of the part's reference: its rows fill the maker pick list. */
const maker = defineResource({
  name: 'fixture-maker',
  prefix: 'fixture-maker',
  permissions: { user: ['list'] },
  fields: [
    { name: 'makerCode', type: 'string', required: true, list: true, unique: true },
    { name: 'makerName', type: 'string', required: true, list: true },
  ],
});

/** A resource with every kind of filter and cell the generic list serves. */
const part = defineResource({
  name: 'fixture-part',
  prefix: 'fixture-part',
  permissions: { user: ['list', 'show', 'create', 'edit', 'delete'] },
  titleField: 'partName',
  fields: [
    { name: 'partName', type: 'string', required: true, list: true, search: true, sortable: true },
    { name: 'kind', type: 'enum', options: [1, 2], default: 1, list: true, filter: 'eq' },
    { name: 'size', type: 'integer', nullable: true, list: true, filter: 'eq', sortable: true },
    { name: 'madeAt', type: 'datetime', nullable: true, list: true, filter: 'range' },
    {
      name: 'makerCode',
      type: 'reference',
      reference: { resource: 'fixture-maker', key: 'makerCode', label: 'makerName', as: 'maker' },
      nullable: true,
      list: true,
      filter: 'eq',
    },
    { name: 'labels', type: 'tags', nullable: true, list: true },
    { name: 'spec', type: 'json', nullable: true, list: true },
    { name: 'homepage', type: 'url', nullable: true, list: true },
    {
      name: 'grade',
      type: 'string',
      nullable: true,
      filter: 'eq',
      optionsFrom: { path: 'fixture-grade/list', value: 'code', label: 'name' },
    },
  ],
  endpoints: {
    enable: { path: 'enable', action: 'edit', summary: 'Enable parts' },
    disable: { path: 'disable', action: 'edit', summary: 'Disable parts' },
  },
});

const ROUTES = flattenRoutes(routesFor([part, maker]));
const LIST = ROUTES.find((r) => r.name === 'fixture-part.list') as RouteNode;
const PAGE = '/api/manage/v1/fixture-part/page';

let granted: Record<string, readonly string[]>;
const policy: Policy = (role, resource, action) =>
  role === 'user' && (granted[resource] ?? []).includes(action);

i18n.addResourceBundle(
  'en-US',
  'translation',
  {
    'fixture-part': {
      menu: { title: 'Parts', list: 'Part list' },
      fields: {
        id: 'ID',
        partName: 'Part name',
        kind: 'Kind',
        size: 'Size',
        madeAt: 'Made at',
        makerCode: 'Maker',
        labels: 'Labels',
        spec: 'Spec',
        homepage: 'Homepage',
        grade: 'Grade',
      },
      enums: { kind: { 1: 'Small', 2: 'Large' } },
    },
  },
  true,
  true,
);

const ROWS = [
  {
    id: 1,
    version: 1,
    partName: 'Bolt',
    kind: 1,
    size: 3,
    madeAt: '2024-01-02T03:04:05.000Z',
    makerCode: 'M1',
    maker: 'Acme',
    labels: ['steel', 'small'],
    spec: { thread: 'M3', lengths: [10, 20] },
    homepage: 'https://example.com/bolt',
  },
  {
    id: 2,
    version: 1,
    partName: 'Nut',
    kind: 2,
    size: null,
    madeAt: null,
    makerCode: null,
    maker: null,
    labels: [],
    spec: null,
    homepage: null,
  },
];

let seen: SeenRequest[];
let location: string;

function LocationSpy() {
  const l = useLocation();
  useEffect(() => {
    location = `${l.pathname}${l.search}`;
  }, [l]);
  return null;
}

function mount(path: string, props: ResourceListPageProps = {}) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <Refine
        dataProvider={createDataProvider(http)}
        routerProvider={routerProvider}
        resources={[
          { name: part.name, list: LIST.path },
          // A scoped view of the target: its pick list must not inherit the scope.
          { name: maker.name, identifier: 'fixture-maker:mine', meta: { scope: 'mine' } },
        ]}
        options={{ disableTelemetry: true }}
      >
        <Routes>
          <Route
            path={LIST.path}
            element={
              <ViewProvider route={LIST} def={part} routes={ROUTES}>
                <ResourceListPage {...props} />
                <LocationSpy />
              </ViewProvider>
            }
          />
        </Routes>
      </Refine>
    </MemoryRouter>,
  );
}

const pageBodies = () =>
  seen.filter((r) => r.url === PAGE).map((r) => r.body as Record<string, unknown>);
const lastPageBody = () => pageBodies().at(-1)!;
/** Filters in field order: refine puts the newest first, the server does not care. */
const byField = (filters: unknown) =>
  [...(filters as { field: string }[])].sort((a, b) => a.field.localeCompare(b.field));

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
  granted = {
    'fixture-part': ['list', 'show', 'create', 'edit', 'delete'],
    'fixture-maker': ['list'],
  };
  policyStore.set(() => policy);
  roleStore.set('user');
  location = '';
  seen = installFakeServer(http, (req) => {
    if (req.url === PAGE) return { body: envelope(0, { list: ROWS, total: ROWS.length }) };
    if (req.url.endsWith('/fixture-maker/page')) {
      return {
        body: envelope(0, {
          list: [
            { id: 7, makerCode: 'M1', makerName: 'Acme' },
            { id: 8, makerCode: 'M2', makerName: 'Globex' },
          ],
          total: 2,
        }),
      };
    }
    if (req.url.endsWith('/fixture-part/delete')) {
      return { body: envelope(0, { ids: (req.body as { ids: number[] }).ids }) };
    }
    if (req.url.endsWith('/fixture-part/enable')) return { body: envelope(0, { count: 1 }) };
    if (req.url.endsWith('/fixture-grade/list')) {
      return {
        body: envelope(0, {
          list: [
            { code: 'g-a', name: 'Grade A' },
            { code: 'g-b', name: 'Grade B' },
          ],
          total: 2,
        }),
      };
    }
    if (req.url.endsWith('/fixture-part/export')) {
      return { body: new TextEncoder().encode('\uFEFFID,Part name\n1,Bolt\n').buffer };
    }
    return { status: 404, body: envelope(40400, null, 'no route') };
  });
});
afterEach(() => {
  policyStore.set(null);
  roleStore.set(null);
  vi.restoreAllMocks();
});

/** Opens an antd Select and picks the option with this text. */
async function pick(select: HTMLElement, option: string) {
  fireEvent.mouseDown(select);
  const item = await waitFor(() => {
    const found = [...document.querySelectorAll<HTMLElement>('.ant-select-item-option')].find(
      (el) => el.textContent === option,
    );
    if (!found) throw new Error(`no option ${option}`);
    return found;
  });
  await act(async () => fireEvent.click(item));
}

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
    await waitFor(() => expect(location).toContain('makerCode'));
    const url = location;
    first.unmount();

    seen.length = 0;
    mount(url);
    await screen.findByText('Bolt');
    expect(byField(pageBodies()[0]!.filters)).toEqual(expected);
    // The pick list of the reference came from the target's first 100 rows.
    const makers = seen.find((r) => r.url.endsWith('/fixture-maker/page'));
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
    expect(seen.some((r) => r.url.endsWith('/api/manage/v1/fixture-grade/list'))).toBe(true);
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
    expect(location).not.toContain('madeAt');
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
    expect(location).not.toContain('kind');
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
      expect(seen.filter((r) => r.url === '/api/manage/v1/fixture-part/delete')).toHaveLength(1),
    );
    expect(seen.find((r) => r.url.endsWith('/delete'))!.body).toEqual({ ids: [1, 2] });
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
    granted['fixture-part'] = ['list', 'show'];
    mount('/fixture-part/list');
    await screen.findByText('Bolt');
    expect(screen.queryAllByRole('checkbox').filter((b) => b.closest('tbody'))).toHaveLength(0);
  });
});

describe('column order', () => {
  it("puts the system times after the title, in spec §2's order", () => {
    const names = (def: Parameters<typeof listColumnFields>[0]) =>
      listColumnFields(def).map((f) => f.name);
    expect(names(prompt)).toEqual([
      'id',
      'title',
      'createdAt',
      'sceneCode',
      'type',
      'status',
      'reviewState',
    ]);
    expect(names(record)).toEqual([
      'id',
      'chatId',
      'title',
      'createdAt',
      'modifiedAt',
      'sceneCode',
      'type',
      'tag',
      'messageCount',
    ]);
    // Whether an evaluation is done shows beside its name, its progress as the state's bar.
    expect(names(modelEvaluate).slice(0, 5)).toEqual([
      'id',
      'evaluateName',
      'createdAt',
      'state',
      'corpusId',
    ]);
    expect(names(modelEvaluate)).not.toContain('progress');
  });
});

describe('column widths', () => {
  it('bounds a long text to two lines of a fixed width; other columns fit their content', () => {
    const width = (name: string) =>
      columnWidth(allFields(promptCall).find((f) => f.name === name)!);
    expect(width('question')).toBe(280);
    expect(width('answer')).toBe(280);
    expect(width('id')).toBe(80);
    expect(width('title')).toBeUndefined();
    expect(width('callTime')).toBeUndefined();
  });
});

describe('sorting', () => {
  const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(name) });

  it('shows the sort the URL holds on its column header', async () => {
    mount('/fixture-part/list?sorters[0][field]=size&sorters[0][order]=desc');
    await screen.findByText('Bolt');
    expect(header('Size').getAttribute('aria-sort')).toBe('descending');
    expect(header('Part name').getAttribute('aria-sort')).toBeNull();
    expect(lastPageBody().sorters).toEqual([{ field: 'size', order: 'desc' }]);
  });

  it('sorts by one column at a time: a click replaces the sort, a second turns it round', async () => {
    mount('/fixture-part/list?sorters[0][field]=size&sorters[0][order]=desc');
    await screen.findByText('Bolt');
    await act(async () => fireEvent.click(header('Part name')));
    await waitFor(() =>
      expect(lastPageBody().sorters).toEqual([{ field: 'partName', order: 'asc' }]),
    );
    expect(header('Part name').getAttribute('aria-sort')).toBe('ascending');
    expect(header('Size').getAttribute('aria-sort')).toBeNull();
    await act(async () => fireEvent.click(header('Part name')));
    await waitFor(() =>
      expect(lastPageBody().sorters).toEqual([{ field: 'partName', order: 'desc' }]),
    );
    // Never "unsorted": a third click goes back to ascending.
    await act(async () => fireEvent.click(header('Part name')));
    await waitFor(() =>
      expect(lastPageBody().sorters).toEqual([{ field: 'partName', order: 'asc' }]),
    );
    expect(decodeURIComponent(location)).not.toContain('sorters[1]');
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
    const call = seen.find((r) => r.url === '/api/manage/v1/fixture-part/export')!;
    expect(call.body).toEqual({
      sorters: [{ field: 'size', order: 'desc' }],
      filters: [{ field: 'kind', operator: 'eq', value: 1 }],
      keyword: 'bo',
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

describe('paging past the numbered pages (issue 12)', () => {
  /** A list of about two million rows: cursors name the page they lead to. */
  beforeEach(() => {
    seen = installFakeServer(http, (req) => {
      if (req.url !== PAGE) return { status: 404, body: envelope(40400, null, 'no route') };
      const body = req.body as { cursor?: string; current: number; exactTotal?: boolean };
      const at = body.cursor ? Number(body.cursor.split('-')[1]) : body.current;
      return {
        body: envelope(0, {
          list: ROWS,
          total: body.exactTotal ? 2_000_123 : 2_000_000,
          totalExact: body.exactTotal === true,
          nextCursor: `n-${at + 1}`,
          prevCursor: at > 1 ? `p-${at - 1}` : null,
        }),
      };
    });
  });

  it('shows an estimate as one, and counts exactly on demand', async () => {
    mount('/fixture-part/list');
    await screen.findByText('about 2M');
    fireEvent.click(screen.getByRole('button', { name: 'Count exactly' }));
    await screen.findByText('2000123 in total');
    expect(lastPageBody()).toMatchObject({ exactTotal: true });
    // The numbered pager ends where offsets end: 10 000 rows at 10 a page.
    expect(document.querySelector('.ant-pagination')?.textContent).toContain('/1000');
  });

  it('goes on by cursor from the last numbered page, back, and to page 1, through the URL', async () => {
    /** Clicks a pager button once the page before it has arrived (it is disabled meanwhile). */
    const press = async (name: RegExp) => {
      const button = await screen.findByRole('button', { name });
      await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(false));
      fireEvent.click(button);
    };
    const view = mount('/fixture-part/list?currentPage=1000&pageSize=10');
    await waitFor(() => expect(lastPageBody()).toMatchObject({ current: 1000 }));
    await press(/Next/);
    await screen.findByText('Page 1001');
    await waitFor(() => expect(lastPageBody()).toMatchObject({ cursor: 'n-1001' }));
    expect(location).toContain('cursorPage=1001');

    await press(/Next/);
    await screen.findByText('Page 1002');
    await waitFor(() => expect(lastPageBody()).toMatchObject({ cursor: 'n-1002' }));

    // A reload shows the same page from the URL.
    view.unmount();
    const before = pageBodies().length;
    mount(location);
    await screen.findByText('Page 1002');
    await waitFor(() => expect(pageBodies().slice(before)[0]).toMatchObject({ cursor: 'n-1002' }));

    await press(/Previous/);
    await screen.findByText('Page 1001');
    await waitFor(() => expect(lastPageBody()).toMatchObject({ cursor: 'p-1001' }));
    // One page back is a numbered page again, by offset.
    await press(/Previous/);
    await waitFor(() => expect(screen.queryByText('Page 1001')).toBeNull());
    await waitFor(() => expect(lastPageBody().cursor).toBeUndefined());
    expect(lastPageBody()).toMatchObject({ current: 1000 });

    await press(/Next/);
    await screen.findByText('Page 1001');
    await press(/First page/);
    await waitFor(() => expect(lastPageBody()).toMatchObject({ current: 1 }));
    expect(lastPageBody().cursor).toBeUndefined();
    expect(screen.queryByText('Page 1001')).toBeNull();
  });

  it('ignores a cursor taken for another sort or filter', async () => {
    mount('/fixture-part/list?currentPage=1000&pageSize=10&cursor=n-1005&cursorPage=1005&listOf=x');
    await waitFor(() => expect(lastPageBody()).toMatchObject({ current: 1000 }));
    expect(lastPageBody().cursor).toBeUndefined();
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
      expect(seen.filter((r) => r.url === '/api/manage/v1/fixture-part/delete')).toHaveLength(1),
    );
    expect(seen.find((r) => r.url.endsWith('/delete'))!.body).toEqual({ id: 1 });
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
