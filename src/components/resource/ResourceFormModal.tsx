import { useCreate, useUpdate, type BaseRecord, type HttpError } from '@refinedev/core';
import { Form, Input, InputNumber, Modal, Select, Switch } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import {
  formControlOf,
  writableFields,
  type FieldDef,
  type ResourceDef,
} from '../../../contract/resource';
import { feedbackModal } from '../../providers/feedback';
import { enumLabel, fieldLabel } from './field-format';
import { fieldRules } from './field-rules';

export interface ResourceFormModalProps {
  def: ResourceDef;
  mode: 'create' | 'edit';
  /** The record being edited (needs id and version). */
  record?: BaseRecord;
  open: boolean;
  onClose(): void;
  onSaved?(record: BaseRecord): void;
}

type Values = Record<string, unknown>;

function initialValues(def: ResourceDef, mode: 'create' | 'edit', record?: BaseRecord): Values {
  const out: Values = {};
  for (const f of writableFields(def, mode === 'edit' ? 'update' : 'create')) {
    out[f.name] = mode === 'edit' ? record?.[f.name] : (f.default ?? undefined);
  }
  return out;
}

/** Empty inputs of nullable fields mean null; untouched optional ones are left out. */
function cleanValues(fields: FieldDef[], values: Values): Values {
  const out: Values = {};
  for (const f of fields) {
    const v = values[f.name];
    if (v === undefined || v === '') {
      if (f.nullable) out[f.name] = null;
      continue;
    }
    out[f.name] = typeof v === 'string' ? v.trim() : v;
  }
  return out;
}

function Control({ def, field }: { def: ResourceDef; field: FieldDef }) {
  const { t } = useTranslation();
  switch (formControlOf(field)) {
    case 'textarea':
      return (
        <Input.TextArea
          autoSize={{ minRows: 3, maxRows: 8 }}
          showCount={!!field.max}
          maxLength={field.max}
        />
      );
    case 'number':
      return (
        <InputNumber style={{ width: '100%' }} min={field.min} max={field.max} precision={0} />
      );
    case 'select':
      return (
        <Select
          options={(field.options ?? []).map((o) => ({
            value: o,
            label: enumLabel(t, def, field.name, o),
          }))}
        />
      );
    case 'switch':
      return <Switch />;
    default:
      return <Input maxLength={field.max} showCount={!!field.max} />;
  }
}

export function ResourceFormModal({
  def,
  mode,
  record,
  open,
  onClose,
  onSaved,
}: ResourceFormModalProps) {
  const { t } = useTranslation();
  // antd types form values as `{}`-valued records; ours are plain JSON values.
  const [form] = Form.useForm<Record<string, object | string | number | boolean | undefined>>();
  const fields = writableFields(def, mode === 'edit' ? 'update' : 'create').filter(
    (f) => formControlOf(f) !== 'none',
  );
  const { mutate: create, mutation: createState } = useCreate<BaseRecord, HttpError, Values>();
  const { mutate: update, mutation: updateState } = useUpdate<BaseRecord, HttpError, Values>();
  const saving = createState.isPending || updateState.isPending;

  useEffect(() => {
    if (open) {
      form.resetFields();
      form.setFieldsValue(initialValues(def, mode, record) as Record<string, string | number>);
    }
  }, [open, def, mode, record, form]);

  const showServerErrors = (err: HttpError) => {
    if (!err.errors) return;
    form.setFields(
      Object.entries(err.errors).map(([name, msg]) => ({
        name,
        errors: [typeof msg === 'string' ? msg : Array.isArray(msg) ? msg.join(', ') : String(msg)],
      })),
    );
  };

  const submit = async () => {
    const values = cleanValues(fields, await form.validateFields());
    const done = {
      onSuccess: ({ data }: { data: BaseRecord }) => {
        onSaved?.(data);
        onClose();
      },
      onError: showServerErrors,
    };
    if (mode === 'create') {
      create({ resource: def.name, values, successNotification: false }, done);
    } else if (record?.id !== undefined) {
      update(
        {
          resource: def.name,
          id: record.id,
          values: { ...values, version: record.version },
          successNotification: false,
        },
        done,
      );
    }
  };

  const cancel = () => {
    if (!form.isFieldsTouched()) return onClose();
    feedbackModal().confirm({
      title: t('form.unsaved'),
      okText: t('buttons.ok'),
      cancelText: t('buttons.cancel'),
      onOk: onClose,
    });
  };

  return (
    <Modal
      open={open}
      title={t(`${def.name}.titles.${mode}`)}
      okText={t('buttons.save')}
      cancelText={t('buttons.cancel')}
      confirmLoading={saving}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={cancel}
      destroyOnHidden
      maskClosable={false}
      width={560}
    >
      <Form
        form={form}
        layout="vertical"
        name={`${def.name}-${mode}`}
        onFinish={() => void submit()}
      >
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
      </Form>
    </Modal>
  );
}
