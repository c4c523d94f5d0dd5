import type { $ZodIssue } from 'zod/v4/core';
import type { FieldIssue } from '../../contract/envelope';
import type { Locale } from '../../contract/locale';
import { message, MESSAGES, type MessageKey } from '../../contract/messages';
import { labelOf, NO_LABELS, type FieldLabels } from './field-labels';

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
 * Error answers are bounded: at most this many issues, plus a count of the rest, so a body with
 * thousands of bad keys cannot make a megabyte answer.
 */
export const MAX_ISSUES = 20;

/** The issues an error answer carries, and how many more there were. */
export interface BoundedIssues {
  issues: FieldIssue[];
  omitted: number;
  /** Each kept issue as one line naming its field by label ("场景名称：必填"), in order. */
  lines: string[];
}

/**
 * Turns zod issues into `{ field, message }` pairs in the caller's language. `input` is the
 * value that was validated: an absent value reads "required" rather than "expected string".
 * `labels` name the fields in messages; `field` stays the body's key, which forms match on.
 * Only the first `max` distinct issues are translated; the rest are only counted.
 */
export function boundedIssues(
  issues: readonly $ZodIssue[],
  input: unknown,
  locale: Locale,
  labels: FieldLabels = NO_LABELS,
  max = MAX_ISSUES,
): BoundedIssues {
  const reasons: Reason[] = [];
  const seen = new Set<string>();
  let omitted = 0;
  for (const issue of issues) {
    for (const reason of reasonsOf(issue, [], input)) {
      // Identified by field, key and parameters, so duplicates are dropped without translating.
      const id = `${reason.field}\u0000${reason.key}\u0000${JSON.stringify(reason.params ?? {})}`;
      if (seen.has(id)) continue;
      seen.add(id);
      if (reasons.length < max) reasons.push(reason);
      else omitted++;
    }
  }
  return translated(reasons, omitted, locale, labels);
}

/** Every issue, unbounded; for callers that validate trusted or already bounded input. */
export function translateIssues(
  issues: readonly $ZodIssue[],
  input: unknown,
  locale: Locale,
  labels: FieldLabels = NO_LABELS,
): FieldIssue[] {
  return boundedIssues(issues, input, locale, labels, Number.POSITIVE_INFINITY).issues;
}

/** Translates field problems named by message key (AppError's), keeping the first `max`. */
export function boundPending(
  pending: readonly { field: string; key: MessageKey; params?: Params }[],
  locale: Locale,
  labels: FieldLabels = NO_LABELS,
  max = MAX_ISSUES,
): BoundedIssues {
  return translated(pending.slice(0, max), Math.max(0, pending.length - max), locale, labels);
}

function translated(
  reasons: readonly Reason[],
  omitted: number,
  locale: Locale,
  labels: FieldLabels,
): BoundedIssues {
  const issues: FieldIssue[] = [];
  const lines: string[] = [];
  for (const reason of reasons) {
    const name = labelOf(labels, reason.field);
    // A `{field}` naming the issue's own field is worded by its label; unknownField's quotes
    // the key the caller sent, which has no label worth showing instead.
    const quotesItself = reason.params?.field === reason.field;
    const params =
      quotesItself && reason.key !== 'unknownField'
        ? { ...reason.params, field: name }
        : reason.params;
    const text = message(locale, reason.key, params);
    issues.push({ field: reason.field, message: text });
    // "场景编码 已存在" reads better than "场景编码：场景编码 已存在".
    lines.push(
      quotesItself ? text : message(locale, 'invalidField', { field: name, reason: text }),
    );
  }
  return { issues, omitted, lines };
}

/** `msg` of a 40000 answer: the first issue as "label: reason". */
export function summary(bounded: Pick<BoundedIssues, 'lines'>, locale: Locale): string {
  return bounded.lines[0] ?? message(locale, 'invalid');
}

function isMessageKey(key: unknown): key is MessageKey {
  return typeof key === 'string' && Object.hasOwn(MESSAGES['en-US'], key);
}

/** Longest field name an answer repeats; a key is the client's text and may be megabytes. */
const MAX_FIELD_CHARS = 100;

function clip(text: string): string {
  return text.length > MAX_FIELD_CHARS ? `${text.slice(0, MAX_FIELD_CHARS)}…` : text;
}

function fieldName(path: readonly PropertyKey[]): string {
  return path.length ? clip(path.map(String).join('.')) : 'body';
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
        params: { field: clip(key) },
      }));
    case 'invalid_union':
      return unionReasons(issue, path, input, present);
    case 'custom': {
      // Contract refinements name their reason as a message key (contract/resource-schema.ts).
      const { key, ...rest } = (issue.params ?? {}) as Record<string, unknown>;
      const params = Object.fromEntries(
        Object.entries(rest).filter(
          (e): e is [string, string | number] =>
            typeof e[1] === 'string' || typeof e[1] === 'number',
        ),
      );
      return [{ field, key: isMessageKey(key) ? key : 'badFormat', params }];
    }
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
