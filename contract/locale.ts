/** The two UI locales; zh-CN is the default and en-US the fallback (spec §1, §9). */
export const LOCALES = ['zh-CN', 'en-US'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-CN';
export const FALLBACK_LOCALE: Locale = 'en-US';

/** Picks a supported locale from an Accept-Language style value. */
export function pickLocale(value: string | null | undefined): Locale {
  if (!value) return DEFAULT_LOCALE;
  for (const part of value.split(',')) {
    const tag = (part.split(';')[0] ?? '').trim().toLowerCase();
    if (tag.startsWith('zh')) return 'zh-CN';
    if (tag.startsWith('en')) return 'en-US';
  }
  return DEFAULT_LOCALE;
}
