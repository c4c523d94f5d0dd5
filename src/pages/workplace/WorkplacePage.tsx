import { Card, Skeleton, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../components/charts/format';
import { todayIn } from '../../resources/scene/statistics/filters';
import { useStore } from '../../stores/create-store';
import { userStore } from '../../stores/user';
import './workplace.css';
import { preloadCharts } from '../../components/charts/Chart';

// Its charts' library loads with the page's code, alongside the page's answers.
preloadCharts();

// Everyone lands here: the greeting shows at once, the panels (and their calls) follow.
const WorkplacePanels = lazy(() => import('./WorkplacePanels'));

/**
 * The landing page (spec §2 /dashboard/workplace): a greeting, then the platform's figures,
 * trend, busiest scenes, latest sessions and shortcuts (WorkplacePanels).
 */
export default function WorkplacePage() {
  const { t, i18n } = useTranslation();
  const user = useStore(userStore);
  // Days are the platform's (statistics count in its zone), so "today" is too.
  const today = todayIn();
  return (
    <div className="workplace" data-testid="workplace">
      <Card className="workplace__welcome">
        <Typography.Title level={4} className="workplace__title">
          {t('workplace.welcome', { name: user.name || user.userName || '' })}
        </Typography.Title>
        <Typography.Text type="secondary">{t('workplace.intro')}</Typography.Text>
        <Typography.Text type="secondary" className="workplace__today">
          {t('workplace.today', { date: formatDate(today, i18n.language) })}
        </Typography.Text>
      </Card>
      <Suspense fallback={<Skeleton active paragraph={{ rows: 8 }} />}>
        <WorkplacePanels today={today} />
      </Suspense>
    </div>
  );
}
