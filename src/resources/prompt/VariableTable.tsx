import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, Input, Select, Table, Typography } from 'antd';
import type { FormListFieldData } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { FIELD_NAME_PATTERN, isHttpUrl } from './placeholders';
import { LIMITS, VARIABLE_TYPES, type PromptVariable, type VariableType } from './types';
import './prompt.css';

/** A row's type, watched so its options / URL cells appear only where they apply. */
function useRowType(row: number): VariableType | undefined {
  const form = Form.useFormInstance();
  return Form.useWatch(['variables', row, 'type'], form) as VariableType | undefined;
}

function OptionsCell({ row, label }: { row: number; label: string }) {
  const { t } = useTranslation();
  const type = useRowType(row);
  if (type !== 'select') return <Typography.Text type="secondary">-</Typography.Text>;
  return (
    <Form.Item
      name={[row, 'options']}
      rules={[
        { required: true, type: 'array', min: 1, message: t('prompt.validation.optionsRequired') },
        {
          type: 'array',
          max: LIMITS.options,
          message: t('prompt.validation.optionsTooMany', { max: LIMITS.options }),
        },
      ]}
    >
      <Select
        mode="tags"
        open={false}
        suffixIcon={null}
        tokenSeparators={[',', '，']}
        aria-label={label}
        placeholder={t('prompt.variables.optionsHint')}
        className="prompt-variables__input"
      />
    </Form.Item>
  );
}

function UrlCell({ row, label }: { row: number; label: string }) {
  const { t } = useTranslation();
  const type = useRowType(row);
  if (type !== 'interface') return <Typography.Text type="secondary">-</Typography.Text>;
  return (
    <Form.Item
      name={[row, 'url']}
      rules={[
        { required: true, whitespace: true, message: t('prompt.validation.urlRequired') },
        {
          validator: (_, value: unknown) =>
            typeof value !== 'string' || value.trim() === '' || isHttpUrl(value.trim())
              ? Promise.resolve()
              : Promise.reject(new Error(t('prompt.validation.urlInvalid'))),
        },
      ]}
    >
      <Input aria-label={label} placeholder="https://" className="prompt-variables__input" />
    </Form.Item>
  );
}

/** Below this width the table scrolls sideways instead of squeezing its inputs. */
const MIN_TABLE_WIDTH = 900;

/**
 * The template's variables as an editable table (a Form.List named `variables`): name, type,
 * field name, options for a select, URL for an interface; field names are unique.
 */
export function VariableTable() {
  const { t } = useTranslation();
  const cell = (column: string, row: number) =>
    t('prompt.variables.cell', { column: t(`prompt.variables.${column}`), row: row + 1 });

  const fieldNameRules: Rule[] = [
    { required: true, whitespace: true, message: t('prompt.validation.fieldNameRequired') },
    { pattern: FIELD_NAME_PATTERN, message: t('prompt.validation.fieldNamePattern') },
    ({ getFieldValue }) => ({
      validator: (_, value: unknown) => {
        const rows = (getFieldValue('variables') ?? []) as Partial<PromptVariable>[];
        const name = typeof value === 'string' ? value.trim() : '';
        const same = rows.filter((r) => (r?.fieldName ?? '').trim() === name).length;
        return name && same > 1
          ? Promise.reject(new Error(t('prompt.validation.fieldNameDuplicate', { name })))
          : Promise.resolve();
      },
    }),
  ];

  return (
    <Form.List
      name="variables"
      rules={[
        {
          validator: (_, rows: unknown[] | undefined) =>
            (rows?.length ?? 0) > LIMITS.variables
              ? Promise.reject(
                  new Error(t('prompt.validation.tooManyVariables', { max: LIMITS.variables })),
                )
              : Promise.resolve(),
        },
      ]}
    >
      {(fields, { add, remove }, { errors }) => (
        <div className="prompt-variables">
          <Table<FormListFieldData>
            size="small"
            pagination={false}
            rowKey="key"
            dataSource={fields}
            // Fixed widths, the rest to the URL: room for an address and its error message at
            // a laptop's width; only a narrower window scrolls the table sideways.
            tableLayout="fixed"
            scroll={{ x: MIN_TABLE_WIDTH }}
            aria-label={t('prompt.variables.title')}
            locale={{ emptyText: t('prompt.variables.empty') }}
            columns={[
              {
                key: 'name',
                title: t('prompt.variables.name'),
                width: 150,
                render: (_, f) => (
                  <Form.Item
                    name={[f.name, 'name']}
                    rules={[
                      {
                        required: true,
                        whitespace: true,
                        message: t('prompt.validation.nameRequired'),
                      },
                      {
                        max: LIMITS.variableName,
                        message: t('prompt.validation.nameTooLong', { max: LIMITS.variableName }),
                      },
                    ]}
                  >
                    <Input aria-label={cell('name', f.name)} className="prompt-variables__input" />
                  </Form.Item>
                ),
              },
              {
                key: 'type',
                title: t('prompt.variables.type'),
                width: 130,
                render: (_, f) => (
                  <Form.Item name={[f.name, 'type']} initialValue="text">
                    <Select
                      aria-label={cell('type', f.name)}
                      className="prompt-variables__input"
                      options={VARIABLE_TYPES.map((v) => ({
                        value: v,
                        label: t(`prompt.variables.types.${v}`),
                      }))}
                    />
                  </Form.Item>
                ),
              },
              {
                key: 'fieldName',
                title: t('prompt.variables.fieldName'),
                width: 150,
                render: (_, f) => (
                  <Form.Item name={[f.name, 'fieldName']} rules={fieldNameRules}>
                    <Input
                      aria-label={cell('fieldName', f.name)}
                      className="prompt-variables__input"
                    />
                  </Form.Item>
                ),
              },
              {
                key: 'options',
                title: t('prompt.variables.options'),
                width: 200,
                render: (_, f) => <OptionsCell row={f.name} label={cell('options', f.name)} />,
              },
              {
                key: 'url',
                title: t('prompt.variables.url'),
                render: (_, f) => <UrlCell row={f.name} label={cell('url', f.name)} />,
              },
              {
                key: 'actions',
                title: t('table.actions'),
                width: 64,
                render: (_, f) => (
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined aria-hidden />}
                    aria-label={t('prompt.variables.remove', { row: f.name + 1 })}
                    onClick={() => remove(f.name)}
                  />
                ),
              },
            ]}
          />
          <Form.ErrorList errors={errors} />
          <Button
            className="prompt-variables__add"
            type="dashed"
            icon={<PlusOutlined aria-hidden />}
            disabled={fields.length >= LIMITS.variables}
            onClick={() => add({ name: '', type: 'text', fieldName: '' })}
          >
            {t('prompt.variables.add')}
          </Button>
          {fields.length >= LIMITS.variables && (
            // Why the button is disabled, where a keyboard and a touch see it too.
            <Typography.Text type="secondary" className="prompt-variables__limit">
              {t('prompt.validation.tooManyVariables', { max: LIMITS.variables })}
            </Typography.Text>
          )}
        </div>
      )}
    </Form.List>
  );
}

/** Rows as the server takes them: trimmed, options only for select, URL only for interface. */
export function cleanVariables(
  rows: readonly Partial<PromptVariable>[] | undefined,
): PromptVariable[] {
  return (rows ?? []).map((r) => {
    const type = (r.type ?? 'text') as VariableType;
    const out: PromptVariable = {
      name: (r.name ?? '').trim(),
      type,
      fieldName: (r.fieldName ?? '').trim(),
    };
    if (type === 'select') out.options = (r.options ?? []).map((o) => o.trim()).filter(Boolean);
    if (type === 'interface') out.url = (r.url ?? '').trim();
    return out;
  });
}
