import { SettingOutlined } from '@ant-design/icons';
import { Drawer, FloatButton, Layout } from 'antd';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { RouteNode } from '../../contract/menu';
import { usePolicy } from '../providers/access-control';
import { registryStore } from '../resources/registry';
import { progressDone, progressStart } from '../routes/progress';
import { emitRouteChange } from '../routes/route-listener';
import { ROUTE_TREE, routeTreeOf, siblingOf } from '../routes/table';
import { settingsStore, patchSettings } from '../settings/store';
import { useStore } from '../stores/create-store';
import { roleStore } from '../stores/role';
import { Breadcrumb } from './breadcrumb/Breadcrumb';
import { KeepAlivePages } from './KeepAlivePages';
import { visibleMenu } from './menu-model';
import { Navbar } from './Navbar';
import { SettingsDrawer } from './settings/SettingsDrawer';
import { SideMenu } from './SideMenu';
import { TabBar } from './tab-bar/TabBar';
import { scrollFor } from './tab-bar/scroll';
import { trackRoutes } from './track-route';
import './layout.css';

const COLLAPSED_WIDTH = 48;

function groupOf(route: RouteNode | undefined): RouteNode | undefined {
  return route ? ROUTE_TREE.find((g) => g.children?.some((c) => c.name === route.name)) : undefined;
}

/** The menu entry to highlight: a hidden page (a detail) lights up the list it belongs to. */
function menuKeyFor(route: RouteNode | undefined): string | null {
  if (!route) return null;
  if (!route.hidden) return route.name;
  return siblingOf(route, 'list')?.name ?? route.name;
}

/**
 * The frame around every logged-in page: navbar, menu, tab bar, breadcrumb, footer and the
 * settings drawer. `route` is the matched route (already through the guards); `children`
 * replaces the page for routes outside the table (not-found, redirect, debug records).
 */
export function AppLayout({ route, children }: { route?: RouteNode; children?: ReactNode }) {
  const { t } = useTranslation();
  const location = useLocation();
  const settings = useStore(settingsStore);
  const role = useStore(roleStore) ?? 'user';
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [mobileMenuOpen, setMobileMenuOpen] = useState(false);
  const policy = usePolicy();
  // The route tree follows the declared resources (routes/table.ts rebuilds it on a change).
  const registry = useStore(registryStore);
  // The server's menu once it is here; until then, and when it could not be fetched, the
  // role's own menu, so the sider is never left empty.
  const fromServer = settings.menuFromServer && settings.serverMenu.length > 0;
  const menu = useMemo(
    () =>
      policy
        ? visibleMenu(
            role,
            policy,
            fromServer,
            settings.serverMenu,
            routeTreeOf(registry.resources),
          )
        : [],
    [role, policy, fromServer, settings.serverMenu, registry],
  );

  useEffect(() => trackRoutes(), []);
  useEffect(() => {
    emitRouteChange({
      name: route?.name ?? null,
      path: location.pathname,
      search: location.search,
      fullPath: `${location.pathname}${location.search}`,
    });
    // Scroll resets to the top on navigation, under a thin progress bar (spec §2).
    // Coming back to a kept-alive tab through the tab bar returns to where the user was.
    window.scrollTo?.(0, scrollFor(route?.name, location.state));
    progressStart();
    const timer = setTimeout(progressDone, 150);
    return () => {
      clearTimeout(timer);
      progressDone();
    };
  }, [route?.name, location.pathname, location.search, location.state]);

  const mobile = settings.device === 'mobile';
  const showSider = settings.menu && !settings.hideMenu && !settings.topMenu && !mobile;
  const activeName = route?.name ?? null;
  const menuName = menuKeyFor(route);
  const sideMenu = (collapsed: boolean, onNavigate?: () => void) => (
    <SideMenu menu={menu} activeName={menuName} collapsed={collapsed} onNavigate={onNavigate} />
  );

  return (
    <Layout className={settings.navbar ? 'app-layout app-layout--navbar' : 'app-layout'}>
      {settings.navbar && (
        <Navbar
          onOpenSettings={() => setSettingsOpen(true)}
          onOpenMenu={mobile && settings.menu ? () => setMobileMenuOpen(true) : undefined}
        />
      )}
      {settings.topMenu && settings.menu && !mobile && (
        <div className="app-layout__top-menu">
          <SideMenu menu={menu} activeName={menuName} collapsed={false} mode="horizontal" />
        </div>
      )}
      <Layout hasSider={showSider}>
        {showSider && (
          <Layout.Sider
            className="app-layout__sider"
            theme={settings.theme}
            collapsible
            collapsed={settings.menuCollapse}
            collapsedWidth={COLLAPSED_WIDTH}
            width={settings.menuWidth}
            onCollapse={(c) => patchSettings({ menuCollapse: c })}
            data-testid="sider"
          >
            {sideMenu(settings.menuCollapse)}
          </Layout.Sider>
        )}
        {mobile && (
          <Drawer
            placement="left"
            open={mobileMenuOpen}
            onClose={() => setMobileMenuOpen(false)}
            width={settings.menuWidth}
            styles={{ body: { padding: 0 } }}
            title={t('app.title')}
          >
            {sideMenu(false, () => setMobileMenuOpen(false))}
          </Drawer>
        )}
        <Layout className="app-layout__main">
          {settings.tabBar && <TabBar activeName={activeName} />}
          <Layout.Content className="app-layout__content">
            {route && <Breadcrumb groupLocale={groupOf(route)?.locale} />}
            {route ? (
              <KeepAlivePages route={route} location={location} cache={settings.tabBar} />
            ) : (
              children
            )}
          </Layout.Content>
          {settings.footer && (
            <Layout.Footer className="app-layout__footer">{t('app.footer')}</Layout.Footer>
          )}
        </Layout>
      </Layout>
      {!settings.navbar && (
        <FloatButton
          icon={<SettingOutlined />}
          tooltip={t('settings.open')}
          onClick={() => setSettingsOpen(true)}
          data-testid="settings-float"
        />
      )}
      <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
    </Layout>
  );
}
