import { LOCALES, type Locale } from '../../contract/locale';

/** A namespace's texts: nested objects whose leaves are strings. */
export interface LocaleTree {
  [key: string]: string | LocaleTree;
}

/** One locale's texts, by namespace (the file name: `zh-CN/scene.json` → `scene`). */
export type LocaleMessages = Record<string, LocaleTree>;

/** `./<locale>/<namespace>.json` → that namespace's object, grouped by locale. */
export function assemble(files: Record<string, LocaleTree>): Record<Locale, LocaleMessages> {
  const out = Object.fromEntries(LOCALES.map((l) => [l, {}])) as Record<Locale, LocaleMessages>;
  for (const [path, tree] of Object.entries(files)) {
    const match = /^\.\/([^/]+)\/([^/]+)\.json$/.exec(path);
    const locale = match?.[1];
    const namespace = match?.[2];
    if (!locale || !namespace || !(LOCALES as readonly string[]).includes(locale)) {
      throw new Error(`locale file ${path} is not <locale>/<namespace>.json of a known locale`);
    }
    out[locale as Locale][namespace] = tree;
  }
  return out;
}
