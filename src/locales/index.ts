import type { Locale } from '../../contract/locale';
import { assemble, type LocaleMessages, type LocaleTree } from './assemble';

export type { LocaleMessages, LocaleTree } from './assemble';

const FILES = import.meta.glob<LocaleTree>('./*/*.json', { eager: true, import: 'default' });

/**
 * Every text of the console, per locale: `{ 'zh-CN': { app, login, … }, 'en-US': { … } }`.
 * For tests and tools; the console itself loads core.ts at start and rest.ts after login.
 */
export const localeMessages: Readonly<Record<Locale, LocaleMessages>> = assemble(FILES);
