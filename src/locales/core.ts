import type { Locale } from '../../contract/locale';
import { assemble, type LocaleMessages, type LocaleTree } from './assemble';

/**
 * The namespaces the login page and the app frame need before anyone logs in; every other
 * namespace is in rest.ts, loaded with the shell (the login bundle budget, PERFORMANCE.md).
 * Keep this list and rest.ts's exclusions the same (locales.test.ts checks).
 */
export const CORE_NAMESPACES = [
  'app',
  'buttons',
  'common',
  'http',
  'locale',
  'login',
  'logoutDialog',
  'notifications',
] as const;

const FILES = import.meta.glob<LocaleTree>(
  './*/{app,buttons,common,http,locale,login,logoutDialog,notifications}.json',
  { eager: true, import: 'default' },
);

export const coreMessages: Readonly<Record<Locale, LocaleMessages>> = assemble(FILES);
