import type { BaseRecord } from '@refinedev/core';
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFocusFirstField } from '../focus-first-field';
import type { ResourceDef } from '../../../contract/resource';
import { closeUnlessTouched } from './confirm-discard';
import { ResourceFormFields } from './ResourceFormFields';
import { useResourceForm, type FormMode } from './use-resource-form';

export interface ResourceFormModalProps {
  def: ResourceDef;
  mode: FormMode;
  /** The record being edited (needs id and version). */
  record?: BaseRecord;
  preset?: Readonly<Record<string, string | number>>;
  scope?: string;
  open: boolean;
  onClose(): void;
  /** After the closing animation, when antd has given the focus back (useDialog). */
  afterClose?(): void;
  onSaved?(record: BaseRecord): void;
}

export function ResourceFormModal({
  def,
  mode,
  record,
  preset,
  scope,
  open,
  onClose,
  afterClose,
  onSaved,
}: ResourceFormModalProps) {
  const { t } = useTranslation();
  const firstField = useFocusFirstField();
  const { form, fields, initial, secretsSet, submit, saving } = useResourceForm({
    def,
    mode,
    record,
    preset,
    scope,
    active: open,
    onSaved: (saved) => {
      onSaved?.(saved);
      onClose();
    },
  });

  const cancel = () => closeUnlessTouched(form, t, onClose);

  return (
    <Modal
      {...firstField}
      open={open}
      title={t(`${def.name}.titles.${mode}`)}
      okText={t('buttons.save')}
      cancelText={t('buttons.cancel')}
      confirmLoading={saving}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={cancel}
      afterClose={afterClose}
      destroyOnHidden
      maskClosable={false}
      width={560}
    >
      <ResourceFormFields
        def={def}
        form={form}
        fields={fields}
        initial={initial}
        secretsSet={secretsSet}
        name={`${def.name}-${mode}`}
        onSubmit={() => void submit().catch(() => undefined)}
      />
    </Modal>
  );
}
