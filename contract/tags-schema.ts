import { z } from 'zod';
import type { ResourceDef } from './resource';
import { pageSchema, safeString, type PageQuery } from './resource-schema';
import { freeTagFields, TAGS_IN_USE_DEFAULT, TAGS_IN_USE_MAX } from './tags';

/**
 * `<prefix>/tags`: the tags in use in one free tag field, among the rows the caller may see
 * that a list with `scope` and `filters` would show (one corpus set's items, say), those
 * containing `keyword` if given. Undefined for a resource without a free tag field: it has no
 * such call.
 */
export function tagsInUseSchema(def: ResourceDef) {
  const fields = freeTagFields(def).map((f) => f.name);
  if (!fields.length) return undefined;
  const scopes = Object.keys(def.scopes ?? {});
  return z.strictObject({
    field: z.enum(fields as [string, ...string[]]),
    filters: pageSchema(def).shape.filters,
    keyword: safeString().max(32).optional(),
    ...(scopes.length ? { scope: z.enum(scopes as [string, ...string[]]).optional() } : {}),
    limit: z.number().int().min(1).max(TAGS_IN_USE_MAX).default(TAGS_IN_USE_DEFAULT),
  });
}

export interface TagsInUseQuery {
  field: string;
  filters?: PageQuery['filters'];
  keyword?: string;
  scope?: string;
  limit: number;
}

/** Most used first; when searching, tags that start with the keyword before the others. */
export const tagsInUseAnswer = z.object({
  list: z.array(z.object({ tag: z.string(), count: z.number().int() })),
  /** How many distinct tags match, beyond the `limit` answered. */
  total: z.number().int(),
});
