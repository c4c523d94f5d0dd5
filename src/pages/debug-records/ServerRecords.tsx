import { Button, Empty, Table, Tooltip, Typography, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { useActionsFixed } from '../../components/actions-column';
import { formatDateTime } from '../../components/resource/field-format';
import { useRecordPage, type RecordSummary } from './api';
import { cost, milliseconds, SourceTag, StateTag, Tokens } from './cells';
import { PAGE_SIZES, type RecordQuery } from './params';
import { RecordFilters } from './RecordFilters';

/** The server's debug records: one row per model request, newest first. */
export function ServerRecords({
  query,
  onQuery,
  onOpen,
}: {
  query: RecordQuery;
  onQuery(next: RecordQuery): void;
  onOpen(id: number): void;
}) {
  const { t } = useTranslation();
  const { data, loading, refetch } = useRecordPage(query);
  const actionsFixed = useActionsFixed();

  const columns: TableColumnsType<RecordSummary> = [
    {
      title: t('debug.server.fields.createdAt'),
      dataIndex: 'createdAt',
      render: (v: string) => <span className="debug-records__nowrap">{formatDateTime(v)}</span>,
    },
    {
      title: t('debug.server.fields.template'),
      dataIndex: 'templateTitle',
      render: (v: string | null) => (
        <Typography.Text className="debug-records__title" ellipsis={{ tooltip: v }}>
          {v ?? '-'}
        </Typography.Text>
      ),
    },
    { title: t('debug.server.fields.modelVersion'), dataIndex: 'modelVersion' },
    {
      title: t('debug.server.fields.source'),
      dataIndex: 'source',
      render: (v: string) => <SourceTag source={v} />,
    },
    {
      title: t('debug.server.fields.state'),
      dataIndex: 'state',
      render: (v: RecordSummary['state']) => <StateTag state={v} />,
    },
    {
      // The short title keeps the table within a laptop's width; the hint says which is which.
      title: (
        <Tooltip title={t('debug.server.fields.tokens')}>
          <span>{t('debug.server.columns.tokens')}</span>
        </Tooltip>
      ),
      key: 'tokens',
      render: (_, record) => <Tokens record={record} />,
    },
    {
      title: t('debug.server.columns.ttft'),
      dataIndex: 'ttftMs',
      align: 'right',
      render: (v: number | null) => (
        <span className="debug-records__nowrap">
          {v === null ? '-' : t('debug.server.ms', { ms: milliseconds(v) })}
        </span>
      ),
    },
    {
      title: t('debug.server.columns.latency'),
      dataIndex: 'latencyMs',
      align: 'right',
      render: (v: number | null) => (
        <span className="debug-records__nowrap">
          {v === null ? '-' : t('debug.server.ms', { ms: milliseconds(v) })}
        </span>
      ),
    },
    { title: t('debug.server.fields.cost'), dataIndex: 'cost', align: 'right', render: cost },
    { title: t('debug.server.fields.operator'), dataIndex: 'operatorId' },
    {
      title: t('table.actions'),
      key: 'actions',
      fixed: actionsFixed,
      render: (_, record) => (
        <Button
          type="link"
          size="small"
          aria-label={t('debug.server.viewRecord', { id: record.id })}
          data-testid="debug-record-view"
          onClick={(event) => {
            // The row's own click opens the same record; once is enough.
            event.stopPropagation();
            onOpen(record.id);
          }}
        >
          {t('debug.server.view')}
        </Button>
      ),
    },
  ];

  return (
    <>
      <Typography.Paragraph type="secondary">{t('debug.server.hint')}</Typography.Paragraph>
      <RecordFilters
        query={query}
        loading={loading}
        onRefresh={refetch}
        onChange={(filters) => onQuery({ ...filters, current: 1, pageSize: query.pageSize })}
      />
      <Table<RecordSummary>
        rowKey="id"
        size="middle"
        data-testid="debug-record-table"
        loading={loading}
        columns={columns}
        dataSource={data.list}
        scroll={{ x: 'max-content' }}
        rowClassName="debug-records__row"
        onRow={(record) => ({ onClick: () => onOpen(record.id) })}
        locale={{ emptyText: <Empty description={t('debug.server.empty')} /> }}
        pagination={{
          current: query.current,
          pageSize: query.pageSize,
          pageSizeOptions: PAGE_SIZES,
          total: data.total,
          showSizeChanger: true,
          showTotal: (total) => t('debug.server.total', { total }),
          onChange: (current, pageSize) =>
            onQuery({
              ...query,
              current: pageSize === query.pageSize ? current : 1,
              pageSize,
            }),
        }}
      />
    </>
  );
}
