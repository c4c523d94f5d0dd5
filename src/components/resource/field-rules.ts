import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import type { FieldDef } from '../../../contract/resource';

/** The top-level JSON kind a json field's shape (JSON_SCHEMAS) wants, when it is one. */
export type JsonKind = 'array' | 'object';

/**
 * Asks the field's shape in contract/resource-schema, loaded only when a JSON field is checked
 * (it brings zod, which the console's first pages do without).
 */
export async function jsonKindOf(resource: string, field: string): Promise<JsonKind | undefined> {
  const { JSON_SCHEMAS } = await import('../../../contract/resource-schema');
  const type = (JSON_SCHEMAS[`${resource}.${field}`] as { def?: { type?: string } } | undefined)
    ?.def?.type;
  if (type === 'array') return 'array';
  if (type === 'object' || type === 'record') return 'object';
  return undefined;
}

/** JSON text typed into a form: its value, or why it is not JSON. */
export function parseJsonText(text: string): { value: unknown } | { error: string } {
  try {
    return { value: JSON.parse(text) as unknown };
  } catch (e) {
    return { error: e instanceof Error ? e.message : String(e) };
  }
}

export interface FieldRuleContext {
  /** The resource the field belongs to (names the field's JSON shape). */
  resource?: string;
  /** A secret field of the edited row is set: leaving it empty keeps it, so it is not required. */
  secretSet?: boolean;
}

/** antd form rules from a field declaration, with translated messages (same bounds as the server). */
export function fieldRules(
  t: TFunction,
  field: FieldDef,
  label: string,
  context: FieldRuleContext = {},
): Rule[] {
  const rules: Rule[] = [];
  if (field.required && !(field.type === 'secret' && context.secretSet)) {
    rules.push({ required: true, whitespace: true, message: t('form.required', { field: label }) });
  }
  if (field.type === 'string' || field.type === 'text') {
    const max = field.max ?? (field.type === 'text' ? 10_000 : 255);
    rules.push({ max, message: t('form.tooLong', { field: label, max }) });
    if (field.min !== undefined) {
      rules.push({ min: field.min, message: t('form.tooShort', { field: label, min: field.min }) });
    }
    if (field.pattern) {
      // As the server checks it: the whole trimmed value, Unicode mode; empty is "required"'s.
      const re = new RegExp(`^(?:${field.pattern.regex})$`, 'u');
      const message = t('form.badPattern', { field: label, example: field.pattern.example });
      rules.push({
        validator: (_rule, value: unknown) =>
          typeof value !== 'string' || value.trim() === '' || re.test(value.trim())
            ? Promise.resolve()
            : Promise.reject(new Error(message)),
      });
    }
  }
  if (field.type === 'secret') {
    // Not trimmed, as on the server: a token's spaces may be part of it.
    const max = field.max ?? 4096;
    rules.push({ max, message: t('form.tooLong', { field: label, max }) });
  }
  if (field.type === 'json') {
    const resource = context.resource;
    rules.push({
      validator: async (_rule, value: unknown) => {
        if (typeof value !== 'string' || value.trim() === '') return;
        const parsed = parseJsonText(value);
        if ('error' in parsed) {
          throw new Error(t('form.badJson', { field: label, reason: parsed.error }));
        }
        // The top-level kind only; the server checks the rest and names what is wrong.
        const kind = resource ? await jsonKindOf(resource, field.name) : undefined;
        const v = parsed.value;
        const isObject = typeof v === 'object' && v !== null && !Array.isArray(v);
        if (kind === 'array' && !Array.isArray(v)) {
          throw new Error(t('form.jsonArray', { field: label }));
        }
        if (kind === 'object' && !isObject) {
          throw new Error(t('form.jsonObject', { field: label }));
        }
      },
    });
  }
  if (field.type === 'url') {
    rules.push({
      pattern: /^https?:\/\/[^\s/]+/i,
      message: t('form.badUrl', { field: label }),
    });
  }
  if (field.type === 'tags') {
    rules.push({
      validator: (_rule, value: unknown) =>
        !Array.isArray(value) ||
        (value.length <= 20 && value.every((v) => String(v).trim().length <= 32))
          ? Promise.resolve()
          : Promise.reject(new Error(t('form.tooManyTags', { field: label, max: 20 }))),
    });
  }
  if (field.type === 'integer' || field.type === 'number') {
    if (field.min !== undefined) {
      rules.push({
        type: 'number',
        min: field.min,
        message: t('form.tooSmall', { field: label, min: field.min }),
      });
    }
    if (field.max !== undefined) {
      rules.push({
        type: 'number',
        max: field.max,
        message: t('form.tooBig', { field: label, max: field.max }),
      });
    }
  }
  return rules;
}
