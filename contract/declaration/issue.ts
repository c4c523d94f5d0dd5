import { z } from 'zod';
import { message, type MessageKey } from '../messages';

export type Params = Record<string, string | number>;

/**
 * One problem with a declaration: a zod issue's path and message, plus its message key and
 * parameters so a caller can word it in any locale. `message` is the en-US wording of the key.
 */
export interface ConfigIssue {
  readonly path: (string | number)[];
  readonly key: MessageKey;
  readonly params?: Params;
  readonly message: string;
}

export function configIssue(
  path: (string | number)[],
  key: MessageKey,
  params?: Params,
): ConfigIssue {
  return { path, key, ...(params ? { params } : {}), message: message('en-US', key, params) };
}

/**
 * A refinement's options: an English message, and the key and parameters in `params`, which is
 * where server/http/issues.ts (and the admin page) read a custom issue's key to translate it.
 * No parameter may be called `key`.
 */
export function problem(key: MessageKey, params?: Params): { message: string; params: Params } {
  return { message: message('en-US', key, params), params: { key, ...params } };
}

/**
 * A string matching `re`, refused with a custom issue naming `key` rather than zod's generic
 * "invalid string" (whose text cannot be translated by key). The pattern is kept as metadata so
 * the JSON Schema still publishes it, as `.regex` did.
 */
export function matching(re: RegExp, key: MessageKey) {
  return z
    .string()
    .refine((s) => re.test(s), problem(key))
    .meta({ pattern: re.source });
}
