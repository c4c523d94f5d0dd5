import type { Locale } from '../../contract/locale';
import { assemble, type LocaleMessages, type LocaleTree } from './assemble';

// Everything core.ts does not hold: a chunk of its own, fetched after login.
const FILES = import.meta.glob<LocaleTree>(
  ['./*/*.json', '!./*/{app,buttons,common,http,locale,login,logoutDialog,notifications}.json'],
  { eager: true, import: 'default' },
);

export const restMessages: Readonly<Record<Locale, LocaleMessages>> = assemble(FILES);
