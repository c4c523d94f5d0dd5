import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, FALLBACK_LOCALE, LOCALES, type Locale } from '../../contract/locale';
import { coreMessages } from '../locales/core';
import { STORAGE_KEYS } from './session';

/**
 * What the login page needs; the rest arrives with loadAllTexts. Copies: i18next adds later
 * bundles into the object it was given, which must not change the module's own.
 */
export const localeResources = {
  'zh-CN': { translation: { ...coreMessages['zh-CN'] } },
  'en-US': { translation: { ...coreMessages['en-US'] } },
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
  memoizeResolveHierarchy(instance);
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

/**
 * i18next recomputes a language's lookup order on every t() call, most of t()'s cost, and a
 * list page calls t() thousands of times per render. The order never changes after init: keep it.
 */
function memoizeResolveHierarchy(instance: I18n): void {
  const utils = instance.services.languageUtils as {
    toResolveHierarchy(code: string, fallbackCode?: unknown): readonly string[];
  };
  const resolve = utils.toResolveHierarchy.bind(utils);
  const known = new Map<string, readonly string[]>();
  utils.toResolveHierarchy = (code, fallbackCode) => {
    if (fallbackCode !== undefined || typeof code !== 'string') return resolve(code, fallbackCode);
    let order = known.get(code);
    if (!order) known.set(code, (order = resolve(code)));
    // A copy: callers own the array they are given.
    return [...order];
  };
}

export const i18n = createI18n();

const loadedInto = new WeakMap<I18n, Promise<void>>();

/**
 * Adds every namespace beyond the core ones (src/locales/rest.ts, its own chunk) to an
 * instance, once. The shell waits for it, so no page renders a raw key.
 */
export function loadAllTexts(instance: I18n = i18n): Promise<void> {
  let loading = loadedInto.get(instance);
  if (!loading) {
    loading = import('../locales/rest').then(({ restMessages }) => {
      for (const locale of LOCALES) {
        instance.addResourceBundle(locale, 'translation', restMessages[locale], true, true);
      }
    });
    loadedInto.set(instance, loading);
  }
  return loading;
}

export function currentLocale(): Locale {
  const l = i18n.language;
  return (LOCALES as readonly string[]).includes(l) ? (l as Locale) : DEFAULT_LOCALE;
}
