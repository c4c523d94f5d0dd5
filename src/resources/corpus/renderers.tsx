import type { BaseRecord } from '@refinedev/core';
import { Progress, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldRenderers } from '../../components/resource/field-format';
import { EmptyCell } from '../../components/resource/cells';

const LABEL_COLORS: Record<string, string> = {
  correct: 'success',
  incorrect: 'error',
  'needs-review': 'warning',
};
const STATUS_COLORS: Record<string, string> = {
  pending: 'default',
  skipped: 'default',
  annotated: 'processing',
  disputed: 'warning',
  reviewed: 'success',
};
const STATE_COLORS: Record<string, string> = {
  pending: 'default',
  marking: 'processing',
  done: 'success',
};

export function LabelTag({ value }: { value: unknown }) {
  const { t } = useTranslation();
  if (typeof value !== 'string' || !value) return <EmptyCell />;
  return (
    <Tag color={LABEL_COLORS[value]}>
      {t(`corpus-item.enums.label.${value}`, { defaultValue: value })}
    </Tag>
  );
}

export function StatusTag({ value }: { value: unknown }) {
  const { t } = useTranslation();
  if (typeof value !== 'string' || !value) return null;
  return (
    <Tag color={STATUS_COLORS[value]}>
      {t(`corpus-item.enums.status.${value}`, { defaultValue: value })}
    </Tag>
  );
}

export function StateTag({ value }: { value: unknown }) {
  const { t } = useTranslation();
  if (typeof value !== 'string' || !value) return null;
  return (
    <Tag color={STATE_COLORS[value]}>
      {t(`corpus.enums.state.${value}`, { defaultValue: value })}
    </Tag>
  );
}

const count = (v: unknown) => (typeof v === 'number' ? v : Number(v ?? 0) || 0);

/** A set's counts as the pages show them. */
export function countsOf(record: BaseRecord | undefined) {
  return {
    items: count(record?.itemCount),
    annotated: count(record?.annotatedCount),
    reviewed: count(record?.reviewedCount),
  };
}

export function percentOf(part: number, whole: number): number {
  return whole > 0 ? Math.round((part / whole) * 1000) / 10 : 0;
}

/** `n` with a small bar of n out of the set's items. */
export function CountBar({ value, total, label }: { value: number; total: number; label: string }) {
  return (
    <Space size={8} className="corpus-count">
      <span>{value}</span>
      <Progress
        className="corpus-count__bar"
        percent={percentOf(value, total)}
        size="small"
        showInfo={false}
        aria-label={label}
      />
    </Space>
  );
}

/** Item cells: label and status as coloured tags. */
export const itemRenderers: FieldRenderers = {
  label: (value) => <LabelTag value={value} />,
  status: (value) => <StatusTag value={value} />,
};
