import type { FormInstance } from 'antd';
import { Checkbox, Form, Input, InputNumber, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { formControlOf, type FieldDef, type ResourceDef } from '../../../contract/resource';
import { isFreeTags } from '../../../contract/tags';
import { enumLabel, fieldLabel } from './field-format';
import { useFieldOptions } from './field-options';
import { fieldRules } from './field-rules';
import { ReferenceSelect } from './ReferenceSelect';
import { TagsSelect } from './TagsSelect';
import './resource.css';

/** What Form.Item injects into its child: the control must pass it on to the input. */
interface Injected {
  value?: never;
  checked?: never;
  onChange?: never;
  id?: string;
  'aria-invalid'?: boolean;
}

/** Picks one (string field) or several (tags) of the values a list call offers. */
function OptionsSelect({ field, ...injected }: { field: FieldDef } & Injected) {
  const { t } = useTranslation();
  const { options, loading } = useFieldOptions(field);
  const multiple = field.type === 'tags';
  return (
    <Select
      placeholder={t('form.searchOrChoose')}
      {...injected}
      mode={multiple ? 'multiple' : undefined}
      allowClear={multiple || !field.required}
      showSearch
      optionFilterProp="label"
      loading={loading}
      options={options}
    />
  );
}

/**
 * A write-only secret. The form never holds the stored one: on a row that has one, the input
 * starts empty with a placeholder saying so (empty keeps it), and "clear" sets the value to null.
 */
function SecretInput({
  field,
  isSet,
  value,
  onChange,
  ...injected
}: {
  field: FieldDef;
  isSet: boolean;
  value?: string | null;
  onChange?: (value: string | null | undefined) => void;
  id?: string;
  'aria-invalid'?: boolean;
}) {
  const { t } = useTranslation();
  const cleared = value === null;
  return (
    <div className="resource-form__secret">
      <Input.Password
        {...injected}
        value={cleared ? '' : (value ?? '')}
        disabled={cleared}
        maxLength={field.max}
        autoComplete="new-password"
        placeholder={
          cleared ? t('form.secretCleared') : isSet ? t('form.secretKept') : t('form.secretNew')
        }
        onChange={(e) => onChange?.(e.target.value)}
      />
      {isSet && field.nullable && (
        <Checkbox
          checked={cleared}
          onChange={(e) => onChange?.(e.target.checked ? null : undefined)}
        >
          {t('form.secretClear')}
        </Checkbox>
      )}
    </div>
  );
}

function Control({
  def,
  field,
  secretSet,
  ...injected
}: { def: ResourceDef; field: FieldDef; secretSet: boolean } & Injected) {
  const { t } = useTranslation();
  const control = formControlOf(field);
  if (field.optionsFrom && (control === 'tags' || control === 'input' || control === 'select')) {
    return <OptionsSelect {...injected} field={field} />;
  }
  if (field.type === 'json') {
    return (
      <Input.TextArea
        {...injected}
        className="resource-form__json"
        autoSize={{ minRows: 4, maxRows: 16 }}
        spellCheck={false}
        placeholder={t('form.jsonPlaceholder')}
      />
    );
  }
  switch (control) {
    case 'password':
      return <SecretInput {...injected} field={field} isSet={secretSet} />;
    case 'textarea':
      return (
        <Input.TextArea
          {...injected}
          autoSize={{ minRows: 3, maxRows: 10 }}
          showCount={!!field.max}
          maxLength={field.max}
        />
      );
    case 'number':
      return (
        <InputNumber
          {...injected}
          style={{ width: '100%' }}
          min={field.min}
          max={field.max}
          // Decimals (prices, budgets) keep the stored scale; integers none.
          precision={field.type === 'number' ? undefined : 0}
        />
      );
    case 'tags':
      if (isFreeTags(field)) {
        return (
          <TagsSelect
            placeholder={t('form.tagsHint')}
            {...injected}
            def={def}
            field={field.name}
            multiple
          />
        );
      }
      return (
        <Select
          placeholder={t('form.tagsHint')}
          {...injected}
          mode="tags"
          tokenSeparators={[',', '，']}
          open={false}
        />
      );
    case 'select':
      if (field.reference) return <ReferenceSelect {...injected} field={field} />;
      return (
        <Select
          placeholder={t('form.choose')}
          {...injected}
          allowClear={!field.required && field.default === undefined}
          options={(field.options ?? []).map((o) => ({
            value: o,
            label: enumLabel(t, def, field.name, o),
          }))}
        />
      );
    case 'switch':
      return <Switch {...injected} />;
    default:
      return (
        <Input
          placeholder={field.type === 'url' ? 'https://' : undefined}
          {...injected}
          maxLength={field.max}
          showCount={!!field.max}
        />
      );
  }
}

export interface ResourceFormFieldsProps {
  def: ResourceDef;
  // antd's FormInstance generic is invariant; the hook's instance is of this type.
  form: FormInstance<Record<string, object | string | number | boolean | undefined>>;
  fields: FieldDef[];
  initial: Record<string, object | string | number | boolean | undefined>;
  name: string;
  onSubmit(): void;
  /** Secret fields the edited row has set (useResourceForm's secretsSet). */
  secretsSet?: ReadonlySet<string>;
}

/** The fields of a resource form, with rules that match the server's validation. */
export function ResourceFormFields({
  def,
  form,
  fields,
  initial,
  name,
  onSubmit,
  secretsSet,
}: ResourceFormFieldsProps) {
  const { t } = useTranslation();
  return (
    <Form form={form} layout="vertical" name={name} initialValues={initial} onFinish={onSubmit}>
      {fields.map((f) => {
        const label = fieldLabel(t, def, f.name);
        const secretSet = !!secretsSet?.has(f.name);
        return (
          <Form.Item
            key={f.name}
            name={f.name}
            label={label}
            rules={fieldRules(t, f, label, { resource: def.name, secretSet })}
            valuePropName={formControlOf(f) === 'switch' ? 'checked' : 'value'}
          >
            <Control def={def} field={f} secretSet={secretSet} />
          </Form.Item>
        );
      })}
      {/* Enter in a single-line input submits, as in any form. */}
      <button type="submit" hidden aria-hidden tabIndex={-1} />
    </Form>
  );
}
