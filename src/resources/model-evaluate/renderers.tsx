import { Badge, Progress, Space, Tag } from 'antd';
import type { BadgeProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { EmptyCell, InlineGroup } from '../../components/resource/cells';
import type { FieldRenderers } from '../../components/resource/field-format';

const STATE_STATUS: Record<string, BadgeProps['status']> = {
  pending: 'default',
  running: 'processing',
  completed: 'success',
  failed: 'error',
  cancelled: 'warning',
};

/** The state as a badge; a running evaluation also shows how far it got, when given. */
export function StateBadge({ state, progress }: { state: unknown; progress?: unknown }) {
  const { t } = useTranslation();
  const key = String(state ?? '');
  const label = t(`model-evaluate.enums.state.${key}`, { defaultValue: key });
  return (
    <Space direction="vertical" size={0} className="evaluate-state">
      <Badge status={STATE_STATUS[key] ?? 'default'} text={label} />
      {key === 'running' && progress !== undefined && (
        <Progress
          percent={Number(progress ?? 0)}
          size="small"
          className="evaluate-state__progress"
          aria-label={t('model-evaluate.fields.progress')}
        />
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
  state: (value, record) => <StateBadge state={value} progress={record?.progress} />,
  progress: (value) => `${Number(value ?? 0)}%`,
};
