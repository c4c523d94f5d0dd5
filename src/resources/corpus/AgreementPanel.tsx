import { useCustom, useInvalidate } from '@refinedev/core';
import { Alert, Button, Card, Empty, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Ask } from '../../components/Ask';
import { feedbackMessage } from '../../providers/feedback';
import { CORPUS_CALLS, useCorpusCall, type Agreement, type AnnotatorLabel } from './api';
import { LabelTag } from './renderers';

const who = (a: { id: string; name: string | null }) => a.name || a.id;

/** Landis & Koch's bands, the usual way to read a kappa. */
export function kappaBand(kappa: number | null): string {
  if (kappa === null) return 'undefined';
  if (kappa < 0) return 'poor';
  if (kappa <= 0.2) return 'slight';
  if (kappa <= 0.4) return 'fair';
  if (kappa <= 0.6) return 'moderate';
  if (kappa <= 0.8) return 'substantial';
  return 'almostPerfect';
}

const BAND_COLORS: Record<string, string> = {
  poor: 'red',
  slight: 'volcano',
  fair: 'orange',
  moderate: 'gold',
  substantial: 'green',
  almostPerfect: 'cyan',
  undefined: 'default',
};

/**
 * How far the two annotators of each pair agree on the items both labelled (percent and Cohen's
 * kappa), and the items they disagree on, each settled by a reviewer choosing one label.
 */
export function AgreementPanel({
  corpusId,
  canReview,
  onChanged,
}: {
  corpusId: number;
  canReview: boolean;
  /** A settled disagreement changed the set's counts. */
  onChanged(): void;
}) {
  const { t } = useTranslation();
  const invalidate = useInvalidate();
  const { call, pending } = useCorpusCall();
  const { result, query } = useCustom<Agreement>({
    url: CORPUS_CALLS.agreement,
    method: 'post',
    config: { payload: { id: corpusId } },
    queryOptions: { retry: false },
    errorNotification: false,
  });
  const agreement = query.isSuccess ? (result.data as Agreement | undefined) : undefined;

  const settle = async (itemId: number, version: number, label: AnnotatorLabel) => {
    try {
      await call('review', {
        id: itemId,
        version,
        decision: 'correct',
        label: label.label,
        ...(label.recommendedAnswer ? { recommendedAnswer: label.recommendedAnswer } : {}),
      });
      void feedbackMessage().success(t('corpus.agreement.settled'));
      void query.refetch();
      void invalidate({ resource: 'corpus-item', invalidates: ['list', 'detail'] });
      void invalidate({ resource: 'corpus', invalidates: ['list'] });
      onChanged();
    } catch {
      // The http interceptor has already said what failed; the list stays as it was.
    }
  };

  if (query.isError) {
    return (
      <Card>
        <Empty description={t('corpus.agreement.failed')} />
      </Card>
    );
  }

  return (
    <Space direction="vertical" size={16} className="corpus-agreement">
      <Alert
        type="info"
        showIcon
        message={t('corpus.agreement.kappaTitle')}
        description={t('corpus.agreement.kappaHelp')}
      />
      <Card title={t('corpus.agreement.pairs')} size="small">
        <Table
          size="small"
          loading={query.isLoading}
          aria-label={t('corpus.agreement.pairs')}
          rowKey={(p) => `${p.a.id}|${p.b.id}`}
          dataSource={agreement?.pairs ?? []}
          pagination={false}
          locale={{ emptyText: t('corpus.agreement.noPairs') }}
          columns={[
            {
              key: 'pair',
              title: t('corpus.agreement.pair'),
              render: (_, p) => `${who(p.a)} · ${who(p.b)}`,
            },
            { key: 'items', dataIndex: 'items', title: t('corpus.agreement.items') },
            { key: 'agreed', dataIndex: 'agreed', title: t('corpus.agreement.agreed') },
            {
              key: 'percent',
              title: t('corpus.agreement.percent'),
              render: (_, p) => (p.percent === null ? '-' : `${(p.percent * 100).toFixed(1)}%`),
            },
            {
              key: 'kappa',
              title: t('corpus.agreement.kappa'),
              render: (_, p) => {
                const band = kappaBand(p.kappa);
                return (
                  <Space size={4}>
                    <span>{p.kappa === null ? '-' : p.kappa.toFixed(3)}</span>
                    <Tag color={BAND_COLORS[band]}>{t(`corpus.agreement.bands.${band}`)}</Tag>
                  </Space>
                );
              },
            },
          ]}
        />
      </Card>
      <Card title={t('corpus.agreement.disagreements')} size="small">
        <Table
          size="small"
          loading={query.isLoading}
          aria-label={t('corpus.agreement.disagreements')}
          rowKey="itemId"
          dataSource={agreement?.disagreements ?? []}
          pagination={{ pageSize: 10, hideOnSinglePage: true }}
          locale={{ emptyText: t('corpus.agreement.noDisagreements') }}
          columns={[
            {
              key: 'question',
              title: t('corpus-item.fields.question'),
              render: (_, d) => (
                <Typography.Paragraph
                  ellipsis={{ rows: 2, tooltip: d.question }}
                  className="corpus-cell__text"
                >
                  {d.question}
                </Typography.Paragraph>
              ),
            },
            {
              key: 'labels',
              title: t('corpus.agreement.labels'),
              render: (_, d) => (
                <Space direction="vertical" size={4}>
                  {d.labels.map((l) => (
                    <Space key={l.annotatorId} size={4} wrap>
                      <Typography.Text>{l.annotatorName || l.annotatorId}</Typography.Text>
                      <LabelTag value={l.label} />
                      {canReview && d.status !== 'reviewed' && (
                        <Ask
                          title={t('corpus.agreement.settleConfirm', {
                            label: t(`corpus-item.enums.label.${l.label}`),
                          })}
                          okText={t('corpus.agreement.settle')}
                          cancelText={t('buttons.cancel')}
                          onConfirm={() => settle(d.itemId, d.version, l)}
                        >
                          <Button size="small" type="link" loading={pending}>
                            {t('corpus.agreement.settle')}
                          </Button>
                        </Ask>
                      )}
                    </Space>
                  ))}
                </Space>
              ),
            },
            {
              key: 'status',
              title: t('corpus-item.fields.status'),
              render: (_, d) =>
                t(`corpus-item.enums.status.${d.status}`, { defaultValue: d.status }),
            },
          ]}
        />
      </Card>
    </Space>
  );
}
