import { useList } from '@refinedev/core';
import { Card, Col, Empty, Progress, Row, Statistic, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { SCENE_TYPES } from '../../../contract/resources/scene';

function useTypeCount(type: number) {
  const { result, query } = useList({
    resource: 'scene',
    pagination: { currentPage: 1, pageSize: 1 },
    filters: [{ field: 'type', operator: 'eq', value: type }],
    errorNotification: false,
  });
  return { type, total: result?.total ?? 0, loading: query.isLoading };
}

/** Scene statistics: how the scenes split by mode. Usage series arrive with the statistic API. */
export default function StatisticsPage() {
  const { t } = useTranslation();
  const counts = [useTypeCount(SCENE_TYPES[0]), useTypeCount(SCENE_TYPES[1])];
  const sum = counts.reduce((a, c) => a + c.total, 0);
  return (
    <Card title={t('scene.menu.statistics')}>
      {sum === 0 && !counts.some((c) => c.loading) ? (
        <Empty description={t('table.empty')} />
      ) : (
        <Row gutter={[24, 24]}>
          {counts.map((c) => (
            <Col xs={24} md={12} key={c.type}>
              <Statistic
                title={t(`scene.enums.type.${c.type}`)}
                value={c.total}
                loading={c.loading}
              />
              <Progress percent={sum ? Math.round((c.total / sum) * 100) : 0} />
            </Col>
          ))}
          <Col span={24}>
            <Typography.Text type="secondary">{t('statistics.note')}</Typography.Text>
          </Col>
        </Row>
      )}
    </Card>
  );
}
