import type { $ZodIssue } from 'zod/v4/core';
import type { FieldIssue } from '../../contract/envelope';
import type { Locale } from '../../contract/locale';
import { message, type MessageKey } from '../../contract/messages';

type Params = Record<string, string | number>;
interface Reason {
  field: string;
  key: MessageKey;
  params?: Params;
}

/** What fastify-type-provider-zod puts in `error.validation` for each zod issue. */
export interface ValidationEntry {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message?: string;
}

/** Rebuilds the zod issue the type provider flattened into a validation entry. */
export function issueOfEntry(entry: ValidationEntry): $ZodIssue {
  const path = entry.instancePath.split('/').filter((p) => p !== '');
  return {
    ...entry.params,
    code: entry.keyword,
    path,
    message: entry.message ?? '',
  } as $ZodIssue; // the entry is exactly a zod issue minus these three keys
}

/**
 * Turns zod issues into `{ field, message }` pairs in the caller's language. `input` is the
 * value that was validated: an absent value reads "required" rather than "expected string".
 */
export function translateIssues(
  issues: readonly $ZodIssue[],
  input: unknown,
  locale: Locale,
): FieldIssue[] {
  const out: FieldIssue[] = [];
  const seen = new Set<string>();
  for (const issue of issues) {
    for (const reason of reasonsOf(issue, [], input)) {
      const text = message(locale, reason.key, reason.params);
      const id = `${reason.field}\u0000${text}`;
      if (seen.has(id)) continue;
      seen.add(id);
      out.push({ field: reason.field, message: text });
    }
  }
  return out;
}

/** `msg` of a 40000 answer: the first issue as "field: reason". */
export function summary(issues: readonly FieldIssue[], locale: Locale): string {
  const first = issues[0];
  if (!first) return message(locale, 'invalid');
  // "sceneCode already exists" reads better than "sceneCode: sceneCode already exists".
  if (first.message.includes(first.field)) return first.message;
  return message(locale, 'invalidField', { field: first.field, reason: first.message });
}

function fieldName(path: readonly PropertyKey[]): string {
  return path.length ? path.map(String).join('.') : 'body';
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

function formatOptions(values: readonly unknown[]): string {
  return values.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ');
}

function reasonsOf(issue: $ZodIssue, base: readonly PropertyKey[], input: unknown): Reason[] {
  const path = [...base, ...issue.path];
  const field = fieldName(path);
  const present = valueAt(input, path) !== undefined;
  switch (issue.code) {
    case 'invalid_type':
      return [
        present
          ? { field, key: 'expectedType', params: { expected: issue.expected } }
          : { field, key: 'required' },
      ];
    case 'too_small': {
      const min = lowerBound(issue.minimum, issue.inclusive);
      if (issue.origin === 'string') {
        return [
          min <= 1 ? { field, key: 'required' } : { field, key: 'tooShort', params: { min } },
        ];
      }
      return [{ field, key: 'tooSmall', params: { min } }];
    }
    case 'too_big': {
      const max = upperBound(issue.maximum, issue.inclusive);
      return [{ field, key: issue.origin === 'string' ? 'tooLong' : 'tooBig', params: { max } }];
    }
    case 'invalid_value':
      return [{ field, key: 'notOneOf', params: { options: formatOptions(issue.values) } }];
    case 'unrecognized_keys':
      return issue.keys.map((key) => ({
        field: fieldName([...path, key]),
        key: 'unknownField' as const,
        params: { field: key },
      }));
    case 'invalid_union':
      return unionReasons(issue, path, input, present);
    default:
      return [{ field, key: 'badFormat' }];
  }
}

/**
 * A union fails as a whole; the useful reason is in its branches. Literal unions (enums of
 * numbers) become "one of …"; a branch that got past the type check names the real problem.
 */
function unionReasons(
  issue: Extract<$ZodIssue, { code: 'invalid_union' }>,
  path: readonly PropertyKey[],
  input: unknown,
  present: boolean,
): Reason[] {
  const field = fieldName(path);
  if ('options' in issue && issue.discriminator && issue.options?.length) {
    // A discriminated union with no matching tag: the tag itself is the wrong field.
    const tagPath =
      path[path.length - 1] === issue.discriminator ? path : [...path, issue.discriminator];
    if (valueAt(input, tagPath) === undefined)
      return [{ field: fieldName(tagPath), key: 'required' }];
    return [
      {
        field: fieldName(tagPath),
        key: 'notOneOf',
        params: { options: formatOptions(issue.options) },
      },
    ];
  }
  if (!present) return [{ field, key: 'required' }];
  const branches = issue.errors;
  if (
    branches.length &&
    branches.every((b) => b.length > 0 && b.every((i) => i.code === 'invalid_value'))
  ) {
    const values = branches.flatMap((b) =>
      b.flatMap((i) => (i.code === 'invalid_value' ? i.values : [])),
    );
    return [{ field, key: 'notOneOf', params: { options: formatOptions(values) } }];
  }
  const typed = branches.find((b) => b.length > 0 && b.every((i) => i.code !== 'invalid_type'));
  if (typed) return typed.flatMap((i) => reasonsOf(i, path, input));
  const expected = branches.flatMap((b) =>
    b.flatMap((i) => (i.code === 'invalid_type' && i.path.length === 0 ? [i.expected] : [])),
  );
  if (expected.length) {
    return [
      { field, key: 'expectedType', params: { expected: [...new Set(expected)].join(' | ') } },
    ];
  }
  return [{ field, key: 'badFormat' }];
}

function lowerBound(minimum: number | bigint, inclusive: boolean | undefined): number {
  const n = Number(minimum);
  // "> 0" on an integer field reads better as "at least 1"; the contract has no float fields.
  return inclusive === false && Number.isInteger(n) ? n + 1 : n;
}

function upperBound(maximum: number | bigint, inclusive: boolean | undefined): number {
  const n = Number(maximum);
  return inclusive === false && Number.isInteger(n) ? n - 1 : n;
}
