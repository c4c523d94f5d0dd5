import { Checkbox, Col, Form, Input, InputNumber, Row, Select, type FormInstance } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  MODEL_PROVIDERS,
  PROVIDER_LIMITS,
  type ModelProvider,
} from '../../../contract/model-providers';
import { message } from '../../../contract/messages';
import { currentLocale } from '../../providers/i18n';
import './model-versions.css';

/** The provider select's value for "not connected" (the API's null). */
export const NO_PROVIDER = 'none';

export interface ProviderValues {
  provider: ModelProvider | typeof NO_PROVIDER;
  baseUrl?: string;
  model?: string;
  apiKey?: string;
  removeApiKey?: boolean;
  timeoutMs: number;
  maxConcurrency: number;
  retries: number;
  mockLatencyMs: number;
}

/**
 * The form's provider values as the API takes them. Only the shown fields are sent, so a switch
 * to the demo model keeps the stored address; the key only when typed or removed.
 */
export function providerPayload(values: Partial<ProviderValues>): Record<string, unknown> {
  const { provider, apiKey, removeApiKey, baseUrl, model, ...numbers } = values;
  const payload: Record<string, unknown> = {
    ...numbers,
    provider: !provider || provider === NO_PROVIDER ? null : provider,
  };
  if (baseUrl !== undefined) payload.baseUrl = baseUrl.trim() || null;
  if (model !== undefined) payload.model = model.trim() || null;
  if (apiKey?.trim()) payload.apiKey = apiKey.trim();
  else if (removeApiKey) payload.apiKey = null;
  return payload;
}

export const PROVIDER_DEFAULTS: ProviderValues = {
  provider: NO_PROVIDER,
  timeoutMs: PROVIDER_LIMITS.timeoutMs.default,
  maxConcurrency: PROVIDER_LIMITS.maxConcurrency.default,
  retries: PROVIDER_LIMITS.retries.default,
  mockLatencyMs: PROVIDER_LIMITS.mockLatencyMs.default,
};

/** How the console reaches a model version; the fields follow the chosen provider. */
export function ProviderFields({ form, apiKeySet }: { form: FormInstance; apiKeySet: boolean }) {
  const { t } = useTranslation();
  const provider = Form.useWatch('provider', form) as ProviderValues['provider'] | undefined;
  const label = (field: string) => t(`model-version.fields.${field}`);
  const required = (field: string) => ({
    required: true,
    message: t('form.required', { field: label(field) }),
  });
  const number = (field: keyof typeof PROVIDER_LIMITS & keyof ProviderValues) => {
    const limits = PROVIDER_LIMITS[field] as { min: number; max: number };
    return (
      <Form.Item
        name={field}
        label={label(field)}
        rules={[required(field)]}
        {...(field === 'mockLatencyMs' ? { extra: t('model-version.hints.mockLatencyMs') } : {})}
      >
        <InputNumber
          min={limits.min}
          max={limits.max}
          precision={0}
          className="admin-page__select"
        />
      </Form.Item>
    );
  };
  return (
    <>
      <Form.Item
        name="provider"
        label={label('provider')}
        extra={t('model-version.hints.provider')}
        rules={[required('provider')]}
      >
        <Select
          data-testid="model-version-provider"
          options={[NO_PROVIDER, ...MODEL_PROVIDERS].map((p) => ({
            value: p,
            label: t(`model-version.providers.${p}`),
          }))}
        />
      </Form.Item>
      {provider === 'mock' && number('mockLatencyMs')}
      {provider === 'openai-compatible' && (
        <>
          <Form.Item
            name="baseUrl"
            label={label('baseUrl')}
            extra={t('model-version.hints.baseUrl')}
            rules={[
              required('baseUrl'),
              { type: 'url', message: message(currentLocale(), 'badHttpUrl') },
              { max: PROVIDER_LIMITS.baseUrl.max },
            ]}
          >
            <Input placeholder="https://api.openai.com/v1" autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="model"
            label={label('model')}
            extra={t('model-version.hints.model')}
            rules={[required('model'), { max: PROVIDER_LIMITS.model.max }]}
          >
            <Input autoComplete="off" />
          </Form.Item>
          <Form.Item
            name="apiKey"
            label={label('apiKey')}
            extra={t(
              apiKeySet ? 'model-version.hints.apiKeySet' : 'model-version.hints.apiKeyUnset',
            )}
            rules={[{ max: PROVIDER_LIMITS.apiKey.max }]}
          >
            <Input.Password autoComplete="new-password" />
          </Form.Item>
          {apiKeySet && (
            <Form.Item name="removeApiKey" valuePropName="checked">
              <Checkbox>{t('model-version.apiKey.remove')}</Checkbox>
            </Form.Item>
          )}
          <Row gutter={16}>
            <Col xs={24} sm={8}>
              {number('timeoutMs')}
            </Col>
            <Col xs={24} sm={8}>
              {number('maxConcurrency')}
            </Col>
            <Col xs={24} sm={8}>
              {number('retries')}
            </Col>
          </Row>
        </>
      )}
    </>
  );
}
