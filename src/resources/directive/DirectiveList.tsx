import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  EditOutlined,
  FileTextOutlined,
  InfoCircleOutlined,
  PlusOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import {
  DndContext,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
  type Announcements,
  type DragEndEvent,
  type UniqueIdentifier,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { useTable } from '@refinedev/antd';
import { useCustomMutation, type BaseRecord, type CrudSort } from '@refinedev/core';
import { Button, Card, Space, Switch, Table, Tag, Tooltip, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { endpointPath } from '../../../contract/api';
import { allFields } from '../../../contract/resource';
import { directive } from '../../../contract/resources/directive';
import { fieldLabel } from '../../components/resource/field-format';
import { typedFilters } from '../../components/resource/filter-values';
import { ListFilters } from '../../components/resource/list-filters';
import { ExceptionPage } from '../../pages/exception/ExceptionPage';
import { feedbackMessage } from '../../providers/feedback';
import { useView } from '../view';
import { DirectiveForm } from './DirectiveForm';
import { inOrder, reorderable, type Id } from './order';
import { DragHandle, DraggableRow, verticalOnly } from './sortable-rows';
import '../../components/resource/resource.css';
import '../../components/resource/list-page.css';
import { DeleteRowButton, useRowDelete } from '../../components/resource/DeleteRowButton';
import './directive.css';
import { Tip } from '../../components/Tip';
import { useDialog } from '../../components/use-dialog';
import { useActionsFixed } from '../../components/actions-column';
import { shownSort, sortableColumn } from '../../components/resource/sort-column';

/** Filters this page has no control for: the keyword covers name and command. */
const NO_CONTROL = new Set(['directiveName', 'command', 'templateId']);

type FormState = { record?: BaseRecord };
/**
 * Directives in the operators' order: drag a row by its handle (or use move up / down) to
 * reorder the page; the new order shows at once and rolls back if the server refuses it.
 */
/** The operators' order: the list's default, the one rows can be dragged in. */
const BY_ORDER: CrudSort = { field: 'sortOrder', order: 'asc' };

export default function DirectiveList() {
  const { t } = useTranslation();
  const removeRow = useRowDelete();
  const { route, can } = useView();
  const form = useDialog<FormState>();
  const [optimistic, setOptimistic] = useState<Id[] | null>(null);
  const [switching, setSwitching] = useState<ReadonlySet<Id>>(new Set());
  const { mutateAsync: call, mutation: calling } = useCustomMutation<{ count: number }>();
  const canEdit = can('edit');
  const canDelete = can('delete');

  const { tableProps, filters, setFilters, sorters, setSorters, tableQuery } = useTable({
    resource: directive.name,
    syncWithLocation: true,
    pagination: { pageSize: 10 },
    sorters: { initial: [BY_ORDER] },
    errorNotification: false,
  });
  const sort = shownSort(sorters, BY_ORDER);

  // Filters read back from the URL are strings; typed again before the first request leaves.
  const typed = typedFilters(filters, allFields(directive));
  if (typed !== filters) setFilters(typed, 'replace');

  const rows = useMemo(
    () => inOrder(tableQuery.isError ? [] : (tableProps.dataSource ?? []), optimistic),
    [tableQuery.isError, tableProps.dataSource, optimistic],
  );
  const ids = rows.map((r) => Number(r.id));
  const nameOf = (id: UniqueIdentifier | undefined) =>
    String(rows.find((r) => Number(r.id) === Number(id))?.directiveName ?? id ?? '');
  const saving = calling.isPending && optimistic !== null;
  const mayReorder = canEdit && reorderable(sorters, filters);
  const moveDisabled = !mayReorder || saving;

  /** Puts the page's rows in `next` order: at once on screen, then on the server. */
  const saveOrder = async (next: Id[]) => {
    setOptimistic(next);
    try {
      await call({
        url: endpointPath(directive, 'reorder'),
        method: 'post',
        values: { ids: next },
        successNotification: false,
        errorNotification: false,
      });
      await tableQuery.refetch();
    } catch {
      void feedbackMessage().warning(t('directive.list.reorderFailed'));
    } finally {
      setOptimistic(null);
    }
  };

  const move = (from: number, to: number) => {
    if (to < 0 || to >= ids.length || from === to) return;
    void saveOrder(arrayMove(ids, from, to));
  };

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(ids.indexOf(Number(active.id)), ids.indexOf(Number(over.id)));
  };

  const setStatus = async (record: BaseRecord, on: boolean) => {
    const id = Number(record.id);
    setSwitching((s) => new Set(s).add(id));
    try {
      await call({
        url: endpointPath(directive, on ? 'enable' : 'disable'),
        method: 'post',
        values: { ids: [id] },
        successNotification: false,
        errorNotification: false,
      });
      await tableQuery.refetch();
    } catch {
      // The interceptor has said why; the switch shows the stored state again.
    } finally {
      setSwitching((s) => {
        const next = new Set(s);
        next.delete(id);
        return next;
      });
    }
  };

  const sensors = useSensors(
    // A few pixels before a drag starts, so a click on the handle stays a click.
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );

  const position = (id: UniqueIdentifier | undefined) => ids.indexOf(Number(id)) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('directive.dnd.picked', { name: nameOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over
        ? t('directive.dnd.over', { name: nameOf(active.id), position: position(over.id) })
        : undefined,
    onDragEnd: ({ active, over }) =>
      over
        ? t('directive.dnd.dropped', { name: nameOf(active.id), position: position(over.id) })
        : t('directive.dnd.cancelled', { name: nameOf(active.id) }),
    onDragCancel: ({ active }) => t('directive.dnd.cancelled', { name: nameOf(active.id) }),
  };

  const label = (name: string) => fieldLabel(t, directive, name);
  const disabledReason = !canEdit ? undefined : t('directive.list.reorderDisabled');

  const actionsFixed = useActionsFixed();
  const columns: ColumnsType<BaseRecord> = [
    {
      key: 'sortOrder',
      dataIndex: 'sortOrder',
      title: label('sortOrder'),
      ...sortableColumn('sortOrder', sort),
      width: 104,
      // The header stays on one line next to the sort arrows in both locales.
      onHeaderCell: () => ({ style: { whiteSpace: 'nowrap' } }),
      render: (_: unknown, record: BaseRecord) => {
        const handle = (
          <DragHandle
            disabled={moveDisabled}
            label={t('directive.list.handle', { name: String(record.directiveName) })}
          />
        );
        return mayReorder ? (
          handle
        ) : (
          <Tooltip title={disabledReason}>
            {/* A disabled button gets no pointer events: the span carries the tooltip. */}
            <span className="directive-list__handle-wrap">{handle}</span>
          </Tooltip>
        );
      },
    },
    {
      key: 'directiveName',
      dataIndex: 'directiveName',
      title: label('directiveName'),
      ...sortableColumn('directiveName', sort),
      width: 160,
      ellipsis: true,
    },
    {
      key: 'command',
      dataIndex: 'command',
      title: label('command'),
      width: 150,
      render: (value: unknown) => <Tag className="directive-command">{String(value)}</Tag>,
    },
    {
      key: 'sceneCode',
      dataIndex: 'sceneCode',
      title: label('sceneName'),
      width: 130,
      ellipsis: true,
      render: (value: unknown, record: BaseRecord) =>
        (record.sceneName as string | null) || (value as string | null) || '-',
    },
    {
      key: 'content',
      dataIndex: 'content',
      title: label('content'),
      width: 260,
      ellipsis: true,
      render: (value: unknown, record: BaseRecord) => {
        if (typeof value === 'string' && value.trim()) {
          return (
            <Typography.Text className="directive-list__content" ellipsis={{ tooltip: value }}>
              {value}
            </Typography.Text>
          );
        }
        if (record.templateId == null) return '-';
        return (
          <Tag icon={<FileTextOutlined />} color="blue">
            {t('directive.list.template', {
              title: (record.templateTitle as string | null) ?? `#${String(record.templateId)}`,
            })}
          </Tag>
        );
      },
    },
    {
      key: 'status',
      dataIndex: 'status',
      title: label('status'),
      width: 100,
      render: (value: unknown, record: BaseRecord) => (
        <Switch
          size="small"
          checked={Number(value) === 1}
          disabled={!canEdit}
          loading={switching.has(Number(record.id))}
          checkedChildren={t('directive.enums.status.1')}
          unCheckedChildren={t('directive.enums.status.0')}
          aria-label={t('directive.list.statusSwitch', { name: String(record.directiveName) })}
          onChange={(on) => void setStatus(record, on)}
        />
      ),
    },
    {
      key: '__actions',
      title: t('table.actions'),
      fixed: actionsFixed,
      width: 150,
      render: (_: unknown, record: BaseRecord) => {
        const index = ids.indexOf(Number(record.id));
        const name = String(record.directiveName);
        return (
          <Space size={4}>
            {canEdit && (
              <>
                <Tip title={mayReorder ? t('directive.list.moveUp') : disabledReason}>
                  <Button
                    size="small"
                    type="text"
                    icon={<ArrowUpOutlined />}
                    aria-label={t('directive.list.moveUpNamed', { name })}
                    disabled={moveDisabled || index <= 0}
                    onClick={() => move(index, index - 1)}
                  />
                </Tip>
                <Tip title={mayReorder ? t('directive.list.moveDown') : disabledReason}>
                  <Button
                    size="small"
                    type="text"
                    icon={<ArrowDownOutlined />}
                    aria-label={t('directive.list.moveDownNamed', { name })}
                    disabled={moveDisabled || index < 0 || index >= ids.length - 1}
                    onClick={() => move(index, index + 1)}
                  />
                </Tip>
                <Tip title={t('buttons.edit')}>
                  <Button
                    size="small"
                    type="text"
                    icon={<EditOutlined />}
                    aria-label={t('buttons.edit')}
                    onClick={() => form.show({ record })}
                  />
                </Tip>
              </>
            )}
            {canDelete && (
              <DeleteRowButton
                resource={directive.name}
                id={record.id!}
                title={name}
                remove={removeRow}
              />
            )}
          </Space>
        );
      },
    },
  ];

  if ((tableQuery.error as { statusCode?: number } | null)?.statusCode === 403) {
    return <ExceptionPage status="403" />;
  }

  return (
    <Card
      title={t(route.locale)}
      extra={
        <Space>
          <Tip title={t('buttons.refresh')}>
            <Button
              icon={<ReloadOutlined />}
              aria-label={t('buttons.refresh')}
              onClick={() => void tableQuery.refetch()}
            />
          </Tip>
          {can('create') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => form.show({})}>
              {t('buttons.create')}
            </Button>
          )}
        </Space>
      }
    >
      <div className="resource-list__toolbar">
        <ListFilters
          def={directive}
          filters={filters}
          setFilters={setFilters}
          hidden={NO_CONTROL}
        />
      </div>
      {canEdit && !mayReorder && (
        // Said in the page, not only in the disabled buttons' tooltips, which neither a keyboard
        // nor a touch reaches; with the way back to the order that can be changed.
        <div className="directive-list__notice" role="status">
          <Typography.Text type="secondary">
            <InfoCircleOutlined aria-hidden /> {t('directive.list.reorderDisabled')}
          </Typography.Text>
          <Button
            type="link"
            size="small"
            onClick={() => {
              setFilters([], 'replace');
              setSorters([{ field: 'sortOrder', order: 'asc' }]);
            }}
          >
            {t('directive.list.showInOrder')}
          </Button>
        </div>
      )}
      <DndContext
        sensors={sensors}
        modifiers={[verticalOnly]}
        onDragEnd={onDragEnd}
        accessibility={{
          announcements,
          screenReaderInstructions: { draggable: t('directive.dnd.instructions') },
        }}
      >
        <SortableContext items={ids} strategy={verticalListSortingStrategy}>
          <Table<BaseRecord>
            {...tableProps}
            className="directive-list"
            dataSource={rows}
            rowKey="id"
            columns={columns}
            components={{ body: { row: DraggableRow } }}
            // Wide enough for every column; narrower screens scroll sideways.
            scroll={{ x: 1040 }}
            locale={{ emptyText: t('table.empty') }}
            pagination={
              tableProps.pagination && {
                ...tableProps.pagination,
                showSizeChanger: true,
                showTotal: (total) => t('table.total', { total }),
              }
            }
          />
        </SortableContext>
      </DndContext>
      {form.state && (
        <DirectiveForm
          key={form.key}
          record={form.state.record}
          open={form.open}
          onClose={form.close}
          afterClose={form.afterClose}
        />
      )}
    </Card>
  );
}
