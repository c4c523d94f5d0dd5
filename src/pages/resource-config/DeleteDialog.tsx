import { Alert, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeclarationEntry } from '../../../contract/resource-config-api';
import { feedbackMessage } from '../../providers/feedback';
import { declarationApi, isConflict } from './api';

/**
 * Deleting a declaration takes its rows with it, so the admin types the resource's name (the
 * server checks the same `confirm`). Keyed by the entry in the parent, so each opening starts
 * empty.
 */
export function DeleteDialog({
  entry,
  onClose,
  onDeleted,
  onConflict,
}: {
  entry: DeclarationEntry | null;
  onClose(): void;
  onDeleted(): void;
  onConflict(): void;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const matches = !!entry && typed === entry.name;

  const remove = async () => {
    if (!entry || !matches) return;
    setBusy(true);
    try {
      await declarationApi.remove(entry.name, entry.version, typed);
      void feedbackMessage().success(t('resourceConfig.notices.deleted', { name: entry.name }));
      onDeleted();
    } catch (error) {
      if (isConflict(error)) {
        void feedbackMessage().warning(t('resourceConfig.conflict', { name: entry.name }));
        onConflict();
      }
      // Other refusals: the interceptor has shown the server's reason; the dialog stays.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={!!entry}
      title={entry ? t('resourceConfig.delete.title', { name: entry.name }) : ''}
      onCancel={onClose}
      onOk={() => void remove()}
      okText={t('resourceConfig.delete.ok')}
      cancelText={t('buttons.cancel')}
      okButtonProps={{ danger: true, disabled: !matches }}
      confirmLoading={busy}
      data-testid="delete-dialog"
    >
      {entry && (
        <>
          <Alert
            type="warning"
            showIcon
            message={
              entry.rows === null
                ? t('resourceConfig.delete.warningRest')
                : t('resourceConfig.delete.warning', { rows: entry.rows })
            }
          />
          {/* Enter in the one input submits the form: the keyboard path to delete. */}
          <Form
            layout="vertical"
            className="resource-config__delete-form"
            onFinish={() => void remove()}
          >
            <Form.Item
              label={t('resourceConfig.delete.typeName', { name: entry.name })}
              validateStatus={typed && !matches ? 'error' : undefined}
              help={typed && !matches ? t('resourceConfig.delete.mismatch') : undefined}
            >
              <Input
                autoFocus
                value={typed}
                onChange={(e) => setTyped(e.target.value)}
                autoComplete="off"
                data-testid="delete-confirm-input"
              />
            </Form.Item>
          </Form>
        </>
      )}
    </Modal>
  );
}
