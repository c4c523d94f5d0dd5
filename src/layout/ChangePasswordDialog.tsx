import { Alert, Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFocusFirstField } from '../components/focus-first-field';
import { validateRevealing } from '../components/reveal-first-error';
import { apiPath } from '../../contract/api';
import { feedbackMessage } from '../providers/feedback';
import { passwordRule, post, showIssues } from '../pages/users/api';
import { useStore } from '../stores/create-store';
import { userStore } from '../stores/user';

interface Values {
  oldPassword: string;
  newPassword: string;
  confirmPassword: string;
}

/**
 * "Change password" from the user menu, for every role: current, new and repeated
 * new password. The server ends the account's other sessions; this one goes on, and the dialog
 * says how many ended.
 */
export function ChangePasswordDialog({
  open,
  onClose,
  afterClose,
}: {
  open: boolean;
  onClose(): void;
  afterClose?(): void;
}) {
  const { t } = useTranslation();
  const firstField = useFocusFirstField();
  const { userName } = useStore(userStore);
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const [ended, setEnded] = useState<number | null>(null);

  const submit = async () => {
    // A field that fails shows its own message; the rejection is not an error to report.
    const values = await validateRevealing(form).catch(() => null);
    if (!values) return;
    const { oldPassword, newPassword } = values;
    setSaving(true);
    try {
      const answer = await post<{ endedSessions: number }>(apiPath('user', 'password'), {
        oldPassword,
        newPassword,
      });
      setEnded(answer.endedSessions);
      void feedbackMessage().success(t('user.password.changed'));
    } catch (error) {
      showIssues(form, error);
    } finally {
      setSaving(false);
    }
  };

  const required = (field: keyof Values) => ({
    required: true,
    message: t('form.required', { field: t(`user.fields.${field}`) }),
  });
  const done = ended !== null;

  return (
    <Modal
      {...firstField}
      open={open}
      title={t('user.actions.changePassword')}
      // No reset on close: the navbar mounts a new dialog for every opening, so it starts empty
      // and never shows the last passwords or result, and the closing one keeps its content as it
      // fades.
      onCancel={onClose}
      afterClose={afterClose}
      onOk={() => (done ? onClose() : void submit())}
      okText={done ? t('buttons.ok') : t('buttons.save')}
      cancelText={t('buttons.cancel')}
      footer={done ? (_, { OkBtn }) => <OkBtn /> : undefined}
      confirmLoading={saving}
    >
      {done && (
        <Alert
          type="success"
          showIcon
          className="password-changed"
          message={t('user.password.changed')}
          description={
            ended > 0
              ? t('user.password.otherSessionsEnded', { count: ended })
              : t('user.password.noOtherSessions')
          }
        />
      )}
      {/* Kept mounted (hidden) so the form instance stays connected while the result shows. */}
      <div hidden={done}>
        <Form form={form} name="password-change" layout="vertical" data-testid="password-form">
          {/* Whose password this is, for password managers (they file the new one under it). */}
          <input
            type="text"
            name="username"
            autoComplete="username"
            value={userName}
            readOnly
            hidden
          />
          <Form.Item
            name="oldPassword"
            label={t('user.fields.oldPassword')}
            rules={[required('oldPassword')]}
          >
            <Input.Password autoComplete="current-password" />
          </Form.Item>
          <Form.Item
            name="newPassword"
            label={t('user.fields.newPassword')}
            extra={t('user.password.rule')}
            dependencies={['oldPassword']}
            rules={[
              required('newPassword'),
              passwordRule(t('user.password.rule')),
              ({ getFieldValue }) => ({
                validator: (_, value) =>
                  value && value === getFieldValue('oldPassword')
                    ? Promise.reject(new Error(t('user.password.same')))
                    : Promise.resolve(),
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="confirmPassword"
            label={t('user.fields.confirmPassword')}
            dependencies={['newPassword']}
            rules={[
              required('confirmPassword'),
              ({ getFieldValue }) => ({
                validator: (_, value) =>
                  !value || value === getFieldValue('newPassword')
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('user.password.mismatch'))),
              }),
            ]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        </Form>
      </div>
    </Modal>
  );
}
