import { RollbackOutlined } from '@ant-design/icons';
import { Button, Select, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Ask } from '../../components/Ask';
import { formatDateTime } from '../../components/resource/field-format';
import { feedbackMessage } from '../../providers/feedback';
import { usePromptCall } from './api';
import { VersionStateTag } from './ReviewBadges';
import type { PromptRecord, PromptVersion } from './types';
import { VersionComparison } from './VersionComparison';
import './prompt.css';

/**
 * Default comparison: the live version against the draft waiting beside it (draft, pending or
 * rejected); with none, the two newest versions. Comparing live with itself says nothing.
 */
export function defaultPair(
  versions: readonly PromptVersion[],
  live?: number | null,
  pending?: number | null,
) {
  const numbers = versions.map((v) => v.number).sort((a, b) => b - a);
  if (live && pending && live !== pending && numbers.includes(live) && numbers.includes(pending)) {
    return { older: live, newer: pending };
  }
  const newer = numbers[0];
  return { older: numbers[1] ?? newer, newer };
}

/** Every saved change of a template, a side-by-side comparison of two, and restore. */
export function VersionHistory({
  record,
  versions,
  loading,
  canRestore,
  onChanged,
}: {
  record: PromptRecord;
  versions: PromptVersion[];
  loading: boolean;
  canRestore: boolean;
  onChanged(updated: PromptRecord): void;
}) {
  const { t } = useTranslation();
  const { call, pending } = usePromptCall();
  const fallback = defaultPair(versions, record.liveVersion, record.pendingVersion);
  const [chosen, setChosen] = useState<{ older?: number; newer?: number }>({});
  const olderNumber = chosen.older ?? fallback.older;
  const newerNumber = chosen.newer ?? fallback.newer;
  const older = versions.find((v) => v.number === olderNumber);
  const newer = versions.find((v) => v.number === newerNumber);
  const platform = record.isPublic === 1;

  const restore = async (number: number) => {
    try {
      const updated = await call('restore', { id: record.id, version: record.version, number });
      void feedbackMessage().success(
        platform
          ? t('prompt.history.restoredPlatform')
          : t('prompt.history.restoredPersonal', { n: updated.liveVersion ?? '' }),
      );
      onChanged(updated);
    } catch {
      // the interceptor has shown why
    }
  };

  const label = (v: PromptVersion) =>
    `v${v.number} · ${t(`prompt.versionState.${v.state}`)}${v.createdAt ? ` · ${formatDateTime(v.createdAt)}` : ''}`;
  const options = versions.map((v) => ({ value: v.number, label: label(v) }));
  // Restoring the live version or the draft itself would only copy what is already there.
  const restorable = (v: PromptVersion) =>
    canRestore && v.state !== 'live' && v.number !== record.pendingVersion;

  return (
    <Space direction="vertical" size="large" className="prompt-history">
      <Table<PromptVersion>
        size="small"
        rowKey="number"
        loading={loading}
        dataSource={versions}
        pagination={false}
        scroll={{ x: 'max-content' }}
        aria-label={t('prompt.history.title')}
        locale={{ emptyText: t('table.empty') }}
        columns={[
          { key: 'number', title: t('prompt.history.number'), render: (_, v) => `v${v.number}` },
          {
            key: 'state',
            title: t('prompt.history.state'),
            render: (_, v) => <VersionStateTag state={v.state} />,
          },
          {
            key: 'author',
            title: t('prompt.history.author'),
            render: (_, v) => v.authorName ?? v.authorId ?? '-',
          },
          {
            key: 'time',
            title: t('prompt.history.time'),
            render: (_, v) => formatDateTime(v.createdAt),
          },
          { key: 'note', title: t('prompt.history.note'), render: (_, v) => v.note || '-' },
          {
            key: 'reviewer',
            title: t('prompt.history.reviewer'),
            render: (_, v) => v.reviewerName ?? '-',
          },
          { key: 'reason', title: t('prompt.history.reason'), render: (_, v) => v.reason || '-' },
          {
            key: 'actions',
            title: t('table.actions'),
            render: (_, v) =>
              restorable(v) ? (
                <Ask
                  title={t('prompt.history.restoreConfirm', { n: v.number })}
                  okText={t('prompt.history.restore')}
                  cancelText={t('buttons.cancel')}
                  onConfirm={() => restore(v.number)}
                >
                  <Button
                    size="small"
                    icon={<RollbackOutlined aria-hidden />}
                    loading={pending}
                    aria-label={t('prompt.history.restoreVersion', { n: v.number })}
                  >
                    {t('prompt.history.restore')}
                  </Button>
                </Ask>
              ) : null,
          },
        ]}
      />
      {versions.length > 0 && (
        <>
          <Space wrap>
            <Typography.Text strong>{t('prompt.history.compare')}</Typography.Text>
            <Select
              aria-label={t('prompt.history.older')}
              className="prompt-history__select"
              value={olderNumber}
              options={options}
              onChange={(n: number) =>
                setChosen((c) => ({ ...c, older: n, newer: c.newer ?? newerNumber }))
              }
            />
            <span aria-hidden>→</span>
            <Select
              aria-label={t('prompt.history.newer')}
              className="prompt-history__select"
              value={newerNumber}
              options={options}
              onChange={(n: number) =>
                setChosen((c) => ({ ...c, newer: n, older: c.older ?? olderNumber }))
              }
            />
          </Space>
          {older && newer && (
            <VersionComparison
              older={older}
              newer={newer}
              olderLabel={label(older)}
              newerLabel={label(newer)}
            />
          )}
        </>
      )}
    </Space>
  );
}
