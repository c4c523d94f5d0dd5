import {
  DeleteOutlined,
  EditOutlined,
  EyeOutlined,
  PlusOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import { useTable } from '@refinedev/antd';
import { useDelete, type BaseRecord, type CrudFilter } from '@refinedev/core';
import { Button, Card, Input, Popconfirm, Select, Space, Table, Tooltip } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { allFields, type FieldDef } from '../../../contract/resource';
import { KEYWORD_FIELD } from '../../providers/data';
import { useView } from '../../resources/view';
import { enumLabel, fieldLabel, renderValue, type FieldRenderers } from './field-format';
import { ExceptionPage } from '../../pages/exception/ExceptionPage';
import { ResourceFormModal } from './ResourceFormModal';
import './resource.css';

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
}

type FormState = { mode: 'create' } | { mode: 'edit'; record: BaseRecord } | null;

/**
 * The generic list page: columns, sort, filters, keyword, paging in the URL, CRUD actions. The
 * route (from the view context) gives the resource, its row scope, title and sibling pages; a
 * button shows only when the one access answer says this role may use it.
 */
export function ResourceListPage({
  renderers,
  toolbar,
  permanentFilters,
  rowActions,
  title,
  extraColumns,
  hideFilters,
}: ResourceListPageProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [formState, setFormState] = useState<FormState>(null);
  const { mutate: remove } = useDelete();
  const { def, route, pageOf, can, siblingOf } = useView();
  const { scope, preset } = route;
  const detailPath = pageOf('show')?.path;
  const createPage = pageOf('create');
  // With create pages of their own, the list offers create only through one this role opens.
  const canCreate = siblingOf('create') ? !!createPage : can('create');
  const canEdit = can('edit');
  const canDelete = can('delete');

  const { tableProps, filters, setFilters, tableQuery } = useTable({
    resource: def.name,
    meta: scope ? { scope } : undefined,
    syncWithLocation: true,
    pagination: { pageSize: 10 },
    sorters: def.defaultSort ? { initial: [def.defaultSort] } : undefined,
    filters: permanentFilters ? { permanent: permanentFilters } : undefined,
    errorNotification: false,
  });

  const filterValue = (field: string) =>
    (filters.find((f) => 'field' in f && f.field === field) as { value?: unknown } | undefined)
      ?.value;
  const setFilter = (field: string, operator: CrudFilter['operator'], value: unknown) =>
    setFilters([{ field, operator, value } as CrudFilter], 'merge');

  const fields = allFields(def);
  const columns: ColumnsType<BaseRecord> = fields
    .filter((f) => f.list)
    .map((f: FieldDef) => ({
      key: f.name,
      dataIndex: f.name,
      title: fieldLabel(t, def, f.name),
      sorter: f.sortable ? { multiple: 1 } : undefined,
      ellipsis: f.type !== 'text',
      width: f.name === 'id' ? 80 : undefined,
      render: (value: unknown) => renderers?.[f.name]?.(value) ?? renderValue(t, def, f, value),
    }));
  if (extraColumns) columns.push(...extraColumns);
  columns.push({
    key: '__actions',
    title: t('table.actions'),
    fixed: 'right',
    width: 150,
    render: (_: unknown, record: BaseRecord) => (
      <Space size={4}>
        {rowActions?.(record)}
        {detailPath && (
          <Tooltip title={t('buttons.show')}>
            <Button
              size="small"
              type="text"
              icon={<EyeOutlined />}
              aria-label={t('buttons.show')}
              onClick={() => navigate(`${detailPath}?id=${String(record.id)}`)}
            />
          </Tooltip>
        )}
        {canEdit && (
          <Tooltip title={t('buttons.edit')}>
            <Button
              size="small"
              type="text"
              icon={<EditOutlined />}
              aria-label={t('buttons.edit')}
              onClick={() => setFormState({ mode: 'edit', record })}
            />
          </Tooltip>
        )}
        {canDelete && (
          <Popconfirm
            title={t('form.deleteConfirm', {
              title: String(record[def.titleField ?? 'id'] ?? record.id),
            })}
            okText={t('buttons.delete')}
            cancelText={t('buttons.cancel')}
            okButtonProps={{ danger: true }}
            onConfirm={() =>
              remove({ resource: def.name, id: record.id!, successNotification: false })
            }
          >
            <Button
              size="small"
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('buttons.delete')}
            />
          </Popconfirm>
        )}
      </Space>
    ),
  });

  if ((tableQuery.error as { statusCode?: number } | null)?.statusCode === 403) {
    return <ExceptionPage status="403" />;
  }

  const enumFilters = fields.filter(
    (f) =>
      f.filter &&
      f.type === 'enum' &&
      !(f.name in (preset ?? {})) &&
      !hideFilters?.includes(f.name),
  );
  const hasKeyword = fields.some((f) => f.search);

  return (
    <Card
      title={title ?? t(route.locale)}
      extra={
        <Space>
          <Tooltip title={t('buttons.refresh')}>
            <Button
              icon={<ReloadOutlined />}
              aria-label={t('buttons.refresh')}
              onClick={() => void tableQuery.refetch()}
            />
          </Tooltip>
          {canCreate && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() =>
                createPage ? navigate(createPage.path) : setFormState({ mode: 'create' })
              }
            >
              {t('buttons.create')}
            </Button>
          )}
        </Space>
      }
    >
      <Space wrap className="resource-list__toolbar">
        {toolbar}
        {hasKeyword && (
          <Input.Search
            allowClear
            placeholder={t('table.keyword')}
            defaultValue={(filterValue(KEYWORD_FIELD) as string | undefined) ?? ''}
            onSearch={(v) => setFilter(KEYWORD_FIELD, 'eq', v.trim())}
            style={{ width: 260 }}
            aria-label={t('table.keyword')}
          />
        )}
        {enumFilters.map((f) => (
          <Select
            key={f.name}
            allowClear
            style={{ minWidth: 160 }}
            placeholder={fieldLabel(t, def, f.name)}
            aria-label={fieldLabel(t, def, f.name)}
            value={filterValue(f.name) as string | number | undefined}
            onChange={(v) => setFilter(f.name, 'eq', v)}
            options={(f.options ?? []).map((o) => ({
              value: o,
              label: enumLabel(t, def, f.name, o),
            }))}
          />
        ))}
      </Space>
      <Table<BaseRecord>
        {...tableProps}
        // A failed query leaves an empty list, not the last page's rows (spec §4, §8).
        dataSource={tableQuery.isError ? [] : tableProps.dataSource}
        rowKey="id"
        columns={columns}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('table.empty') }}
        pagination={
          tableProps.pagination && {
            ...tableProps.pagination,
            showSizeChanger: true,
            showTotal: (total) => t('table.total', { total }),
          }
        }
      />
      {formState && (
        <ResourceFormModal
          def={def}
          open
          mode={formState.mode}
          preset={formState.mode === 'create' ? preset : undefined}
          scope={formState.mode === 'create' ? scope : undefined}
          record={formState.mode === 'edit' ? formState.record : undefined}
          onClose={() => setFormState(null)}
        />
      )}
    </Card>
  );
}
