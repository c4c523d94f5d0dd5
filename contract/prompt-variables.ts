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
