import { Card, Empty, List, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatCount } from '../../components/charts/format';
import { useStatistic } from '../../resources/scene/statistics/api';
import { sceneLabel, topByCalls } from '../../resources/scene/statistics/rows';
import { PanelSkeleton } from '../../components/PanelSkeleton';
import { TOP_DAYS, TOP_SCENES, workplaceQueries } from './figures';

/** The busiest scenes of the last 7 days, by calls, each leading to its statistics. */
export function TopScenes({ today, statistics }: { today: string; statistics?: string }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const answer = useStatistic('sceneList', workplaceQueries(today).top);
  const top = answer.data ? topByCalls(answer.data.list, TOP_SCENES) : [];
  const most = top[0]?.calls ?? 0;
  return (
    <Card
      size="small"
      title={t('workplace.top.title', { days: TOP_DAYS })}
      data-testid="workplace-top"
      extra={statistics && <Link to={`${statistics}?range=7d`}>{t('workplace.trend.more')}</Link>}
    >
      {!answer.data ? (
        answer.error ? (
          <Empty description={t('workplace.failed')} />
        ) : (
          <PanelSkeleton height={280} />
        )
      ) : top.length === 0 ? (
        <Empty description={t('workplace.top.empty')} />
      ) : (
        <List
          size="small"
          split={false}
          dataSource={top}
          renderItem={(row, i) => (
            <List.Item className="workplace-top__item" data-testid="workplace-top-item">
              <div className="workplace-top__row">
                <span className="workplace-top__rank">{i + 1}</span>
                {statistics ? (
                  <Link
                    to={`${statistics}?range=7d&scene=${encodeURIComponent(row.sceneCode)}`}
                    className="workplace-top__name"
                  >
                    {sceneLabel(row)}
                  </Link>
                ) : (
                  <Typography.Text className="workplace-top__name">
                    {sceneLabel(row)}
                  </Typography.Text>
                )}
                <Typography.Text data-testid="workplace-top-calls">
                  {formatCount(row.calls, locale)}
                </Typography.Text>
              </div>
              <Progress
                percent={most ? (row.calls / most) * 100 : 0}
                showInfo={false}
                size="small"
                className="workplace-top__bar"
              />
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
