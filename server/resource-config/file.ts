import { readFile, stat } from 'node:fs/promises';
import { extname } from 'node:path';
import { parseDocument } from 'yaml';
import type { z } from 'zod';
import type { $ZodIssue } from 'zod/v4/core';
import type { Locale } from '../../contract/locale';
import { message, MESSAGES, type MessageKey } from '../../contract/messages';
import { resourceConfigSchema, type ResourceDeclaration } from '../../contract/resource-config';

type Params = Record<string, string | number>;

/** One problem, its path dotted as a person reads it (`resources.0.fields.2.options`). */
export interface DeclarationIssue {
  /** Empty when the problem is the file (or body) as a whole. */
  readonly path: string;
  /** English; with a key, that key's en-US wording. */
  readonly message: string;
  /** The message key and its parameters, for the wording in the caller's locale. */
  readonly key?: MessageKey;
  readonly params?: Params;
}

/** The issue's text in `locale`: its key's wording, else its (English) message as it is. */
export function issueText(issue: DeclarationIssue, locale: Locale): string {
  return issue.key ? message(locale, issue.key, issue.params) : issue.message;
}

/** `{ path, message }` in `locale`, as the admin API answers an issue. */
export function localized(
  issue: DeclarationIssue,
  locale: Locale,
): { path: string; message: string } {
  return { path: issue.path, message: issueText(issue, locale) };
}

function keyed(path: string, key: MessageKey, params?: Params): DeclarationIssue {
  return { path, key, ...(params ? { params } : {}), message: message('en-US', key, params) };
}

export interface ConfigFileResult {
  /** Every declaration of the file, parsed; empty whenever there is an issue. */
  readonly declarations: ResourceDeclaration[];
  readonly issues: DeclarationIssue[];
}

/**
 * Far above what 200 declarations of 100 fields take; a bigger file is a mistake (or a log file
 * named by accident), and reading it whole would only cost memory.
 */
export const MAX_CONFIG_FILE_BYTES = 16 * 1024 * 1024;

export function dottedPath(path: readonly PropertyKey[]): string {
  return path.map(String).join('.');
}

/**
 * Zod's issues with dotted paths and message keys; `input` (the parsed value) lets an absent
 * value read "required", and an unknown key is named by its own path.
 */
export function zodIssues(error: z.ZodError, input?: unknown): DeclarationIssue[] {
  return error.issues.flatMap((i) => issuesOf(i, [], input));
}

function isMessageKey(key: unknown): key is MessageKey {
  return typeof key === 'string' && Object.hasOwn(MESSAGES['en-US'], key);
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

const formatOptions = (values: readonly unknown[]) =>
  values.map((v) => (typeof v === 'string' ? v : JSON.stringify(v))).join(', ');

/**
 * The message key of one zod issue, worded only when answered, in the caller's locale; codes a
 * declaration cannot fail with keep zod's English message.
 */
function issuesOf(
  issue: $ZodIssue,
  base: readonly PropertyKey[],
  input: unknown,
): DeclarationIssue[] {
  const at = [...base, ...issue.path];
  const path = dottedPath(at);
  const present = valueAt(input, at) !== undefined;
  switch (issue.code) {
    case 'custom': {
      // The contract's refinements name their problem by key, with its parameters beside it.
      const { key, ...rest } = (issue.params ?? {}) as Record<string, unknown>;
      if (!isMessageKey(key)) return [{ path, message: issue.message }];
      const params = Object.fromEntries(
        Object.entries(rest).filter(
          (e): e is [string, string | number] =>
            typeof e[1] === 'string' || typeof e[1] === 'number',
        ),
      );
      return [keyed(path, key, Object.keys(params).length ? params : undefined)];
    }
    case 'unrecognized_keys':
      return issue.keys.map((key) =>
        keyed(dottedPath([...at, key]), 'unknownField', { field: key }),
      );
    case 'invalid_type':
      return [
        present
          ? keyed(path, 'expectedType', { expected: issue.expected })
          : keyed(path, 'required'),
      ];
    case 'too_small': {
      const n = Number(issue.minimum);
      const min = issue.inclusive === false && Number.isInteger(n) ? n + 1 : n;
      if (issue.origin !== 'string') return [keyed(path, 'tooSmall', { min })];
      return [min <= 1 ? keyed(path, 'required') : keyed(path, 'tooShort', { min })];
    }
    case 'too_big': {
      const n = Number(issue.maximum);
      const max = issue.inclusive === false && Number.isInteger(n) ? n - 1 : n;
      return [keyed(path, issue.origin === 'string' ? 'tooLong' : 'tooBig', { max })];
    }
    case 'invalid_value':
      return [keyed(path, 'notOneOf', { options: formatOptions(issue.values) })];
    case 'invalid_key': {
      // A record key (a header name) failed its own schema: its first reason says why.
      const [first] = issue.issues;
      return first ? issuesOf({ ...first, path: [] } as $ZodIssue, at, input).slice(0, 1) : [];
    }
    case 'invalid_union': {
      if ('options' in issue && issue.discriminator && issue.options?.length) {
        // A discriminated union (the source) with no matching tag: the tag is the wrong field.
        const tag = [...at, issue.discriminator];
        return valueAt(input, tag) === undefined
          ? [keyed(dottedPath(tag), 'required')]
          : [keyed(dottedPath(tag), 'notOneOf', { options: formatOptions(issue.options) })];
      }
      if (!present) return [keyed(path, 'required')];
      // A branch that got past the type check names the real problem (an option's value).
      const typed = issue.errors.find(
        (b) => b.length > 0 && b.every((i) => i.code !== 'invalid_type'),
      );
      if (typed) return typed.flatMap((i) => issuesOf(i, at, input));
      const expected = issue.errors.flatMap((b) =>
        b.flatMap((i) => (i.code === 'invalid_type' && i.path.length === 0 ? [i.expected] : [])),
      );
      if (expected.length) {
        return [keyed(path, 'expectedType', { expected: [...new Set(expected)].join(' | ') })];
      }
      return [{ path, message: issue.message }];
    }
    case 'invalid_format':
      return [keyed(path, 'badFormat')];
    default:
      return [{ path, message: issue.message }];
  }
}

/**
 * Reads the RESOURCES_CONFIG file (JSON or YAML); every problem comes back as issues, never
 * thrown, and with any issue no declaration is returned: half a file may leave references dangling.
 */
export async function readConfigFile(path: string): Promise<ConfigFileResult> {
  const parsed = await parseFile(path);
  if ('issue' in parsed) return { declarations: [], issues: [parsed.issue] };
  const result = resourceConfigSchema.safeParse(parsed.value);
  if (result.success) return { declarations: result.data.resources, issues: [] };
  return { declarations: [], issues: zodIssues(result.error, parsed.value) };
}

type Parsed = { value: unknown } | { issue: DeclarationIssue };

const fileIssue = (key: MessageKey, params: Params): { issue: DeclarationIssue } => ({
  issue: keyed('', key, params),
});

async function parseFile(path: string): Promise<Parsed> {
  const ext = extname(path).toLowerCase();
  const yaml = ext === '.yaml' || ext === '.yml';
  if (!yaml && ext !== '.json') {
    return fileIssue('declFileExtension', { path });
  }
  let text: string;
  try {
    const { size } = await stat(path);
    if (size > MAX_CONFIG_FILE_BYTES) {
      return fileIssue('declFileTooLarge', { path, size, max: MAX_CONFIG_FILE_BYTES });
    }
    text = await readFile(path, 'utf8');
  } catch (error) {
    // The system's reason (ENOENT…) stays as Node words it, in English.
    return fileIssue('declFileUnreadable', { path, reason: (error as Error).message });
  }
  if (!yaml) {
    try {
      return { value: JSON.parse(text) as unknown };
    } catch (error) {
      return fileIssue('declFileBadJson', { path, reason: (error as Error).message });
    }
  }
  // parseDocument collects every error with its line instead of throwing on the first.
  const doc = parseDocument(text, { prettyErrors: true });
  const [first] = doc.errors;
  if (first) return fileIssue('declFileBadYaml', { path, reason: first.message });
  try {
    return { value: doc.toJS() as unknown };
  } catch (error) {
    // toJS throws for documents it cannot build, e.g. too many alias expansions.
    return fileIssue('declFileUnusableYaml', { path, reason: (error as Error).message });
  }
}
