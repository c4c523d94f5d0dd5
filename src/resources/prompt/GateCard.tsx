import { CheckCircleFilled, CloseCircleFilled, ReloadOutlined } from '@ant-design/icons';
import { useCustom, useCustomMutation } from '@refinedev/core';
import { Button, Card, Progress, Space, Table, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { GateMetric, GateState, GateStatus } from '../../../contract/release-gate';
import { feedbackMessage } from '../../providers/feedback';
import { routeByName } from '../../routes/table';
import { useAccess } from '../view';
import { PROMPT_CALLS } from './api';

const STATE_COLOURS: Record<GateState, string> = {
  none: 'default',
  notStarted: 'default',
  running: 'processing',
  passed: 'success',
  failed: 'error',
};

/** The pending version's release gate, read once a second while its evaluation runs. */
export function useGateStatus(id: number, enabled: boolean) {
  const { result, query } = useCustom<GateStatus>({
    url: PROMPT_CALLS.gate,
    method: 'post',
    config: { payload: { id } },
    queryOptions: {
      enabled,
      retry: false,
      refetchInterval: (q) =>
        (q.state.data?.data as GateStatus | undefined)?.state === 'running' ? 1_000 : false,
    },
    errorNotification: false,
  });
  // Until the answer comes (or when it fails) there is no gate to show: approval is offered
  // as without one, and the server still refuses it while a gate has not passed.
  const data = result.data as Partial<GateStatus> | undefined;
  const gate = enabled && typeof data?.state === 'string' ? (data as GateStatus) : undefined;
  return { gate, refetch: query.refetch };
}

/**
 * Where the pending version stands against its scene's release gate: each metric's mean against
 * its threshold and the live version's, and the evaluation behind it.
 */
export function GateCard({
  id,
  gate,
  canRun,
  onStarted,
}: {
  id: number;
  gate: GateStatus;
  canRun: boolean;
  onStarted(): void;
}) {
  const { t } = useTranslation();
  const { canOpen } = useAccess();
  const reportRoute = routeByName('model-evaluate.report');
  const { mutateAsync, mutation } = useCustomMutation<GateStatus>();
  const value = (v: number | null) => (v === null ? '-' : v.toFixed(2));
  const rerun = async () => {
    try {
      await mutateAsync({
        url: PROMPT_CALLS.gateRun,
        method: 'post',
        values: { id },
        successNotification: false,
        errorNotification: false,
      });
      void feedbackMessage().success(t('prompt.gate.started'));
      onStarted();
    } catch {
      // the interceptor has shown why
    }
  };
  const report = (evaluationId: number | null, label: string) =>
    evaluationId !== null && reportRoute && canOpen(reportRoute) ? (
      <Link key={evaluationId} to={`${reportRoute.path}?id=${evaluationId}`}>
        {label}
      </Link>
    ) : null;

  const links = [
    report(gate.evaluationId, t('prompt.gate.openEvaluation')),
    report(gate.baselineEvaluationId, t('prompt.gate.openBaseline')),
  ].filter((link) => link !== null);

  return (
    <Card
      size="small"
      className="prompt-gate"
      title={t('prompt.gate.title', { scene: gate.sceneName ?? gate.sceneCode ?? '' })}
      extra={
        <Space>
          <Tag color={STATE_COLOURS[gate.state]} data-testid="gate-state">
            {t(`prompt.gate.states.${gate.state}`)}
          </Tag>
          {canRun && (gate.state === 'failed' || gate.state === 'notStarted') && (
            <Button
              size="small"
              icon={<ReloadOutlined aria-hidden />}
              loading={mutation.isPending}
              onClick={() => void rerun()}
            >
              {t('prompt.gate.run')}
            </Button>
          )}
        </Space>
      }
    >
      <Space direction="vertical" className="prompt-gate__body">
        {gate.state === 'running' && <Progress percent={gate.progress} size="small" />}
        {gate.state === 'notStarted' && (
          <Typography.Text type="secondary">{t('prompt.gate.notStartedHint')}</Typography.Text>
        )}
        <Table<GateMetric>
          size="small"
          pagination={false}
          rowKey="metric"
          dataSource={gate.metrics}
          columns={[
            {
              key: 'metric',
              title: t('prompt.gate.metric'),
              render: (_, m) => t(`model-evaluate.enums.metrics.${m.metric}`),
            },
            {
              key: 'threshold',
              title: t('prompt.gate.threshold'),
              render: (_, m) => `≥ ${m.threshold}`,
            },
            { key: 'value', title: t('prompt.gate.value'), render: (_, m) => value(m.value) },
            {
              key: 'baseline',
              title: t('prompt.gate.baseline'),
              render: (_, m) =>
                m.maxDrop === null
                  ? '-'
                  : t('prompt.gate.baselineValue', { value: value(m.baseline), drop: m.maxDrop }),
            },
            {
              key: 'pass',
              title: t('prompt.gate.result'),
              render: (_, m) =>
                gate.state === 'passed' || gate.state === 'failed' ? (
                  m.pass ? (
                    <Typography.Text type="success">
                      <CheckCircleFilled aria-hidden /> {t('prompt.gate.pass')}
                    </Typography.Text>
                  ) : (
                    <Typography.Text type="danger">
                      <CloseCircleFilled aria-hidden /> {t('prompt.gate.fail')}
                    </Typography.Text>
                  )
                ) : (
                  '-'
                ),
            },
          ]}
        />
        {links.length > 0 && <Space>{links}</Space>}
      </Space>
    </Card>
  );
}
