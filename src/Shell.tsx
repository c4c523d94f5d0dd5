import { Modal, notification } from 'antd';
import { lazy, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation } from 'react-router';
import { roleOfId } from '../contract/identity';
import { AppLayout } from './layout/AppLayout';
import { RefineRoot } from './RefineRoot';
import { Lazy, Loading } from './layout/Lazy';
import { ExceptionPage, exceptionStatusOf } from './pages/exception/ExceptionPage';
import { loadPolicy, usePolicy } from './providers/access-control';
import { authActions, http } from './providers/api';
import { bindModal, bindNotification } from './providers/feedback';
import { refreshRegistry } from './providers/resource-registry';
import { getUserIdCookie, isLoggedIn } from './providers/session';
import { registryStatus, registryStore } from './resources/registry';
import { navigationGuard, permissionGuard, type Target } from './routes/guards';
import { isWindowPath, routeByPath } from './routes/table';
import { fetchServerMenu, serverMenuStatus } from './settings/server-menu';
import { settingsStore } from './settings/store';
import { useStore } from './stores/create-store';
import { roleStore } from './stores/role';

const RedirectPage = lazy(() => import('./pages/redirect/RedirectPage'));
const DebugRecordsPage = lazy(() => import('./pages/debug-records/DebugRecordsPage'));
const WindowPage = lazy(() => import('./pages/window/WindowPage'));

/** Pages inside the layout that are not in the menu's route table. */
function extraPage(path: string) {
  if (path.startsWith('/redirect/')) return <RedirectPage />;
  if (path === '/debug-records') return <DebugRecordsPage />;
  // The exception pages shown in context elsewhere, at their own address too.
  const status = exceptionStatusOf(path);
  if (status) return <ExceptionPage status={status} />;
  return null;
}

function LoggedOutRedirect({ to, logout }: { to: string; logout?: boolean }) {
  useEffect(() => {
    if (logout) authActions.forget();
  }, [logout]);
  return <Navigate to={to} replace />;
}

/** Every path but / and /login: runs the guards of spec §4, then renders the layout. */
export function Shell() {
  return (
    <RefineRoot>
      <FeedbackBinder />
      <GuardedShell />
    </RefineRoot>
  );
}

/** Binds antd's themed dialog and notice APIs for code outside React (see feedback.ts). */
function FeedbackBinder() {
  const [modal, modalHolder] = Modal.useModal();
  const [notice, noticeHolder] = notification.useNotification();
  useEffect(() => bindModal(modal), [modal]);
  useEffect(() => bindNotification(notice), [notice]);
  return (
    <>
      {modalHolder}
      {noticeHolder}
    </>
  );
}

function GuardedShell() {
  const { t } = useTranslation();
  const location = useLocation();
  const settings = useStore(settingsStore);
  const storedRole = useStore(roleStore);
  // When the server menu cannot be fetched the role rules still guard, rather than every page
  // turning into not-found for want of a menu.
  const menuStatus = useStore(serverMenuStatus);
  // Whether the layout has been on screen: from then on a menu fetch must not unmount it (the
  // settings drawer that started the fetch, the kept-alive pages).
  const [layoutShown, setLayoutShown] = useState(false);
  const path = location.pathname;
  const target: Target = { path, search: location.search, route: routeByPath(path) };
  const loggedIn = isLoggedIn();
  const policy = usePolicy();
  // Re-render when declared resources come or go: routeByPath reads the rebuilt route table.
  useStore(registryStore);
  const registry = useStore(registryStatus);
  const registryPending = registry === 'idle' || registry === 'loading';

  const nav = navigationGuard(target, loggedIn);
  // A stored session without a role (older storage, another tab) gets its role from the id.
  const role = storedRole ?? (loggedIn ? roleOfId(getUserIdCookie()) : 'user');
  const guardContext = policy && {
    role,
    policy,
    menuFromServer: settings.menuFromServer && menuStatus !== 'failed',
    serverMenu: settings.serverMenu,
  };
  const decided =
    nav.kind === 'allow' && loggedIn && guardContext ? permissionGuard(target, guardContext) : null;
  // The server menu is wanted but not here. On entry only the progress bar shows until it is.
  // Once the layout is up (the switch was turned on in the drawer), the page on screen stays,
  // guarded by the role rules, until the menu arrives; so does it when a server answered an
  // empty menu, rather than waiting for ever.
  const menuWanted = decided?.kind === 'fetchMenu';
  const perm =
    menuWanted && guardContext && (layoutShown || menuStatus === 'loaded')
      ? permissionGuard(target, { ...guardContext, menuFromServer: false })
      : decided;

  useEffect(() => {
    if (loggedIn) void loadPolicy();
  }, [loggedIn]);

  useEffect(() => {
    // At login and on start with a session: the declared resources join the built-ins.
    if (loggedIn) void refreshRegistry(http);
  }, [loggedIn]);

  useEffect(() => {
    // A refreshed server menu may name resources declared since: the registry follows (an
    // unchanged stamp rebuilds nothing). The first load is the effect above's.
    if (loggedIn && settings.serverMenu.length > 0 && registryStatus.get() === 'ready') {
      void refreshRegistry(http);
    }
  }, [loggedIn, settings.serverMenu]);

  useEffect(() => {
    // After a reload the navbar and profile need the account's detail, not only login-config.
    if (loggedIn) void authActions.restoreUser();
  }, [loggedIn]);

  useEffect(() => {
    if (loggedIn && !storedRole) roleStore.set(role);
  }, [loggedIn, storedRole, role]);

  useEffect(() => {
    // The switch may have started this fetch already; fetchServerMenu then shares it.
    if (menuWanted && menuStatus !== 'loaded') void fetchServerMenu(http, t);
  }, [menuWanted, menuStatus, t]);

  const showsLayout =
    nav.kind !== 'redirect' &&
    !isWindowPath(path) &&
    perm?.kind !== 'redirect' &&
    perm?.kind !== 'fetchMenu' &&
    !(loggedIn && (!policy || registryPending));
  // Set while rendering (React's pattern for state derived from earlier renders).
  if (showsLayout && !layoutShown) setLayoutShown(true);

  if (nav.kind === 'redirect') return <LoggedOutRedirect to={nav.to} logout={nav.logout} />;
  if (isWindowPath(path)) {
    // The window judges its page by role and policy, and may show a declared resource's page:
    // both must be here first, as for the layout below.
    if (loggedIn && (!policy || registryPending)) return <Loading />;
    return (
      <Lazy>
        <WindowPage loggedIn={loggedIn} role={role} />
      </Lazy>
    );
  }
  if (perm?.kind === 'redirect') return <Navigate to={perm.to} replace />;
  // Until the policy and the declared resources are here nothing can be offered or refused
  // (a declared resource's page would be not-found): the progress bar shows.
  if (loggedIn && (!policy || registryPending)) return <Loading />;
  // While the server menu loads, only the progress bar shows (no spinner, spec §2).
  if (perm?.kind === 'fetchMenu') return <Loading />;
  const extra = target.route ? null : extraPage(path);
  if (perm?.kind === 'notFound' || (!target.route && !extra)) {
    return (
      <AppLayout>
        <ExceptionPage status="404" />
      </AppLayout>
    );
  }
  return target.route ? (
    <AppLayout route={target.route} />
  ) : (
    <AppLayout>
      <Lazy>{extra}</Lazy>
    </AppLayout>
  );
}
