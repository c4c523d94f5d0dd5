import { LoginOutlined } from '@ant-design/icons';
import { Button, Empty, Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { mayOpen } from '../../../contract/access/decide';
import type { Role } from '../../../contract/resource';
import { PageHost } from '../../layout/PageHost';
import { usePolicy } from '../../providers/access-control';
import { routeByName } from '../../routes/table';
import { ExceptionPage } from '../exception/ExceptionPage';
import { windowLoginHref } from './window-link';

/**
 * The per-window detail route (spec §2): a page opened in its own browser window, without the
 * layout. `?route=<route name>` picks the page; the rest of the query is that page's context.
 * The route itself is open to anyone (spec §4), the page in it is not: logged out, the window
 * asks for a login and comes back; logged in, the page is judged as in the layout (role and
 * policy), so a window never shows what its menu would not.
 */
export default function WindowPage({ loggedIn, role }: { loggedIn: boolean; role: Role }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const policy = usePolicy();
  const named = params.get('route');
  // Logged out, declared resources are not known yet: any named page is worth a login.
  if (!loggedIn && named) {
    return (
      <div data-testid="window-login">
        <Result
          status="info"
          title={t('window.loginTitle')}
          subTitle={t('window.loginDetail')}
          extra={
            <Button
              type="primary"
              icon={<LoginOutlined aria-hidden />}
              onClick={() => navigate(windowLoginHref(location.pathname, location.search))}
            >
              {t('window.login')}
            </Button>
          }
        />
      </div>
    );
  }
  const route = routeByName(named);
  if (!route || route.external || !loggedIn) {
    return (
      <div data-testid="window-empty">
        <Result
          icon={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={false} />}
          title={t('window.empty')}
        />
      </div>
    );
  }
  if (!policy || !mayOpen(policy, role, route)) return <ExceptionPage status="403" />;
  return (
    <div className="window-page" data-testid="window-page">
      <PageHost route={route} />
    </div>
  );
}
