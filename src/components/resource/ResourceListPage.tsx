import { EditOutlined, EyeOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTable } from '@refinedev/antd';
import { type BaseKey, type BaseRecord, type CrudFilter, type CrudSort } from '@refinedev/core';
import { Button, Card, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table/interface';
import type { TFunction } from 'i18next';
import { useState, type Key, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { allFields, type FieldDef, type ResourceDef } from '../../../contract/resource';
import { ExceptionPage } from '../../pages/exception/ExceptionPage';
import { useView } from '../../resources/view';
import { useStore } from '../../stores/create-store';
import { roleStore } from '../../stores/role';
import { BulkBar, bulkKinds } from './bulk-actions';
import { ColumnSettings, useHiddenColumns } from './column-settings';
import { ExportButton } from './export-button';
import { servedByName } from '../../resources/registry';
import { shownSort, sortableColumn } from './sort-column';
import { fieldLabel, renderValue, type FieldRenderers } from './field-format';
import { typedFilters } from './filter-values';
import { ListFilters } from './list-filters';
import { CursorPager, TotalText, useListPaging } from './list-paging';
import { ResourceFormModal } from './ResourceFormModal';
import { HoverTip } from './cells';
import { DeleteRowButton, useRowDelete } from './DeleteRowButton';
import './resource.css';
import './list-page.css';
import { Tip } from '../Tip';
import { useDialog } from '../use-dialog';
import { useActionsFixed } from '../actions-column';

export interface ResourceListPageProps {
  /** Per-field cell renderers replacing the generic one. */
  renderers?: FieldRenderers;
  /** Extra controls at the start of the filter toolbar, for filters only one resource has. */
  toolbar?: ReactNode;
  /** Filters always sent (refine `filters.permanent`), for pages showing a fixed slice; no control. */
  permanentFilters?: CrudFilter[];
  /** Extra buttons in a row's actions column, for calls only one resource has. */
  rowActions?: (record: BaseRecord) => ReactNode;
  /** Replaces the card title (the route's label), for pages that name their slice. */
  title?: ReactNode;
  /** Columns appended before the actions column, for values the declaration does not list. */
  extraColumns?: ColumnsType<BaseRecord>;
  /** Field names whose filter controls are hidden, because the page filters them otherwise. */
  hideFilters?: string[];
  /**
   * false: rows offer no edit dialog, because the resource is edited on its detail page (a
   * template's variables and versions do not fit the generic form).
   */
  inlineEdit?: boolean;
  /** Opens the page's own create form instead of the generic one (evaluations). */
  onCreate?: () => void;
}

type FormState = { mode: 'create' } | { mode: 'edit'; record: BaseRecord };

/**
 * The fields a list shows, in order. The system times follow the title, where spec §2's template
 * list places its createdAt (id, title, createdAt, …), and at the end without a listed title.
 */
export function listColumnFields(def: ResourceDef): FieldDef[] {
  const isTime = (f: FieldDef) => f.name === 'createdAt' || f.name === 'updatedAt';
  const listed = allFields(def).filter((f) => f.list);
  const times = listed.filter(isTime);
  const rest = listed.filter((f) => !isTime(f));
  const title = rest.findIndex((f) => f.name === def.titleField);
  const at = title < 0 ? rest.length : title + 1;
  return [...rest.slice(0, at), ...times, ...rest.slice(at)];
}

/**
 * A column's width where its content would decide badly. A long text (a question, an answer) is
 * clamped to two lines, but in a table as wide as its content a clamp without a width is one
 * line as long as the text: one answer pushed the call list's time, scene and rating out of a
 * 1,440 px window.
 */
export function columnWidth(f: FieldDef): number | undefined {
  if (f.name === 'id') return 80;
  if (f.type === 'text') return TEXT_COLUMN_WIDTH;
  return undefined;
}

/** About twenty Chinese characters or forty Latin ones per line. */
const TEXT_COLUMN_WIDTH = 280;

/** The declared list columns, each rendered by the page's renderer or the generic one. */
function fieldColumns(
  t: TFunction,
  def: ResourceDef,
  renderers: FieldRenderers | undefined,
  sort: CrudSort | undefined,
): ColumnsType<BaseRecord> {
  return listColumnFields(def).map((f) => ({
    key: f.name,
    dataIndex: f.name,
    title: fieldLabel(t, def, f.name),
    ...(f.sortable ? sortableColumn(f.name, sort) : {}),
    ellipsis: f.type !== 'text' && (f.type as string) !== 'tags',
    width: columnWidth(f),
    render: (value: unknown, record: BaseRecord) =>
      renderers?.[f.name]?.(value, record) ?? renderValue(t, def, f, value, record),
  }));
}

/**
 * The generic list page: columns, sort, filters, keyword, paging in the URL, CRUD actions, bulk
 * actions, column choice and CSV export. The route (from the view context) gives the resource,
 * its row scope, title and sibling pages; a button shows only when the one access answer says
 * this role may use it.
 */
export function ResourceListPage({
  renderers,
  toolbar,
  permanentFilters,
  rowActions,
  title,
  extraColumns,
  hideFilters,
  inlineEdit = true,
  onCreate,
}: ResourceListPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useDialog<FormState>();
  const { def, route, pageOf, can, siblingOf } = useView();
  const { scope, preset } = route;
  const detailPath = pageOf('show')?.path;
  const createPage = pageOf('create');
  // With create pages of their own, the list offers create only through one this role opens.
  const canCreate = siblingOf('create') ? !!createPage : can('create');
  const canEdit = can('edit') && inlineEdit;
  const canDelete = can('delete');
  const removeRow = useRowDelete();
  const role = useStore(roleStore);
  // A resource served by a REST service has refine's json-server calls only: no export,
  // no bulk calls (those are the console API's).
  const external = servedByName(def.name)?.source === 'rest';
  const bulk = external ? [] : bulkKinds(def, can, role);
  const { hidden: hiddenColumns, setHidden: setHiddenColumns } = useHiddenColumns(route.name);

  // refine's numbered page and size, read before useTable so the cursor can go in its meta.
  const [urlParams] = useSearchParams();
  const paging = useListPaging(
    Number(urlParams.get('currentPage') ?? 1),
    Number(urlParams.get('pageSize') ?? 10),
  );
  const meta = { ...(scope ? { scope } : {}), ...paging.meta };
  const {
    tableProps,
    filters,
    setFilters,
    sorters,
    currentPage,
    setCurrentPage,
    pageSize,
    tableQuery,
  } = useTable({
    resource: def.name,
    meta: Object.keys(meta).length ? meta : undefined,
    syncWithLocation: true,
    pagination: { pageSize: 10 },
    sorters: def.defaultSort ? { initial: [def.defaultSort] } : undefined,
    filters: permanentFilters ? { permanent: permanentFilters } : undefined,
    errorNotification: false,
  });

  // Filters read back from the URL are strings; the server checks filter values by type. They
  // are typed again before the first request leaves (a state update during render re-renders
  // before anything is committed or fetched).
  const typed = typedFilters(filters, allFields(def));
  if (typed !== filters) setFilters(typed, 'replace');

  const answer = tableQuery.data;
  const nextCursor = (answer?.nextCursor as string | null | undefined) ?? null;
  const prevCursor = (answer?.prevCursor as string | null | undefined) ?? null;
  const numberedPages = paging.numberedPages;
  const cursorPage = paging.cursorPage;
  const total = (
    <TotalText
      total={answer?.total ?? 0}
      exact={answer?.totalExact !== false}
      counting={paging.exactTotal && tableQuery.isFetching}
      onCount={paging.askExact}
    />
  );

  // A selection belongs to the rows on screen: another page, sort or filter starts afresh.
  const selectionOf = JSON.stringify([currentPage, cursorPage, pageSize, sorters, filters]);
  const [selection, setSelection] = useState<{ of: string; keys: BaseKey[] }>({
    of: selectionOf,
    keys: [],
  });
  const selected = selection.of === selectionOf ? selection.keys : [];
  const clearSelection = () => setSelection({ of: selectionOf, keys: [] });

  const actionsFixed = useActionsFixed();
  const columns = fieldColumns(t, def, renderers, shownSort(sorters, def.defaultSort));
  if (extraColumns) columns.push(...extraColumns);
  const choosable = columns
    .filter((c): c is typeof c & { key: string } => typeof c.key === 'string')
    .map((c) => ({ key: c.key, title: c.title as ReactNode }));
  const shownColumns = columns.filter(
    (c) => typeof c.key !== 'string' || !hiddenColumns.has(c.key),
  );
  shownColumns.push({
    key: '__actions',
    title: t('table.actions'),
    fixed: actionsFixed,
    width: 150,
    render: (_: unknown, record: BaseRecord) => (
      <span className="row-actions">
        {rowActions?.(record)}
        {detailPath && (
          <HoverTip title={t('buttons.show')}>
            <Button
              size="small"
              type="text"
              icon={<EyeOutlined />}
              aria-label={t('buttons.show')}
              onClick={() => navigate(`${detailPath}?id=${String(record.id)}`)}
            />
          </HoverTip>
        )}
        {canEdit && (
          <HoverTip title={t('buttons.edit')}>
            <Button
              size="small"
              type="text"
              icon={<EditOutlined />}
              aria-label={t('buttons.edit')}
              onClick={() => form.show({ mode: 'edit', record })}
            />
          </HoverTip>
        )}
        {canDelete && (
          <DeleteRowButton
            resource={def.name}
            id={record.id!}
            title={String(record[def.titleField ?? 'id'] ?? record.id)}
            remove={removeRow}
          />
        )}
      </span>
    ),
  });

  if ((tableQuery.error as { statusCode?: number } | null)?.statusCode === 403) {
    return <ExceptionPage status="403" />;
  }

  // Fields the route fixes, the page filters permanently or hides get no control.
  const noControl = new Set<string>([
    ...Object.keys(preset ?? {}),
    ...(hideFilters ?? []),
    ...(permanentFilters ?? []).flatMap((f) => ('field' in f ? [f.field] : [])),
  ]);

  return (
    <Card
      title={title ?? t(route.locale)}
      extra={
        <Space>
          <Tip title={t('buttons.refresh')}>
            <Button
              icon={<ReloadOutlined />}
              aria-label={t('buttons.refresh')}
              onClick={() => void tableQuery.refetch()}
            />
          </Tip>
          <ColumnSettings columns={choosable} hidden={hiddenColumns} onChange={setHiddenColumns} />
          {can('list') && !external && (
            <ExportButton def={def} sorters={sorters} filters={filters} scope={scope} />
          )}
          {canCreate && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() =>
                onCreate
                  ? onCreate()
                  : createPage
                    ? navigate(createPage.path)
                    : form.show({ mode: 'create' })
              }
            >
              {t('buttons.create')}
            </Button>
          )}
        </Space>
      }
    >
      <div className="resource-list__toolbar">
        <ListFilters
          def={def}
          filters={filters}
          setFilters={setFilters}
          hidden={noControl}
          toolbar={toolbar}
          within={{ scope, filters: permanentFilters }}
        />
      </div>
      {bulk.length > 0 && (
        <BulkBar def={def} kinds={bulk} selected={selected} onDone={clearSelection} />
      )}
      <Table<BaseRecord>
        {...tableProps}
        // A failed query leaves an empty list, not the last page's rows (spec §4, §8).
        dataSource={tableQuery.isError ? [] : tableProps.dataSource}
        rowKey="id"
        columns={shownColumns}
        rowSelection={
          bulk.length
            ? {
                selectedRowKeys: selected as Key[],
                onChange: (keys) => setSelection({ of: selectionOf, keys: keys as BaseKey[] }),
              }
            : undefined
        }
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('table.empty') }}
        pagination={
          cursorPage === undefined &&
          tableProps.pagination && {
            ...tableProps.pagination,
            // Page numbers reach as far as offsets may; the rest of the list goes on by cursor.
            total: Math.min(tableProps.pagination.total ?? 0, numberedPages * pageSize),
            showSizeChanger: true,
            showTotal: () => total,
          }
        }
      />
      {(cursorPage !== undefined || (currentPage === numberedPages && nextCursor)) && (
        <CursorPager
          page={cursorPage ?? currentPage}
          numberedPages={numberedPages}
          nextCursor={nextCursor}
          prevCursor={prevCursor}
          loading={tableQuery.isFetching}
          total={total}
          onNext={paging.toCursor}
          onPrev={paging.toCursor}
          onNumbered={(page) => paging.toNumbered(page, setCurrentPage)}
        />
      )}
      {form.state && (
        <ResourceFormModal
          key={form.key}
          def={def}
          open={form.open}
          mode={form.state.mode}
          preset={form.state.mode === 'create' ? preset : undefined}
          scope={form.state.mode === 'create' ? scope : undefined}
          record={form.state.mode === 'edit' ? form.state.record : undefined}
          onClose={form.close}
          afterClose={form.afterClose}
        />
      )}
    </Card>
  );
}
