import type { FieldDef, ResourceDef } from './resource';

/**
 * One spelling per tag, so that the same tag typed two ways is one tag: full-width ASCII
 * (what a Chinese input method types: `ＧＰＴ`, `，`) becomes half-width, every run of white
 * space (the ideographic space included) one space, the ends trimmed, Latin letters lower case.
 * Other scripts keep their case. The server applies it on every write and to filter values;
 * migration 0016 applied the same mapping to the rows stored before.
 */
export function normalizeTag(text: string): string {
  return text
    .replace(/[\uFF01-\uFF5E]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/\p{Script=Latin}+/gu, (latin) => latin.toLowerCase());
}

/** Tags in their one spelling, in the order given: empty ones and repeats dropped. */
export function normalizeTags(tags: readonly string[]): string[] {
  const out = new Set<string>();
  for (const tag of tags) {
    const one = normalizeTag(tag);
    if (one) out.add(one);
  }
  return [...out];
}

/**
 * Whether a field holds free labels an operator types (a session's tags), as opposed to keys
 * picked from a list (plugin codes, model versions) or identifiers (assigned user ids), which
 * are kept exactly as given. Free labels are normalised and offered from the tags in use.
 */
export function isFreeTags(field: FieldDef): boolean {
  return field.type === 'tags' && !field.optionsFrom && !field.identifiers;
}

/** The free tag fields of a resource (isFreeTags). */
export function freeTagFields(def: ResourceDef): FieldDef[] {
  return def.fields.filter(isFreeTags);
}

/** Values with every free tag field's list normalised; other values as they were. */
export function withNormalizedTags<T extends Record<string, unknown>>(
  def: ResourceDef,
  values: T,
): T {
  let out: T | undefined;
  for (const f of freeTagFields(def)) {
    const value = values[f.name];
    if (!Array.isArray(value)) continue;
    out ??= { ...values };
    (out as Record<string, unknown>)[f.name] = normalizeTags(value.map(String));
  }
  return out ?? values;
}

/** How many tags in use one call answers unless it asks for fewer or more (at most the max). */
export const TAGS_IN_USE_DEFAULT = 20;
export const TAGS_IN_USE_MAX = 100;

/** One tag in use: how many rows the caller may see carry it. */
export interface TagCount {
  tag: string;
  count: number;
}

/** The answer of `<prefix>/tags`: the most used matching tags, and how many match in all. */
export interface TagsInUse {
  list: TagCount[];
  total: number;
}
