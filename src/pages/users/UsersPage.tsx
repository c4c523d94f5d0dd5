import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import {
  Button,
  Card,
  Form,
  Input,
  Modal,
  Select,
  Space,
  Table,
  Tag,
  type TableColumnsType,
} from 'antd';
import { useCustom } from '@refinedev/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Ask } from '../../components/Ask';
import { useActionsFixed } from '../../components/actions-column';
import { useFocusFirstField } from '../../components/focus-first-field';
import { validateRevealing } from '../../components/reveal-first-error';
import { apiPath } from '../../../contract/api';
import { USER_NAME_PATTERN, USER_ROLES } from '../../../contract/account-rules';
import type { UserAdmin } from '../../../contract/auth';
// A table's date-times in the compact form of every resource list.
import { formatDateTime } from '../../components/resource/field-format';
import { feedbackMessage } from '../../providers/feedback';
import { useStore } from '../../stores/create-store';
import { userStore } from '../../stores/user';
import { passwordRule, post, showIssues } from './api';
import './admin-pages.css';

type Role = (typeof USER_ROLES)[number];
interface Query {
  current: number;
  pageSize: number;
  keyword?: string;
  role?: Role;
  status?: 0 | 1;
}
type Dialog =
  | { kind: 'create' }
  | { kind: 'edit'; user: UserAdmin }
  | { kind: 'reset'; user: UserAdmin }
  | null;

const USER_NAME_RE = new RegExp(`^(?:${USER_NAME_PATTERN.regex})$`);

/**
 * Account administration (admin only): accounts with keyword, role and status filters;
 * create, edit, disable or enable (confirmed), and password reset.
 */
export default function UsersPage() {
  const { t } = useTranslation();
  const me = useStore(userStore);
  const [query, setQuery] = useState<Query>({ current: 1, pageSize: 10 });
  const [dialog, setDialog] = useState<Dialog>(null);
  // refine's query: keyed by the body, so a filter change fetches and the page stays cached.
  const { query: fetch, result } = useCustom<{ list: UserAdmin[]; total: number }>({
    url: apiPath('user', 'page'),
    method: 'post',
    config: { payload: query },
    queryOptions: { retry: false },
    errorNotification: false,
  });
  const data = result.data ?? { list: [], total: 0 };
  const loading = fetch.isFetching;
  const load = () => fetch.refetch();

  const setStatus = async (user: UserAdmin, enable: boolean) => {
    try {
      await post(apiPath('user', enable ? 'enable' : 'disable'), { id: user.id });
      void feedbackMessage().success(
        t(enable ? 'user.notices.enabled' : 'user.notices.disabled', { userName: user.userName }),
      );
      void load();
    } catch {
      // Shown by the interceptor.
    }
  };

  const actionsFixed = useActionsFixed();
  const columns: TableColumnsType<UserAdmin> = [
    { title: t('user.fields.userName'), dataIndex: 'userName' },
    { title: t('user.fields.name'), dataIndex: 'name', render: (v: string | null) => v || '-' },
    {
      title: t('user.fields.role'),
      dataIndex: 'role',
      render: (role: Role) => (
        <Tag color={role === 'admin' ? 'gold' : 'blue'}>{t(`roles.${role}`)}</Tag>
      ),
    },
    {
      title: t('user.fields.status'),
      dataIndex: 'status',
      render: (status: number) => (
        <Tag color={status === 1 ? 'green' : 'default'} data-testid="user-status">
          {t(`user.enums.status.${status}`)}
        </Tag>
      ),
    },
    { title: t('user.fields.email'), dataIndex: 'email', render: (v: string | null) => v || '-' },
    {
      title: t('user.fields.createdAt'),
      dataIndex: 'createdAt',
      render: (v: string) => formatDateTime(v) || '-',
    },
    {
      title: t('user.fields.lastLoginAt'),
      dataIndex: 'lastLoginAt',
      render: (v: string | null) => formatDateTime(v) || '-',
    },
    {
      title: t('table.actions'),
      key: 'actions',
      // Kept in view when the table scrolls sideways, except on a phone (see useActionsFixed).
      fixed: actionsFixed,
      render: (_, user) => {
        const self = user.id === me.id;
        return (
          <Space size={0} wrap>
            <Button type="link" size="small" onClick={() => setDialog({ kind: 'edit', user })}>
              {t('buttons.edit')}
            </Button>
            <Button type="link" size="small" onClick={() => setDialog({ kind: 'reset', user })}>
              {t('user.actions.resetPassword')}
            </Button>
            {self ? (
              <Tag>{t('user.self')}</Tag>
            ) : user.status === 1 ? (
              <Ask
                title={t('user.confirm.disable', { userName: user.userName })}
                onConfirm={() => setStatus(user, false)}
                okText={t('user.actions.disable')}
                okButtonProps={{ danger: true }}
                cancelText={t('buttons.cancel')}
              >
                <Button type="link" size="small" danger data-testid="user-disable">
                  {t('user.actions.disable')}
                </Button>
              </Ask>
            ) : (
              <Ask
                title={t('user.confirm.enable', { userName: user.userName })}
                onConfirm={() => setStatus(user, true)}
                okText={t('user.actions.enable')}
                cancelText={t('buttons.cancel')}
              >
                <Button type="link" size="small" data-testid="user-enable">
                  {t('user.actions.enable')}
                </Button>
              </Ask>
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <Card title={t('user.titles.list')} data-testid="users-page">
      <Space wrap className="admin-page__toolbar">
        <Input.Search
          allowClear
          placeholder={t('user.filters.keyword')}
          aria-label={t('user.filters.keyword')}
          onSearch={(keyword) =>
            setQuery((q) => ({ ...q, current: 1, keyword: keyword || undefined }))
          }
          className="admin-page__search"
        />
        <Select<Role>
          allowClear
          placeholder={t('user.filters.role')}
          className="admin-page__select"
          options={USER_ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
          onChange={(role) => setQuery((q) => ({ ...q, current: 1, role }))}
        />
        <Select<0 | 1>
          allowClear
          placeholder={t('user.filters.status')}
          className="admin-page__select"
          options={([1, 0] as const).map((s) => ({ value: s, label: t(`user.enums.status.${s}`) }))}
          onChange={(status) => setQuery((q) => ({ ...q, current: 1, status }))}
        />
        <Button icon={<ReloadOutlined />} onClick={() => void load()}>
          {t('buttons.refresh')}
        </Button>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          data-testid="user-create"
          onClick={() => setDialog({ kind: 'create' })}
        >
          {t('buttons.create')}
        </Button>
      </Space>
      <Table<UserAdmin>
        rowKey="id"
        size="middle"
        loading={loading}
        columns={columns}
        dataSource={data.list}
        scroll={{ x: 'max-content' }}
        pagination={{
          current: query.current,
          pageSize: query.pageSize,
          total: data.total,
          showSizeChanger: true,
          onChange: (current, pageSize) => setQuery((q) => ({ ...q, current, pageSize })),
        }}
      />
      <UserDialog
        dialog={dialog}
        onClose={() => setDialog(null)}
        onSaved={() => {
          setDialog(null);
          void load();
        }}
      />
    </Card>
  );
}

interface UserForm {
  userName?: string;
  password?: string;
  role?: Role;
  name?: string;
  email?: string;
}

/** Create, edit or reset-password modal; server field issues land under their fields. */
function UserDialog({
  dialog,
  onClose,
  onSaved,
}: {
  dialog: Dialog;
  onClose(): void;
  onSaved(): void;
}) {
  const { t } = useTranslation();
  const firstField = useFocusFirstField();
  const me = useStore(userStore);
  // The server refuses an admin's own demotion (it could leave no admin): the select says so.
  const ownAccount = dialog?.kind === 'edit' && dialog.user.id === me.id;
  const [form] = Form.useForm<UserForm>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!dialog) return;
    form.resetFields();
    if (dialog.kind === 'edit') {
      const { name, email, role } = dialog.user;
      form.setFieldsValue({ name: name ?? '', email: email ?? '', role });
    }
    if (dialog.kind === 'create') form.setFieldsValue({ role: 'user' });
  }, [dialog, form]);

  const submit = async () => {
    if (!dialog) return;
    // A field that fails shows its own message; the rejection is not an error to report.
    const values = await validateRevealing(form).catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      if (dialog.kind === 'create') {
        const created = await post<UserAdmin>(apiPath('user', 'create'), values);
        void feedbackMessage().success(t('user.notices.created', { userName: created.userName }));
      } else if (dialog.kind === 'edit') {
        await post(apiPath('user', 'update'), {
          id: dialog.user.id,
          version: dialog.user.version,
          ...values,
        });
        void feedbackMessage().success(t('user.notices.saved'));
      } else {
        await post(apiPath('user', 'reset-password'), {
          id: dialog.user.id,
          password: values.password,
        });
        void feedbackMessage().success(t('user.notices.passwordReset'));
      }
      onSaved();
    } catch (error) {
      showIssues(form, error);
    } finally {
      setSaving(false);
    }
  };

  const title = !dialog
    ? ''
    : dialog.kind === 'reset'
      ? t('user.titles.resetPassword', { userName: dialog.user.userName })
      : t(`user.titles.${dialog.kind}`);
  const required = (field: string) => ({
    required: true,
    message: t('form.required', { field: t(`user.fields.${field}`) }),
  });
  const passwordRules = [required('password'), passwordRule(t('user.password.rule'))];

  return (
    <Modal
      {...firstField}
      open={!!dialog}
      title={title}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={saving}
      okText={t('buttons.save')}
      cancelText={t('buttons.cancel')}
      forceRender
    >
      <Form form={form} name="user" layout="vertical" data-testid="user-form">
        {dialog?.kind === 'create' && (
          <Form.Item
            name="userName"
            label={t('user.fields.userName')}
            extra={USER_NAME_PATTERN.example}
            rules={[
              required('userName'),
              {
                pattern: USER_NAME_RE,
                message: t('user.fields.userName') + ': ' + USER_NAME_PATTERN.example,
              },
            ]}
          >
            <Input autoComplete="off" />
          </Form.Item>
        )}
        {(dialog?.kind === 'create' || dialog?.kind === 'reset') && (
          <Form.Item
            name="password"
            label={t('user.fields.password')}
            extra={t('user.password.rule')}
            rules={passwordRules}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
        )}
        {dialog?.kind !== 'reset' && (
          <>
            <Form.Item
              name="role"
              label={t('user.fields.role')}
              rules={[required('role')]}
              // Why the select is disabled, where a keyboard and a screen reader find it too.
              extra={ownAccount ? t('user.ownRole') : undefined}
            >
              <Select
                disabled={ownAccount}
                options={USER_ROLES.map((r) => ({ value: r, label: t(`roles.${r}`) }))}
              />
            </Form.Item>
            <Form.Item name="name" label={t('user.fields.name')} rules={[{ max: 64 }]}>
              <Input />
            </Form.Item>
            <Form.Item name="email" label={t('user.fields.email')} rules={[{ type: 'email' }]}>
              <Input />
            </Form.Item>
          </>
        )}
      </Form>
    </Modal>
  );
}
