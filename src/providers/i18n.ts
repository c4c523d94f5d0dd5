import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, FALLBACK_LOCALE, LOCALES, type Locale } from '../../contract/locale';
import { localeMessages } from '../locales';
import { STORAGE_KEYS } from './session';

export const localeResources = {
  'zh-CN': { translation: localeMessages['zh-CN'] },
  'en-US': { translation: localeMessages['en-US'] },
} as const;

export function storedLocale(): Locale {
  try {
    const v = localStorage.getItem(STORAGE_KEYS.locale);
    return (LOCALES as readonly string[]).includes(v ?? '') ? (v as Locale) : DEFAULT_LOCALE;
  } catch {
    return DEFAULT_LOCALE;
  }
}

export function createI18n(locale: Locale = storedLocale()): I18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    resources: localeResources,
    lng: locale,
    fallbackLng: FALLBACK_LOCALE,
    supportedLngs: [...LOCALES],
    interpolation: { escapeValue: false },
    initAsync: false,
    returnNull: false,
    showSupportNotice: false,
  });
  instance.on('languageChanged', (lng) => {
    try {
      localStorage.setItem(STORAGE_KEYS.locale, lng);
    } catch {
      // private mode: the choice lasts for this page only
    }
    if (typeof document !== 'undefined') document.documentElement.lang = lng;
  });
  if (typeof document !== 'undefined') document.documentElement.lang = locale;
  return instance;
}

export const i18n = createI18n();

export function currentLocale(): Locale {
  const l = i18n.language;
  return (LOCALES as readonly string[]).includes(l) ? (l as Locale) : DEFAULT_LOCALE;
}
