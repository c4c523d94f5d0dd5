import { KeyOutlined, PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import { useSelect } from '@refinedev/antd';
import { useCustom } from '@refinedev/core';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  DatePicker,
  Empty,
  Form,
  Input,
  Modal,
  Select,
  Space,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from 'antd';
import type { Dayjs } from 'dayjs';
import dayjs from 'dayjs';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { apiPath } from '../../../contract/api';
import {
  API_KEY_SCOPES,
  API_KEY_STATES,
  PUBLIC_API_PREFIX,
  type ApiKey,
  type ApiKeyCreated,
  type ApiKeyScope,
  type ApiKeyState,
} from '../../../contract/api-keys';
import { Ask } from '../../components/Ask';
import { useActionsFixed } from '../../components/actions-column';
import { useFocusFirstField } from '../../components/focus-first-field';
import { validateRevealing } from '../../components/reveal-first-error';
import { formatDateTime } from '../../components/resource/field-format';
import { feedbackMessage } from '../../providers/feedback';
import { post, showIssues } from '../users/api';
import '../users/admin-pages.css';
import './api-keys.css';

const STATE_COLORS: Record<ApiKeyState, string> = {
  active: 'green',
  expired: 'orange',
  revoked: 'default',
};
const PAGE_SIZES = [10, 20, 50, 100];

/** A scope's text key: i18next reads a colon as a namespace separator. */
const scopeKey = (scope: ApiKeyScope) => scope.replace(':', '-');

/** The list's query, kept in the address so a reload or a shared link shows the same page. */
function useQuery() {
  const [params, setParams] = useSearchParams();
  const size = Number(params.get('size'));
  const state = params.get('state');
  const query = {
    current: Math.max(1, Number(params.get('page')) || 1),
    pageSize: PAGE_SIZES.includes(size) ? size : 10,
    keyword: params.get('keyword') || undefined,
    state: (API_KEY_STATES as readonly string[]).includes(state ?? '')
      ? (state as ApiKeyState)
      : undefined,
  };
  const setQuery = (next: Partial<typeof query>) =>
    setParams(
      (prev) => {
        const out = new URLSearchParams(prev);
        const merged = { ...query, ...next };
        const put = (key: string, value: string | undefined, fallback?: string) =>
          value && value !== fallback ? out.set(key, value) : out.delete(key);
        put('page', String(merged.current), '1');
        put('size', String(merged.pageSize), '10');
        put('keyword', merged.keyword);
        put('state', merged.state);
        return out;
      },
      { replace: true },
    );
  return [query, setQuery] as const;
}

/**
 * The public API's keys (admin only): list with keyword and state filters, create (the secret
 * shown once) and revoke (confirmed).
 */
export default function ApiKeysPage() {
  const { t } = useTranslation();
  const [query, setQuery] = useQuery();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const { query: fetch, result } = useCustom<{ list: ApiKey[]; total: number }>({
    url: apiPath('api-key', 'page'),
    method: 'post',
    config: { payload: query },
    queryOptions: { retry: false },
    errorNotification: false,
  });
  const data = result.data ?? { list: [], total: 0 };
  const load = () => fetch.refetch();

  const revoke = async (key: ApiKey) => {
    try {
      await post(apiPath('api-key', 'revoke'), { id: key.id });
      void feedbackMessage().success(t('apiKey.notices.revoked', { name: key.name }));
      void load();
    } catch {
      // Shown by the interceptor.
    }
  };

  const actionsFixed = useActionsFixed();
  const time = (v: string | null, none = '-') => (v ? formatDateTime(v) : none);
  const columns: TableColumnsType<ApiKey> = [
    { title: t('apiKey.fields.name'), dataIndex: 'name' },
    {
      title: t('apiKey.fields.prefix'),
      dataIndex: 'prefix',
      render: (prefix: string) => <Typography.Text code>{`${prefix}…`}</Typography.Text>,
    },
    {
      title: t('apiKey.fields.scopes'),
      dataIndex: 'scopes',
      render: (scopes: ApiKeyScope[]) => (
        <Space size={[0, 4]} wrap>
          {scopes.map((s) => (
            <Tag key={s} color="blue">
              {t(`apiKey.scopes.${scopeKey(s)}`)}
            </Tag>
          ))}
        </Space>
      ),
    },
    {
      title: t('apiKey.fields.sceneCodes'),
      dataIndex: 'sceneCodes',
      render: (codes: string[] | null) =>
        codes ? (
          <Space size={[0, 4]} wrap>
            {codes.map((c) => (
              <Tag key={c}>{c}</Tag>
            ))}
          </Space>
        ) : (
          t('apiKey.allScenes')
        ),
    },
    {
      title: t('apiKey.fields.state'),
      dataIndex: 'state',
      render: (state: ApiKeyState) => (
        <Tag color={STATE_COLORS[state]} data-testid="api-key-state">
          {t(`apiKey.states.${state}`)}
        </Tag>
      ),
    },
    { title: t('apiKey.fields.createdBy'), dataIndex: 'createdBy', render: (v) => v || '-' },
    { title: t('apiKey.fields.createdAt'), dataIndex: 'createdAt', render: (v) => time(v) },
    {
      title: t('apiKey.fields.lastUsedAt'),
      dataIndex: 'lastUsedAt',
      render: (v: string | null) => time(v, t('apiKey.never')),
    },
    {
      title: t('apiKey.fields.expiresAt'),
      dataIndex: 'expiresAt',
      render: (v: string | null) => time(v, t('apiKey.never')),
    },
    {
      title: t('table.actions'),
      key: 'actions',
      fixed: actionsFixed,
      render: (_, key) =>
        key.state === 'revoked' ? (
          '-'
        ) : (
          <Ask
            title={t('apiKey.confirm.revoke', { name: key.name })}
            onConfirm={() => revoke(key)}
            okText={t('apiKey.actions.revoke')}
            okButtonProps={{ danger: true }}
            cancelText={t('buttons.cancel')}
          >
            <Button type="link" size="small" danger data-testid="api-key-revoke">
              {t('apiKey.actions.revoke')}
            </Button>
          </Ask>
        ),
    },
  ];

  return (
    <Card title={t('apiKey.titles.list')} data-testid="api-keys-page">
      <Typography.Paragraph type="secondary">{t('apiKey.hint')}</Typography.Paragraph>
      <Space wrap className="admin-page__toolbar">
        <Input.Search
          allowClear
          defaultValue={query.keyword}
          placeholder={t('apiKey.filters.keyword')}
          aria-label={t('apiKey.filters.keyword')}
          onSearch={(keyword) => setQuery({ current: 1, keyword: keyword || undefined })}
          className="admin-page__search"
        />
        <Select<ApiKeyState>
          allowClear
          value={query.state}
          placeholder={t('apiKey.filters.state')}
          aria-label={t('apiKey.filters.state')}
          className="admin-page__select"
          options={API_KEY_STATES.map((s) => ({ value: s, label: t(`apiKey.states.${s}`) }))}
          onChange={(state) => setQuery({ current: 1, state })}
        />
        <Button icon={<ReloadOutlined />} onClick={() => void load()}>
          {t('buttons.refresh')}
        </Button>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          data-testid="api-key-create"
          onClick={() => setCreating(true)}
        >
          {t('buttons.create')}
        </Button>
      </Space>
      <Table<ApiKey>
        rowKey="id"
        size="middle"
        loading={fetch.isFetching}
        columns={columns}
        dataSource={data.list}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description={t('apiKey.empty')} /> }}
        pagination={{
          current: query.current,
          pageSize: query.pageSize,
          pageSizeOptions: PAGE_SIZES,
          total: data.total,
          showSizeChanger: true,
          onChange: (current, pageSize) => setQuery({ current, pageSize }),
        }}
      />
      <CreateDialog
        open={creating}
        onClose={() => setCreating(false)}
        onCreated={(key) => {
          setCreating(false);
          setCreated(key);
          void load();
        }}
      />
      <SecretDialog created={created} onClose={() => setCreated(null)} />
    </Card>
  );
}

interface CreateForm {
  name?: string;
  scopes?: ApiKeyScope[];
  sceneCodes?: string[];
  expiresAt?: Dayjs | null;
}

function CreateDialog({
  open,
  onClose,
  onCreated,
}: {
  open: boolean;
  onClose(): void;
  onCreated(key: ApiKeyCreated): void;
}) {
  const { t } = useTranslation();
  const firstField = useFocusFirstField();
  const [form] = Form.useForm<CreateForm>();
  const [saving, setSaving] = useState(false);
  const { selectProps } = useSelect({
    resource: 'scene',
    optionValue: 'sceneCode',
    optionLabel: 'sceneName',
    pagination: { pageSize: 50, mode: 'server' },
    queryOptions: { enabled: open },
    errorNotification: false,
  });

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({ scopes: ['prompts:read'] });
  }, [open, form]);

  const submit = async () => {
    const values = await validateRevealing(form).catch(() => null);
    if (!values) return;
    setSaving(true);
    try {
      const key = await post<ApiKeyCreated>(apiPath('api-key', 'create'), {
        name: values.name,
        scopes: values.scopes,
        ...(values.sceneCodes?.length ? { sceneCodes: values.sceneCodes } : {}),
        ...(values.expiresAt ? { expiresAt: values.expiresAt.format() } : {}),
      });
      onCreated(key);
    } catch (error) {
      showIssues(form, error);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      {...firstField}
      open={open}
      title={t('apiKey.titles.create')}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={saving}
      okText={t('buttons.save')}
      cancelText={t('buttons.cancel')}
      forceRender
    >
      <Form
        form={form}
        name="api-key"
        layout="vertical"
        data-testid="api-key-form"
        onFinish={() => void submit()}
      >
        <Form.Item
          name="name"
          label={t('apiKey.fields.name')}
          rules={[
            {
              required: true,
              whitespace: true,
              message: t('form.required', { field: t('apiKey.fields.name') }),
            },
            { max: 64, message: t('form.tooLong', { field: t('apiKey.fields.name'), max: 64 }) },
          ]}
        >
          <Input autoComplete="off" onPressEnter={() => void submit()} />
        </Form.Item>
        <Form.Item
          name="scopes"
          label={t('apiKey.fields.scopes')}
          rules={[{ required: true, type: 'array', min: 1, message: t('apiKey.scopesRequired') }]}
        >
          <Checkbox.Group className="api-key-form__scopes">
            <Space direction="vertical" size={4}>
              {API_KEY_SCOPES.map((s) => (
                <Checkbox key={s} value={s}>
                  {t(`apiKey.scopes.${scopeKey(s)}`)}{' '}
                  <Typography.Text type="secondary">
                    {t(`apiKey.scopeHints.${scopeKey(s)}`)}
                  </Typography.Text>
                </Checkbox>
              ))}
            </Space>
          </Checkbox.Group>
        </Form.Item>
        <Form.Item
          name="sceneCodes"
          label={t('apiKey.fields.sceneCodes')}
          extra={t('apiKey.scenesHint')}
        >
          <Select<string[]>
            mode="multiple"
            allowClear
            showSearch
            placeholder={t('apiKey.allScenes')}
            options={selectProps.options}
            loading={selectProps.loading}
            onSearch={selectProps.onSearch}
            filterOption={false}
          />
        </Form.Item>
        <Form.Item
          name="expiresAt"
          label={t('apiKey.fields.expiresAt')}
          extra={t('apiKey.expiresHint')}
          rules={[
            {
              validator: (_, value: Dayjs | null | undefined) =>
                !value || value.isAfter(dayjs())
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('apiKey.inThePast'))),
            },
          ]}
        >
          <DatePicker
            showTime
            className="api-key-form__date"
            placeholder={t('apiKey.never')}
            disabledDate={(d) => d.isBefore(dayjs(), 'day')}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** The new key's secret, this once, with a line that uses it; closing forgets it. */
function SecretDialog({ created, onClose }: { created: ApiKeyCreated | null; onClose(): void }) {
  const { t } = useTranslation();
  const origin = typeof window === 'undefined' ? '' : window.location.origin;
  const example = created
    ? `curl -H "Authorization: Bearer ${created.secret}" "${origin}${PUBLIC_API_PREFIX}/prompts/<templateId>?label=production"`
    : '';
  return (
    <Modal
      open={!!created}
      title={
        <Space>
          <KeyOutlined aria-hidden />
          {created ? t('apiKey.titles.created', { name: created.name }) : ''}
        </Space>
      }
      onCancel={onClose}
      // Closing by accident would lose the secret: only the button closes it.
      maskClosable={false}
      // Closed, the secret leaves the page too.
      destroyOnHidden
      footer={
        <Button type="primary" onClick={onClose} data-testid="api-key-secret-done">
          {t('apiKey.done')}
        </Button>
      }
    >
      {created && (
        <Space direction="vertical" size={12} className="api-key-secret">
          <Alert type="warning" showIcon message={t('apiKey.secretOnce')} />
          <Typography.Paragraph
            code
            copyable={{ tooltips: [t('apiKey.copy'), t('apiKey.copied')] }}
            className="api-key-secret__value"
            data-testid="api-key-secret"
          >
            {created.secret}
          </Typography.Paragraph>
          <Typography.Text type="secondary">{t('apiKey.example')}</Typography.Text>
          <Typography.Paragraph
            code
            copyable={{ tooltips: [t('apiKey.copy'), t('apiKey.copied')] }}
            className="api-key-secret__example"
          >
            {example}
          </Typography.Paragraph>
        </Space>
      )}
    </Modal>
  );
}
