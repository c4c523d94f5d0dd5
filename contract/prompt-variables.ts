import { z } from 'zod';

/** Types a template variable may take (spec §2 prompt variable table). */
export const VARIABLE_TYPES = ['text', 'number', 'select', 'date', 'interface'] as const;
export type VariableType = (typeof VARIABLE_TYPES)[number];

export interface PromptVariable {
  name: string;
  type: VariableType;
  fieldName: string;
  options?: string[];
  url?: string;
}

/** What a `{{placeholder}}` may name: an identifier, as the variable's field name. */
export const FIELD_NAME_RE = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
const PLACEHOLDER_RE = /\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}/g;

/** The distinct placeholders of a template text, in order of first use. */
export function placeholdersOf(content: string): string[] {
  return [...new Set([...content.matchAll(PLACEHOLDER_RE)].map((m) => m[1] as string))];
}

export interface VariableCheck {
  /** Placeholders without a variable row. */
  missing: string[];
  /** Variable rows no placeholder uses. */
  unused: string[];
}

/** Every placeholder needs a variable row and every row must be used. */
export function checkVariables(
  content: string,
  variables: readonly Pick<PromptVariable, 'fieldName'>[],
): VariableCheck {
  const used = placeholdersOf(content);
  const declared = variables.map((v) => v.fieldName);
  return {
    missing: used.filter((p) => !declared.includes(p)),
    unused: declared.filter((d) => !used.includes(d)),
  };
}

const text = (max: number) =>
  z
    .string()
    .trim()
    .min(1)
    .max(max)
    .refine((s) => !/\p{Cs}|\0/u.test(s), { params: { key: 'badCharacters' } });

/** The variable table as bodies send it; rules that span a row are checked per row. */
export function promptVariablesSchema() {
  const row = z
    .strictObject({
      name: text(64),
      type: z.enum(VARIABLE_TYPES),
      fieldName: z.string().regex(FIELD_NAME_RE),
      options: z.array(text(64)).max(50).optional(),
      url: z.string().trim().max(2048).optional(),
    })
    .superRefine((v, ctx) => {
      if (v.type === 'select' && !v.options?.length) {
        ctx.addIssue({ code: 'custom', path: ['options'], params: { key: 'required' } });
      }
      if (v.type === 'interface') {
        const url = v.url ?? '';
        if (!url) ctx.addIssue({ code: 'custom', path: ['url'], params: { key: 'required' } });
        else if (!/^https?:\/\/[^\s/]+/i.test(url) || !URL.canParse(url)) {
          ctx.addIssue({ code: 'custom', path: ['url'], params: { key: 'badUrl' } });
        }
      }
    });
  return z
    .array(row)
    .max(50)
    .superRefine((rows, ctx) => {
      const seen = new Set<string>();
      rows.forEach((r, i) => {
        if (seen.has(r.fieldName)) {
          ctx.addIssue({
            code: 'custom',
            path: [i, 'fieldName'],
            params: { key: 'duplicate', field: r.fieldName },
          });
        }
        seen.add(r.fieldName);
      });
    });
}

/** The template with each placeholder replaced by its value (or left as written). */
export function renderTemplate(content: string, values: Readonly<Record<string, string>>): string {
  return content.replace(PLACEHOLDER_RE, (whole, name: string) => values[name] ?? whole);
}

/** What is wrong with one value given for a template's variables. */
export interface ValueIssue {
  /** The variable's field name. */
  field: string;
  key: 'required' | 'expectedType' | 'notOneOf' | 'badDate' | 'tooLong' | 'unknownField';
  params?: Record<string, string | number>;
}

/** Longest value of a text variable: the template itself may be no longer. */
export const MAX_VALUE_LENGTH = 20_000;
const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;

function isDate(value: string): boolean {
  const match = DATE_RE.exec(value);
  if (!match) return false;
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(y, m - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === m - 1 && date.getUTCDate() === d;
}

/**
 * Checks values for a template's variables by their declared types, as the preview's controls
 * allow them (a number, one of a select's options, a YYYY-MM-DD date, text), and answers each
 * value as the text it puts in the template. Every declared variable needs a value; one the
 * template does not declare is refused.
 */
export function checkValues(
  variables: readonly PromptVariable[],
  values: Readonly<Record<string, unknown>>,
): { issues: ValueIssue[]; texts: Record<string, string> } {
  const issues: ValueIssue[] = [];
  const texts: Record<string, string> = {};
  const declared = new Set(variables.map((v) => v.fieldName));
  for (const field of Object.keys(values)) {
    if (!declared.has(field)) issues.push({ field, key: 'unknownField', params: { field } });
  }
  for (const variable of variables) {
    const field = variable.fieldName;
    const value = values[field];
    if (value === undefined || value === null || value === '') {
      issues.push({ field, key: 'required' });
      continue;
    }
    if (variable.type === 'number') {
      const number =
        typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : NaN;
      if (!Number.isFinite(number) || (typeof value === 'string' && value.trim() === '')) {
        issues.push({ field, key: 'expectedType', params: { expected: 'number' } });
      } else texts[field] = String(number);
      continue;
    }
    if (typeof value !== 'string') {
      issues.push({ field, key: 'expectedType', params: { expected: 'string' } });
      continue;
    }
    if (variable.type === 'select' && !(variable.options ?? []).includes(value)) {
      issues.push({
        field,
        key: 'notOneOf',
        params: { options: (variable.options ?? []).join(', ') },
      });
    } else if (variable.type === 'date' && !isDate(value)) {
      issues.push({ field, key: 'badDate' });
    } else if (value.length > MAX_VALUE_LENGTH) {
      issues.push({ field, key: 'tooLong', params: { max: MAX_VALUE_LENGTH } });
    } else texts[field] = value;
  }
  return { issues, texts };
}
