import { Button, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../components/resource/field-format';
import { debugRecords, type DebugRecord } from '../../providers/debug-log';
import { useStore } from '../../stores/create-store';

/** The last API calls of this tab, for operators reporting a problem. */
export function BrowserCalls() {
  const { t } = useTranslation();
  const records = useStore(debugRecords);
  return (
    <>
      <Space className="debug-records__browser-bar" wrap>
        <Typography.Text type="secondary">{t('debug.browserHint')}</Typography.Text>
        <Button onClick={() => debugRecords.set([])} data-testid="debug-browser-clear">
          {t('buttons.clear')}
        </Button>
      </Space>
      <Table<DebugRecord>
        rowKey="id"
        size="small"
        data-testid="debug-browser-table"
        dataSource={records}
        scroll={{ x: 'max-content' }}
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
    </>
  );
}
