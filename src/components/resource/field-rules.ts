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
