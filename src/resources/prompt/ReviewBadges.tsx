import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PromptRecord, ReviewState, VersionState } from './types';

const REVIEW_COLOURS: Record<Exclude<ReviewState, 'none'>, string> = {
  draft: 'default',
  pending: 'gold',
  rejected: 'error',
};

/** "live vN" and, when a newer version waits, its draft / pending review / rejected badge. */
export function ReviewBadges({ record }: { record: Partial<PromptRecord> }) {
  const { t } = useTranslation();
  const state = record.reviewState ?? 'none';
  return (
    <Space size={4} wrap>
      {typeof record.liveVersion === 'number' && (
        <Tag color="green">{t('prompt.badges.live', { n: record.liveVersion })}</Tag>
      )}
      {state !== 'none' && (
        <Tag color={REVIEW_COLOURS[state]}>
          {t(`prompt.badges.${state}`)}
          {record.pendingVersion ? ` v${record.pendingVersion}` : ''}
        </Tag>
      )}
    </Space>
  );
}

const VERSION_COLOURS: Record<VersionState, string> = {
  live: 'green',
  draft: 'default',
  pending: 'gold',
  rejected: 'error',
  archived: 'default',
};

export function VersionStateTag({ state }: { state: VersionState }) {
  const { t } = useTranslation();
  return <Tag color={VERSION_COLOURS[state]}>{t(`prompt.versionState.${state}`)}</Tag>;
}

/** Enabled / disabled, as a tag. */
export function StatusTag({ value }: { value: unknown }) {
  const { t } = useTranslation();
  if (value === undefined || value === null) return null;
  const on = Number(value) === 1;
  return <Tag color={on ? 'success' : 'default'}>{t(`prompt.enums.status.${on ? 1 : 0}`)}</Tag>;
}
