import { Button, Card, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../components/resource/field-format';
import { debugRecords, type DebugRecord } from '../../providers/debug-log';
import { useStore } from '../../stores/create-store';

/** The last API calls of this tab, for operators reporting a problem. */
export default function DebugRecordsPage() {
  const { t } = useTranslation();
  const records = useStore(debugRecords);
  return (
    <Card
      title={t('debug.title')}
      extra={<Button onClick={() => debugRecords.set([])}>{t('buttons.clear')}</Button>}
    >
      <Table<DebugRecord>
        rowKey="id"
        size="small"
        dataSource={records}
        locale={{ emptyText: t('table.empty') }}
        pagination={{ pageSize: 20 }}
        columns={[
          {
            key: 'at',
            dataIndex: 'at',
            title: t('debug.at'),
            render: (v: string) => formatDateTime(v),
          },
          { key: 'method', dataIndex: 'method', title: t('debug.method') },
          { key: 'url', dataIndex: 'url', title: t('debug.url') },
          { key: 'status', dataIndex: 'status', title: t('debug.status') },
          {
            key: 'code',
            dataIndex: 'code',
            title: t('debug.code'),
            render: (v: number | null) =>
              v === null ? (
                '-'
              ) : (
                <Tag color={v === 0 || v === 20000 ? 'success' : 'error'}>{v}</Tag>
              ),
          },
          { key: 'ms', dataIndex: 'ms', title: t('debug.ms') },
        ]}
      />
    </Card>
  );
}
