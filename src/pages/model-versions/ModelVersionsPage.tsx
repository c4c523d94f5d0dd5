import { PlusOutlined, ReloadOutlined } from '@ant-design/icons';
import {
  Button,
  Card,
  Col,
  Form,
  Input,
  InputNumber,
  Modal,
  Row,
  Select,
  Space,
  Switch,
  Table,
  Tag,
  type TableColumnsType,
} from 'antd';
import { useCustom } from '@refinedev/core';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Ask } from '../../components/Ask';
import { useFocusFirstField } from '../../components/focus-first-field';
import { validateRevealing } from '../../components/reveal-first-error';
import { apiPath } from '../../../contract/api';
import { PROMPT_MODEL_TYPES } from '../../../contract/resources/prompt';
import { feedbackMessage } from '../../providers/feedback';
import { post, showIssues } from '../users/api';
import '../users/admin-pages.css';
import { useActionsFixed } from '../../components/actions-column';
import type { ModelProvider } from '../../../contract/model-providers';
import {
  NO_PROVIDER,
  PROVIDER_DEFAULTS,
  ProviderFields,
  providerPayload,
  type ProviderValues,
} from './ProviderFields';
import { TryDialog } from './TryDialog';

type ModelType = (typeof PROMPT_MODEL_TYPES)[number];
export interface ModelVersion {
  id: number;
  modelType: ModelType;
  name: string;
  version: string;
  enabled: boolean;
  promptPrice: number;
  completionPrice: number;
  provider: ModelProvider | null;
  baseUrl?: string | null;
  model?: string | null;
  apiKeySet?: boolean;
  timeoutMs?: number;
  maxConcurrency?: number;
  retries?: number;
  mockLatencyMs?: number;
}
type FormValues = Omit<ModelVersion, 'id' | keyof ProviderValues | 'apiKeySet'> & ProviderValues;
type Dialog = { kind: 'create' } | { kind: 'edit'; row: ModelVersion } | null;

/**
 * Model versions (admin only): the versions forms and filters offer, with their prices
 * per 1 000 tokens; create and edit in a dialog, delete when nothing uses the version.
 */
export default function ModelVersionsPage() {
  const { t } = useTranslation();
  const [modelType, setModelType] = useState<ModelType | undefined>();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [trying, setTrying] = useState<ModelVersion | null>(null);
  const stopTrying = useCallback(() => setTrying(null), []);
  const { query: fetch, result } = useCustom<{ list: ModelVersion[] }>({
    url: apiPath('model', 'version', 'list'),
    method: 'post',
    config: { payload: modelType ? { modelType } : {} },
    queryOptions: { retry: false },
    errorNotification: false,
  });
  const list = result.data?.list ?? [];
  const loading = fetch.isFetching;
  const load = () => fetch.refetch();

  const remove = async (row: ModelVersion) => {
    try {
      await post(apiPath('model', 'version', 'delete'), { id: row.id });
      void feedbackMessage().success(t('model-version.notices.deleted', { version: row.version }));
      void load();
    } catch {
      // In use: the interceptor shows the server's reason.
    }
  };

  const price = (v: number) => v.toFixed(4).replace(/\.?0+$/, '') || '0';
  const actionsFixed = useActionsFixed();
  const columns: TableColumnsType<ModelVersion> = [
    { title: t('model-version.fields.modelType'), dataIndex: 'modelType' },
    { title: t('model-version.fields.name'), dataIndex: 'name' },
    { title: t('model-version.fields.version'), dataIndex: 'version' },
    {
      title: t('model-version.fields.enabled'),
      dataIndex: 'enabled',
      render: (enabled: boolean) => (
        <Tag color={enabled ? 'green' : 'default'}>{t(`model-version.enabled.${enabled}`)}</Tag>
      ),
    },
    {
      title: t('model-version.fields.provider'),
      dataIndex: 'provider',
      render: (provider: ModelProvider | null, row) => (
        <Space size={4}>
          <Tag color={provider === 'mock' ? 'purple' : provider ? 'blue' : 'default'}>
            {t(`model-version.providers.${provider ?? NO_PROVIDER}`)}
          </Tag>
          {provider === 'openai-compatible' && row.model}
        </Space>
      ),
    },
    { title: t('model-version.fields.promptPrice'), dataIndex: 'promptPrice', render: price },
    {
      title: t('model-version.fields.completionPrice'),
      dataIndex: 'completionPrice',
      render: price,
    },
    {
      title: t('table.actions'),
      key: 'actions',
      // Kept in view when the table scrolls sideways, as on the users' page.
      fixed: actionsFixed,
      render: (_, row) => (
        <Space size={0}>
          <Button type="link" size="small" onClick={() => setDialog({ kind: 'edit', row })}>
            {t('buttons.edit')}
          </Button>
          <Button type="link" size="small" disabled={!row.provider} onClick={() => setTrying(row)}>
            {t('model-version.test.button')}
          </Button>
          <Ask
            title={t('model-version.confirmDelete', { version: row.version })}
            onConfirm={() => remove(row)}
            okText={t('buttons.delete')}
            okButtonProps={{ danger: true }}
            cancelText={t('buttons.cancel')}
          >
            <Button type="link" size="small" danger>
              {t('buttons.delete')}
            </Button>
          </Ask>
        </Space>
      ),
    },
  ];

  return (
    <Card title={t('model-version.titles.list')} data-testid="model-versions-page">
      <Space wrap className="admin-page__toolbar">
        <Select<ModelType>
          allowClear
          placeholder={t('model-version.filters.modelType')}
          className="admin-page__select"
          options={PROMPT_MODEL_TYPES.map((m) => ({ value: m, label: m }))}
          onChange={setModelType}
        />
        <Button icon={<ReloadOutlined />} onClick={() => void load()}>
          {t('buttons.refresh')}
        </Button>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          data-testid="model-version-create"
          onClick={() => setDialog({ kind: 'create' })}
        >
          {t('buttons.create')}
        </Button>
      </Space>
      <Table<ModelVersion>
        rowKey="id"
        size="middle"
        loading={loading}
        columns={columns}
        dataSource={list}
        pagination={{ pageSize: 20, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
      />
      <TryDialog version={trying} onClose={stopTrying} />
      <VersionDialog
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

function VersionDialog({
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
  const [form] = Form.useForm<FormValues>();
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!dialog) return;
    form.resetFields();
    if (dialog.kind === 'edit') {
      const { provider, baseUrl, model, ...row } = dialog.row;
      form.setFieldsValue({
        ...PROVIDER_DEFAULTS,
        ...row,
        provider: provider ?? NO_PROVIDER,
        baseUrl: baseUrl ?? '',
        model: model ?? '',
      });
    } else {
      form.setFieldsValue({
        ...PROVIDER_DEFAULTS,
        modelType: 'CHATGPT',
        enabled: true,
        promptPrice: 0,
        completionPrice: 0,
      });
    }
  }, [dialog, form]);

  const submit = async () => {
    if (!dialog) return;
    // A field that fails shows its own message; the rejection is not an error to report.
    const valid = await validateRevealing(form).catch(() => null);
    if (!valid) return;
    const { modelType, name, version, enabled, promptPrice, completionPrice } = valid;
    const values = {
      modelType,
      name,
      version,
      enabled,
      promptPrice,
      completionPrice,
      ...providerPayload(valid),
    };
    setSaving(true);
    try {
      if (dialog.kind === 'create') {
        await post(apiPath('model', 'version', 'create'), values);
        void feedbackMessage().success(
          t('model-version.notices.created', { version: values.version }),
        );
      } else {
        await post(apiPath('model', 'version', 'update'), { id: dialog.row.id, ...values });
        void feedbackMessage().success(t('model-version.notices.saved'));
      }
      onSaved();
    } catch (error) {
      showIssues(form, error);
    } finally {
      setSaving(false);
    }
  };

  const required = (field: string) => ({
    required: true,
    message: t('form.required', { field: t(`model-version.fields.${field}`) }),
  });
  const priceItem = (name: 'promptPrice' | 'completionPrice') => (
    <Form.Item
      name={name}
      label={t(`model-version.fields.${name}`)}
      extra={t('model-version.priceHint')}
      rules={[required(name)]}
    >
      <InputNumber min={0} max={999_999} step={0.001} className="admin-page__select" />
    </Form.Item>
  );

  return (
    <Modal
      {...firstField}
      open={!!dialog}
      title={dialog ? t(`model-version.titles.${dialog.kind}`) : ''}
      onCancel={onClose}
      onOk={() => void submit()}
      confirmLoading={saving}
      okText={t('buttons.save')}
      cancelText={t('buttons.cancel')}
      forceRender
    >
      <Form form={form} name="model-version" layout="vertical" data-testid="model-version-form">
        <Form.Item
          name="modelType"
          label={t('model-version.fields.modelType')}
          rules={[required('modelType')]}
        >
          <Select options={PROMPT_MODEL_TYPES.map((m) => ({ value: m, label: m }))} />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('model-version.fields.name')}
          rules={[required('name'), { max: 64 }]}
        >
          <Input />
        </Form.Item>
        <Form.Item
          name="version"
          label={t('model-version.fields.version')}
          rules={[required('version'), { max: 64 }]}
        >
          <Input />
        </Form.Item>
        <Form.Item name="enabled" label={t('model-version.fields.enabled')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Row gutter={16}>
          <Col xs={24} sm={12}>
            {priceItem('promptPrice')}
          </Col>
          <Col xs={24} sm={12}>
            {priceItem('completionPrice')}
          </Col>
        </Row>
        <ProviderFields
          form={form}
          apiKeySet={dialog?.kind === 'edit' && dialog.row.apiKeySet === true}
        />
      </Form>
    </Modal>
  );
}
