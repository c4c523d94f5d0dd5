import { RollbackOutlined, TagOutlined } from '@ant-design/icons';
import { Button, Select, Space, Table, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Ask } from '../../components/Ask';
import { formatDateTime } from '../../components/resource/field-format';
import { useDialog } from '../../components/use-dialog';
import { feedbackMessage } from '../../providers/feedback';
import { usePromptCall, usePromptLabelCall } from './api';
import { VersionStateTag } from './ReviewBadges';
import type { PromptRecord, PromptVersion } from './types';
import { VersionComparison } from './VersionComparison';
import { labelsOf, SetLabelDialog, VersionLabels } from './VersionLabels';
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

/**
 * Every saved change of a template, a side-by-side comparison of two, and restore. A platform
 * template's versions show their labels; whoever may label (`canLabel`) sets and removes them.
 */
export function VersionHistory({
  record,
  versions,
  loading,
  canRestore,
  canLabel,
  onChanged,
  onLabelsChanged,
}: {
  record: PromptRecord;
  versions: PromptVersion[];
  loading: boolean;
  canRestore: boolean;
  canLabel: boolean;
  onChanged(updated: PromptRecord): void;
  onLabelsChanged(): void;
}) {
  const { t } = useTranslation();
  const { call, pending } = usePromptCall();
  const { call: callLabel, pending: labelling } = usePromptLabelCall();
  const dialog = useDialog<PromptVersion>();
  const fallback = defaultPair(versions, record.liveVersion, record.pendingVersion);
  const [chosen, setChosen] = useState<{ older?: number; newer?: number }>({});
  const olderNumber = chosen.older ?? fallback.older;
  const newerNumber = chosen.newer ?? fallback.newer;
  const older = versions.find((v) => v.number === olderNumber);
  const newer = versions.find((v) => v.number === newerNumber);
  const platform = record.isPublic === 1;
  const labels = useMemo(() => labelsOf(versions), [versions]);

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

  const setLabel = async (label: string) => {
    const number = dialog.state?.number;
    if (number === undefined) return;
    try {
      await callLabel('label', { id: record.id, label, number });
      void feedbackMessage().success(t('prompt.labels.done', { label, n: number }));
      dialog.close();
      onLabelsChanged();
    } catch {
      // the interceptor has shown why
    }
  };

  const removeLabel = async (label: string) => {
    try {
      await callLabel('unlabel', { id: record.id, label });
      void feedbackMessage().success(t('prompt.labels.removed', { label }));
      onLabelsChanged();
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
    <>
      <Space direction="vertical" size="large" className="prompt-history">
        {canLabel && (
          <Typography.Paragraph type="secondary" className="prompt-history__hint">
            {t('prompt.labels.hint')}
          </Typography.Paragraph>
        )}
        <Table<PromptVersion>
          size="small"
          rowKey="number"
          loading={loading}
          dataSource={versions}
          pagination={false}
          // As wide as the card, the free texts wrapping; wider (scrolled) only when even
          // wrapped they do not fit, as on a phone. At its content's full width it overflowed a
          // laptop's window.
          scroll={{ x: true }}
          aria-label={t('prompt.history.title')}
          locale={{ emptyText: t('table.empty') }}
          columns={[
            { key: 'number', title: t('prompt.history.number'), render: (_, v) => `v${v.number}` },
            {
              key: 'state',
              title: t('prompt.history.state'),
              render: (_, v) => <VersionStateTag state={v.state} />,
            },
            // Only platform templates are fetched by label: a personal one never has any.
            ...(platform
              ? [
                  {
                    key: 'labels',
                    title: t('prompt.labels.column'),
                    render: (_: unknown, v: PromptVersion) => (
                      <VersionLabels
                        version={v}
                        onRemove={canLabel ? (l) => void removeLabel(l) : undefined}
                      />
                    ),
                  },
                ]
              : []),
            {
              key: 'author',
              title: t('prompt.history.author'),
              className: 'prompt-history__nowrap',
              render: (_, v) => v.authorName ?? v.authorId ?? '-',
            },
            {
              key: 'time',
              title: t('prompt.history.time'),
              className: 'prompt-history__nowrap',
              render: (_, v) => formatDateTime(v.createdAt),
            },
            { key: 'note', title: t('prompt.history.note'), render: (_, v) => v.note || '-' },
            {
              key: 'reviewer',
              title: t('prompt.history.reviewer'),
              className: 'prompt-history__nowrap',
              render: (_, v) => v.reviewerName ?? '-',
            },
            {
              key: 'reason',
              title: t('prompt.history.reason'),
              render: (_, v) =>
                v.gateOverride ? (
                  <span>
                    <Tag color="orange">{t('prompt.gate.overridden')}</Tag>
                    {v.gateOverride}
                  </span>
                ) : (
                  v.reason || '-'
                ),
            },
            {
              key: 'actions',
              title: t('table.actions'),
              render: (_, v) => (
                <Space size="small" wrap>
                  {canLabel && (
                    <Button
                      size="small"
                      icon={<TagOutlined aria-hidden />}
                      aria-label={t('prompt.labels.setFor', { n: v.number })}
                      onClick={() => dialog.show(v)}
                    >
                      {t('prompt.labels.set')}
                    </Button>
                  )}
                  {restorable(v) && (
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
                  )}
                </Space>
              ),
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
      {dialog.state && (
        <SetLabelDialog
          key={dialog.key}
          version={dialog.state}
          labels={labels}
          open={dialog.open}
          pending={labelling}
          onCancel={dialog.close}
          afterClose={dialog.afterClose}
          onSet={(l) => void setLabel(l)}
        />
      )}
    </>
  );
}
