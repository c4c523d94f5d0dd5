import { List, Select, Space, Tag, Typography } from 'antd';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { EvaluationMetric } from '../../../contract/resources/model-evaluate';
import { formatScore } from '../../components/charts/format';
import { scoreOf, useReportItems, type ReportItem } from './api';

/** Items the report lists, worst first; the report detail pages through all of them. */
export const WORST_ITEMS = 10;

/** A link to the report detail: one item, or every item in an order. */
export function itemsLink(
  path: string,
  id: number,
  query: { item?: number; sort?: string; metric?: string | null },
): string {
  const params = new URLSearchParams({ id: String(id) });
  if (query.item !== undefined) params.set('item', String(query.item));
  if (query.sort) params.set('sort', query.sort);
  if (query.metric) params.set('metric', query.metric);
  return `${path}?${params.toString()}`;
}

/**
 * Whether the element has come near the viewport (once true, it stays). Without an
 * IntersectionObserver (an old browser), at once.
 */
function useSeen<T extends Element>(margin: string) {
  const ref = useRef<T>(null);
  const [seen, setSeen] = useState(() => typeof IntersectionObserver === 'undefined');
  useEffect(() => {
    const el = ref.current;
    if (seen || !el) return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) setSeen(true);
      },
      { rootMargin: margin },
    );
    observer.observe(el);
    return () => observer.disconnect();
  }, [seen, margin]);
  return { ref, seen };
}

/** Each version's score of the metric on one item, the lowest marked. */
function VersionScores({ item, metric }: { item: ReportItem; metric: EvaluationMetric | null }) {
  const { i18n } = useTranslation();
  if (!metric) return null;
  return (
    <Space size={[4, 4]} wrap>
      {item.results.map((r) => {
        const score = scoreOf(r.scores, metric);
        return (
          <Tag
            key={r.id}
            color={score !== undefined && score === item.lowest ? 'error' : undefined}
            className="evaluate-worst__score"
          >
            {r.modelVersion} {score === undefined ? '-' : formatScore(score, i18n.language)}
          </Tag>
        );
      })}
    </Space>
  );
}

/**
 * The items some version did worst on (lowest score of a chosen metric first), each linking to
 * its answers side by side.
 */
export function ReportWorst({
  id,
  metrics,
  metric: chosen,
  onMetric,
  detailPath,
}: {
  id: number;
  metrics: readonly EvaluationMetric[];
  metric: EvaluationMetric | undefined;
  onMetric(metric: EvaluationMetric): void;
  detailPath: string | undefined;
}) {
  const { t, i18n } = useTranslation();
  const selectId = useId();
  // Below the chart, the table and the comparison: its call reads every result's scores again,
  // so it is made once the list comes near the viewport, not with the report's first paint.
  const { ref, seen } = useSeen<HTMLElement>('100px');
  const { items, total, metric, query } = useReportItems(seen ? String(id) : '', {
    current: 1,
    sort: 'worst',
    pageSize: WORST_ITEMS,
    ...(chosen ? { metric: chosen } : {}),
  });
  const shown = metric ?? chosen ?? null;
  const metricLabel = (m: string) => t(`model-evaluate.enums.metrics.${m}`, { defaultValue: m });
  const scored = items.filter((i) => i.lowest !== null);

  return (
    <section ref={ref} className="evaluate-worst" aria-labelledby="evaluate-worst-title">
      <div className="evaluate-worst__head">
        <Typography.Title level={5} id="evaluate-worst-title" className="evaluate-worst__title">
          {t('model-evaluate.report.worst.title')}
        </Typography.Title>
        <Space wrap>
          <label htmlFor={selectId}>{t('model-evaluate.report.worst.metric')}</label>
          <Select<EvaluationMetric>
            id={selectId}
            className="evaluate-worst__select"
            value={shown ?? undefined}
            options={metrics.map((m) => ({ value: m, label: metricLabel(m) }))}
            onChange={onMetric}
          />
          {detailPath && total > 0 && (
            <Link to={itemsLink(detailPath, id, { sort: 'worst', metric: shown })}>
              {t('model-evaluate.report.worst.all')}
            </Link>
          )}
        </Space>
      </div>
      <Typography.Paragraph type="secondary">
        {t('model-evaluate.report.worst.hint')}
      </Typography.Paragraph>
      <List<ReportItem>
        className="evaluate-worst__list"
        bordered
        size="small"
        loading={!seen || query.isFetching}
        dataSource={scored}
        locale={{ emptyText: t('model-evaluate.report.worst.empty') }}
        renderItem={(item) => (
          <List.Item
            className="evaluate-worst__item"
            data-item={item.itemId}
            actions={
              detailPath
                ? [
                    <Link
                      key="open"
                      to={itemsLink(detailPath, id, {
                        item: item.itemId,
                        sort: 'worst',
                        metric: shown,
                      })}
                    >
                      {t('model-evaluate.report.worst.open')}
                    </Link>,
                  ]
                : []
            }
          >
            <div className="evaluate-worst__lowest">
              <Typography.Text type="secondary" className="evaluate-worst__caption">
                {t('model-evaluate.report.worst.lowest')}
              </Typography.Text>
              <Typography.Text strong>
                {item.lowest === null ? '-' : formatScore(item.lowest, i18n.language)}
              </Typography.Text>
            </div>
            <div className="evaluate-worst__body">
              <Typography.Text className="evaluate-worst__question" ellipsis={{ tooltip: true }}>
                {t('model-evaluate.items.item', { id: item.itemId })} · {item.question}
              </Typography.Text>
              <VersionScores item={item} metric={shown} />
            </div>
          </List.Item>
        )}
      />
    </section>
  );
}
