import { useList } from '@refinedev/core';
import { Card, Empty, List, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatLongDateTime } from '../../providers/dates';
import { PanelSkeleton } from '../../components/PanelSkeleton';
import { RECENT_SESSIONS } from './figures';

interface RecordRow {
  id: number;
  chatId: string;
  title: string | null;
  sceneName?: string | null;
  sceneCode?: string | null;
  modifiedAt: string;
}

/** The latest chat sessions (record/page, newest first), each leading to its transcript. */
export function RecentSessions({ records, detail }: { records: string; detail?: string }) {
  const { t, i18n } = useTranslation();
  const { result, query } = useList<RecordRow>({
    resource: 'record',
    pagination: { currentPage: 1, pageSize: RECENT_SESSIONS },
    errorNotification: false,
  });
  const rows = result.data ?? [];
  return (
    <Card
      size="small"
      title={t('workplace.recent.title')}
      data-testid="workplace-recent"
      extra={<Link to={records}>{t('workplace.recent.more')}</Link>}
    >
      {query.isLoading ? (
        <PanelSkeleton height={304} />
      ) : rows.length === 0 ? (
        <Empty description={query.isError ? t('workplace.failed') : t('workplace.recent.empty')} />
      ) : (
        <List
          size="small"
          dataSource={rows}
          renderItem={(row) => {
            const title = row.title || row.chatId;
            return (
              <List.Item data-testid="workplace-recent-item">
                <Space direction="vertical" size={0} className="workplace-recent__text">
                  {detail ? (
                    <Link to={`${detail}?id=${row.id}`} className="workplace-recent__title">
                      {title}
                    </Link>
                  ) : (
                    <Typography.Text>{title}</Typography.Text>
                  )}
                  <Typography.Text type="secondary" className="workplace-recent__meta">
                    {[
                      row.sceneName ?? row.sceneCode,
                      formatLongDateTime(row.modifiedAt, i18n.language),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </Typography.Text>
                </Space>
              </List.Item>
            );
          }}
        />
      )}
    </Card>
  );
}
