import { Alert, Card, Descriptions, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { PromptRunResult } from '../../../../contract/playground';
import { formatCost } from '../../../../contract/figures';

export interface RunState {
  modelVersion: string;
  /** The answer so far. */
  text: string;
  demo: boolean;
  /** Set once the version has finished. */
  result?: PromptRunResult;
}

/** One model version's answer as it streams in, then its figures and its debug record. */
export function RunResult({ state, running }: { state: RunState; running: boolean }) {
  const { t } = useTranslation();
  const { result } = state;
  const ms = (value: number | null | undefined) =>
    value === null || value === undefined ? '-' : t('prompt.playground.ms', { value });
  return (
    <Card
      size="small"
      className="playground__result"
      data-testid="playground-result"
      title={
        <span>
          {state.modelVersion}{' '}
          {state.demo && <Tag color="purple">{t('prompt.playground.demo')}</Tag>}
        </span>
      }
    >
      {result?.error ? (
        <Alert
          type={result.error.kind === 'aborted' ? 'info' : 'error'}
          showIcon
          message={t(`model-version.errors.${result.error.kind}`)}
          description={result.error.kind === 'aborted' ? undefined : result.error.message}
        />
      ) : state.text ? (
        <Typography.Paragraph className="playground__answer" data-testid="playground-answer">
          {state.text}
        </Typography.Paragraph>
      ) : running ? (
        <Spin size="small" tip={t('prompt.playground.waiting')}>
          <div className="playground__waiting" />
        </Spin>
      ) : (
        !result && (
          <Typography.Text type="secondary">{t('prompt.playground.stopped')}</Typography.Text>
        )
      )}
      {result && !result.error && (
        <Descriptions size="small" column={2} className="playground__figures">
          <Descriptions.Item label={t('prompt.playground.ttft')}>
            {ms(result.ttftMs)}
          </Descriptions.Item>
          <Descriptions.Item label={t('prompt.playground.latency')}>
            {ms(result.latencyMs)}
          </Descriptions.Item>
          <Descriptions.Item label={t('prompt.playground.tokens')}>
            {`${result.promptTokens} + ${result.completionTokens}`}
            {result.tokensEstimated && (
              <Tag className="playground__estimated">{t('prompt.playground.estimated')}</Tag>
            )}
          </Descriptions.Item>
          <Descriptions.Item label={t('prompt.playground.cost')}>
            {result.cost === null ? '-' : formatCost(result.cost)}
          </Descriptions.Item>
        </Descriptions>
      )}
      {result && (
        <Link to={`/debug-records?record=${result.debugRecordId}`} data-testid="playground-record">
          {t('prompt.playground.debugRecord')}
        </Link>
      )}
    </Card>
  );
}
