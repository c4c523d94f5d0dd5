import { StyleProvider } from '@ant-design/cssinjs';
import { ConfigProvider, message, theme as antdTheme, type ThemeConfig } from 'antd';
// The ES builds: Vite hands over the CommonJS stubs under antd/locale as module objects.
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import { lazy, useEffect, useMemo } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { Lazy } from './layout/Lazy';
import { bindMessage } from './providers/feedback';
import { i18n, loadAllTexts } from './providers/i18n';
import { LOGIN_PATH } from './routes/table';
import { BUTTON_CONFIG } from './providers/antd-buttons';
import { createKeptStyleCache } from './providers/style-cache';
import { applyBodyEffects, deviceFor } from './settings/effects';
import { readableTheme } from './settings/readable-theme';
import { patchSettings, settingsStore } from './settings/store';
import { useStore } from './stores/create-store';

const styleCache = createKeptStyleCache();

const LoginPage = lazy(() => import('./pages/login/LoginPage'));
// The shell (layout, menus, tab bar) is not needed to show the login page, nor are the texts
// of the pages behind it. The access policy (casbin) and those texts are fetched beside the
// shell rather than after it, since the shell waits for all of them: the enforcer's module is
// requested here too, at the same time as the shell's, not once access-control has loaded.
const Shell = lazy(() => {
  void import('./providers/access-enforcer');
  void import('./providers/access-control').then((m) => m.loadPolicy());
  return Promise.all([import('./Shell'), loadAllTexts()]).then(([m]) => ({ default: m.Shell }));
});

/**
 * Puts antd's themed, localized message API behind the feedback bridge. Dialogs and
 * notifications are bound by the shell: the login page needs neither.
 */
function MessageBinder() {
  const [api, holder] = message.useMessage({ maxCount: 3 });
  useEffect(() => bindMessage(api), [api]);
  return holder;
}

/** Settings side effects on the page: body theme and filter, device from the width. */
function SettingsEffects() {
  const settings = useStore(settingsStore);
  useEffect(() => applyBodyEffects(settings), [settings]);
  useEffect(() => {
    const onResize = () => {
      const device = deviceFor(window.innerWidth);
      if (settingsStore.get().device !== device) patchSettings({ device });
    };
    onResize();
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return null;
}

function Providers({ children }: { children: React.ReactNode }) {
  const { i18n: current } = useTranslation();
  const settings = useStore(settingsStore);
  const zh = current.language === 'zh-CN';
  useEffect(() => {
    dayjs.locale(zh ? 'zh-cn' : 'en');
    document.title = current.t('app.title');
  }, [zh, current]);
  const themeConfig = useMemo((): ThemeConfig => {
    const dark = settings.theme === 'dark';
    const readableText = readableTheme(dark, settings.themeColor);
    return {
      algorithm: dark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
      token: { colorPrimary: settings.themeColor, borderRadius: 6, ...readableText.token },
      components: {
        ...readableText.components,
        // In the dark the selected menu entry's primary text on its primary tint measured 2.2:1
        // (rgb 22 82 220 on 21 42 91); white reads on any theme colour's tint.
        ...(dark
          ? { Menu: { itemSelectedColor: '#ffffff', subMenuItemSelectedColor: '#ffffff' } }
          : {}),
      },
    };
  }, [settings.theme, settings.themeColor]);
  return (
    <StyleProvider cache={styleCache}>
      <ConfigProvider locale={zh ? zhCN : enUS} theme={themeConfig} button={BUTTON_CONFIG}>
        <MessageBinder />
        <SettingsEffects />
        {children}
      </ConfigProvider>
    </StyleProvider>
  );
}

export function App() {
  return (
    <I18nextProvider i18n={i18n}>
      <BrowserRouter>
        <Providers>
          <Routes>
            <Route path="/" element={<Navigate to={LOGIN_PATH} replace />} />
            <Route
              path={LOGIN_PATH}
              element={
                <Lazy>
                  <LoginPage />
                </Lazy>
              }
            />
            <Route
              path="*"
              element={
                <Lazy>
                  <Shell />
                </Lazy>
              }
            />
          </Routes>
        </Providers>
      </BrowserRouter>
    </I18nextProvider>
  );
}
