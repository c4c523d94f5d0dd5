import { createAuthActions } from './auth';
import { recordCalls } from './debug-log';
import { apiBaseUrl } from './config';
import { feedbackMessage, feedbackModal } from './feedback';
import { createHttp } from './http';
import { currentLocale, i18n } from './i18n';
import { FALLBACK_USER_ID, getToken, getUserIdCookie } from './session';

/** The console's one http client and auth actions, wired to the page. */
export const http = createHttp({
  baseURL: apiBaseUrl(),
  getToken,
  getUserId: getUserIdCookie,
  fallbackUserId: FALLBACK_USER_ID,
  getLocale: currentLocale,
  toastError(text, seconds) {
    void feedbackMessage().error({
      content: text === 'Request Error' ? i18n.t('http.requestError') : text,
      duration: seconds,
    });
  },
  dismissToasts() {
    feedbackMessage().destroy();
  },
  confirmLogout(onRelogin, onClose) {
    feedbackModal().confirm({
      title: i18n.t('logoutDialog.title'),
      content: i18n.t('logoutDialog.content'),
      okText: i18n.t('logoutDialog.ok'),
      cancelText: i18n.t('logoutDialog.cancel'),
      onOk: onRelogin,
      afterClose: onClose,
    });
  },
  logout: () => authActions.logout(),
  reload: () => window.location.reload(),
});

recordCalls(http);

export const authActions = createAuthActions(http);
