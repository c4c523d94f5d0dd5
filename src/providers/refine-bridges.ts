import type { I18nProvider, NotificationProvider } from '@refinedev/core';
import type { i18n as I18n } from 'i18next';
import { feedbackMessage } from './feedback';

/** refine's translate/changeLocale/getLocale over our i18next instance. */
export function createI18nProvider(i18n: I18n): I18nProvider {
  return {
    translate: (key: string, options?: unknown, defaultMessage?: string) =>
      i18n.t(key, {
        ...(typeof options === 'object' && options !== null ? options : {}),
        defaultValue: defaultMessage ?? key,
      }) as string,
    changeLocale: (lang: string) => i18n.changeLanguage(lang),
    getLocale: () => i18n.language,
  };
}

/**
 * refine's notices. Errors are dropped: every failed call already raised the interceptor's
 * 5-second toast (spec §8), and a second notice for the same failure is noise.
 */
export const notificationProvider: NotificationProvider = {
  open({ type, message, description, key }) {
    if (type === 'error') return;
    void feedbackMessage().open({
      key,
      type: type === 'progress' ? 'loading' : 'success',
      content: description ? `${message}: ${description}` : message,
    });
  },
  close(key) {
    feedbackMessage().destroy(key);
  },
};
