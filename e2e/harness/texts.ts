/** Locale texts: tests read expected strings from the locale files, never hard-code them. */
import { localeMessages } from '../../src/locales';

export type LocaleName = 'zh-CN' | 'en-US';
export const LOCALE_TEXTS: Record<LocaleName, unknown> = localeMessages;

type Params = Record<string, string | number>;

/**
 * A locale text by dotted key, with `{{name}}` placeholders filled. Keys may contain dashes
 * (`model-evaluate.menu.title`); the path is split on dots only.
 */
export function text(key: string, locale: LocaleName = 'zh-CN', params: Params = {}): string {
  let node: unknown = LOCALE_TEXTS[locale];
  for (const part of key.split('.')) {
    if (node === null || typeof node !== 'object' || !(part in node)) {
      throw new Error(`locale ${locale} has no key ${key}`);
    }
    node = (node as Record<string, unknown>)[part];
  }
  if (typeof node !== 'string') throw new Error(`locale ${locale} key ${key} is not a text`);
  return node.replace(/\{\{\s*(\w+)\s*\}\}/g, (_, name: string) =>
    name in params ? String(params[name]) : `{{${name}}}`,
  );
}

/** Shorthands for the two locales. */
export const zh = (key: string, params?: Params) => text(key, 'zh-CN', params);
export const en = (key: string, params?: Params) => text(key, 'en-US', params);

/** Escapes a string for use inside a RegExp. */
export function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** A RegExp matching the whole (trimmed) text exactly. */
export function exactly(s: string): RegExp {
  return new RegExp(`^\\s*${escapeRegExp(s)}\\s*$`);
}
