import { Badge, Progress, Space, Tag } from 'antd';
import type { BadgeProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { EmptyCell, InlineGroup } from '../../components/resource/cells';
import type { FieldRenderers } from '../../components/resource/field-format';
import { useRunProgress } from './api';

const STATE_STATUS: Record<string, BadgeProps['status']> = {
  pending: 'default',
  running: 'processing',
  completed: 'success',
  failed: 'error',
  cancelled: 'warning',
};

/** "about 2 min left" from seconds. */
export function useTimeLeft() {
  const { t } = useTranslation();
  return (seconds: number | null | undefined) => {
    if (seconds === null || seconds === undefined || seconds <= 0) return '';
    const time =
      seconds < 90
        ? t('model-evaluate.live.seconds', { n: Math.ceil(seconds) })
        : t('model-evaluate.live.minutes', { n: Math.ceil(seconds / 60) });
    return t('model-evaluate.live.left', { time });
  };
}

/**
 * The state as a badge; a running evaluation also shows how far it got, asked again every
 * second when its id is given.
 */
export function StateBadge({
  state,
  progress,
  id,
}: {
  state: unknown;
  progress?: unknown;
  id?: number;
}) {
  const { t } = useTranslation();
  const key = String(state ?? '');
  const live = useRunProgress(id ?? 0, key === 'running' && id !== undefined);
  const timeLeft = useTimeLeft();
  const shown = live?.state ?? key;
  const label = t(`model-evaluate.enums.state.${shown}`, { defaultValue: shown });
  const percent = live?.progress ?? Number(progress ?? 0);
  return (
    <Space direction="vertical" size={0} className="evaluate-state">
      <Badge status={STATE_STATUS[shown] ?? 'default'} text={label} />
      {shown === 'running' && progress !== undefined && (
        <Progress
          percent={percent}
          size="small"
          className="evaluate-state__progress"
          aria-label={t('model-evaluate.fields.progress')}
        />
      )}
      {shown === 'running' && live && (
        <span className="evaluate-state__left">{timeLeft(live.etaSeconds)}</span>
      )}
    </Space>
  );
}

/** Model versions as tags, the baseline marked. */
export function VersionTags({ versions, baseline }: { versions: unknown; baseline?: unknown }) {
  const { t } = useTranslation();
  const list = Array.isArray(versions) ? versions.map(String) : [];
  if (!list.length) return <EmptyCell />;
  return (
    <InlineGroup>
      {list.map((v) => (
        <Tag key={v} color={v === baseline ? 'blue' : undefined}>
          {v}
          {v === baseline ? ` · ${t('model-evaluate.report.baselineTag')}` : ''}
        </Tag>
      ))}
    </InlineGroup>
  );
}

/** The metric names translated. */
export function MetricTags({ metrics }: { metrics: unknown }) {
  const { t } = useTranslation();
  const list = Array.isArray(metrics) ? metrics.map(String) : [];
  if (!list.length) return <EmptyCell />;
  return (
    <InlineGroup>
      {list.map((m) => (
        <Tag key={m}>{t(`model-evaluate.enums.metrics.${m}`, { defaultValue: m })}</Tag>
      ))}
    </InlineGroup>
  );
}

export const evaluateRenderers: FieldRenderers = {
  modelVersions: (value, record) => (
    <VersionTags versions={value} baseline={record?.baselineVersion} />
  ),
  metrics: (value) => <MetricTags metrics={value} />,
  state: (value, record) => (
    <StateBadge
      state={value}
      progress={record?.progress}
      {...(typeof record?.id === 'number' ? { id: record.id } : {})}
    />
  ),
  progress: (value) => `${Number(value ?? 0)}%`,
};
