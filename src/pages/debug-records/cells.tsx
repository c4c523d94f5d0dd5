import { Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatCost } from '../../../contract/figures';
import { currentLocale } from '../../providers/i18n';
import type { RecordSummary } from './api';
import type { RecordState } from './params';

const STATE_COLORS: Record<RecordState, string> = {
  ok: 'green',
  error: 'red',
  aborted: 'default',
};

export function StateTag({ state }: { state: RecordState }) {
  const { t } = useTranslation();
  return (
    <Tag color={STATE_COLORS[state]} data-testid="debug-record-state">
      {t(`debug.server.states.${state}`)}
    </Tag>
  );
}

export function SourceTag({ source }: { source: string }) {
  const { t } = useTranslation();
  // A source added on the server after this build still shows, by its code.
  return <Tag color="blue">{t(`debug.server.sources.${source}`, { defaultValue: source })}</Tag>;
}

/** "prompt + completion", marked when the tokenizer counted them instead of the model. */
export function Tokens({ record }: { record: RecordSummary }) {
  const { t } = useTranslation();
  const { promptTokens, completionTokens, tokensEstimated } = record;
  if (promptTokens === null && completionTokens === null) return <>-</>;
  const figure = (v: number | null) => (v === null ? '-' : v.toLocaleString(currentLocale()));
  return (
    <Space size={4} wrap={false}>
      <span>{`${figure(promptTokens)} + ${figure(completionTokens)}`}</span>
      {tokensEstimated && (
        <Tooltip title={t('debug.server.estimatedHint')}>
          <Typography.Text type="secondary" className="debug-records__estimated" tabIndex={0}>
            {t('debug.server.estimated')}
          </Typography.Text>
        </Tooltip>
      )}
    </Space>
  );
}

export const milliseconds = (v: number | null) =>
  v === null ? '-' : v.toLocaleString(currentLocale());

export const cost = (v: number | null) =>
  v === null ? '-' : formatCost(v, { locale: currentLocale() });
