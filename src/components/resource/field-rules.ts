import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import type { FieldDef } from '../../../contract/resource';

/** antd form rules from a field declaration, with translated messages (same bounds as the server). */
export function fieldRules(t: TFunction, field: FieldDef, label: string): Rule[] {
  const rules: Rule[] = [];
  if (field.required) {
    rules.push({ required: true, whitespace: true, message: t('form.required', { field: label }) });
  }
  if (field.type === 'string' || field.type === 'text') {
    const max = field.max ?? (field.type === 'text' ? 10_000 : 255);
    rules.push({ max, message: t('form.tooLong', { field: label, max }) });
    if (field.min !== undefined) {
      rules.push({ min: field.min, message: t('form.tooShort', { field: label, min: field.min }) });
    }
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
  if (field.type === 'integer') {
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
