import type { FormInstance } from 'antd';
import { Form, Input, InputNumber, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { formControlOf, type FieldDef, type ResourceDef } from '../../../contract/resource';
import { enumLabel, fieldLabel } from './field-format';
import { fieldRules } from './field-rules';
import { ReferenceSelect } from './ReferenceSelect';

/** What Form.Item injects into its child: the control must pass it on to the input. */
interface Injected {
  value?: never;
  checked?: never;
  onChange?: never;
  id?: string;
  'aria-invalid'?: boolean;
}

function Control({ def, field, ...injected }: { def: ResourceDef; field: FieldDef } & Injected) {
  const { t } = useTranslation();
  switch (formControlOf(field)) {
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
          precision={0}
        />
      );
    case 'tags':
      return <Select {...injected} mode="tags" tokenSeparators={[',', '，']} open={false} />;
    case 'select':
      if (field.reference) return <ReferenceSelect {...injected} field={field} />;
      return (
        <Select
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
      return <Input {...injected} maxLength={field.max} showCount={!!field.max} />;
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
}

/** The fields of a resource form, with rules that match the server's validation. */
export function ResourceFormFields({
  def,
  form,
  fields,
  initial,
  name,
  onSubmit,
}: ResourceFormFieldsProps) {
  const { t } = useTranslation();
  return (
    <Form form={form} layout="vertical" name={name} initialValues={initial} onFinish={onSubmit}>
      {fields.map((f) => {
        const label = fieldLabel(t, def, f.name);
        return (
          <Form.Item
            key={f.name}
            name={f.name}
            label={label}
            rules={fieldRules(t, f, label)}
            valuePropName={formControlOf(f) === 'switch' ? 'checked' : 'value'}
          >
            <Control def={def} field={f} />
          </Form.Item>
        );
      })}
      {/* Enter in a single-line input submits, as in any form. */}
      <button type="submit" hidden aria-hidden tabIndex={-1} />
    </Form>
  );
}
