import { Empty, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageHost } from '../../layout/PageHost';
import { routeByName } from '../../routes/table';

/**
 * The per-window detail route (spec §2): a page opened in its own browser window, without the
 * layout. `?route=<route name>` picks the page; the rest of the query is that page's context.
 */
export default function WindowPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const route = routeByName(params.get('route'));
  if (!route || route.external) {
    return (
      <div data-testid="window-empty">
        <Result
          icon={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={false} />}
          title={t('window.empty')}
        />
      </div>
    );
  }
  return (
    <div className="window-page" data-testid="window-page">
      <PageHost route={route} />
    </div>
  );
}
