import { Card, Empty } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Chart } from '../../components/charts/Chart';
import { spacedTicks } from '../../components/charts/ticks';
import { formatBucket, formatCompact, formatCount } from '../../components/charts/format';
import { PanelSkeleton } from '../../components/PanelSkeleton';
import { TREND_DAYS } from './figures';
import { useToday } from './use-figures';

const HEIGHT = 260;
/** Dates labelled on the axis, at most: as many as fit two thirds of the page's width. */
const DATE_LABELS = 12;

/** Calls per day over the last 30 days (the same answer gives today's calls card its figure). */
export function TrendPanel({ today, statistics }: { today: string; statistics?: string }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const { trend, error } = useToday(today);
  const title = t('workplace.trend.title', { days: TREND_DAYS });
  // Kept between renders: a new configuration redraws the chart, and this panel renders again
  // when the sessions answer (which the chart does not show) arrives.
  const config = useMemo(() => {
    const points = (trend?.buckets ?? []).map((bucket, i) => ({
      bucket,
      value: trend?.total[i] ?? 0,
    }));
    return {
      data: points,
      xField: 'bucket',
      yField: 'value',
      shapeField: 'smooth',
      style: { fillOpacity: 0.25 },
      line: { style: { lineWidth: 2 } },
      axis: {
        x: {
          title: false,
          labelFormatter: (b: string) => formatBucket(b, 'day', locale),
          // Thin out crowded dates rather than turning them sideways.
          labelAutoRotate: false,
          labelAutoHide: true,
          tickFilter: spacedTicks(points.length, DATE_LABELS),
        },
        y: { title: false, labelFormatter: (v: number) => formatCompact(v, locale) },
      },
      tooltip: {
        title: (d: { bucket: string }) => formatBucket(d.bucket, 'day', locale, true),
        items: [
          {
            channel: 'y',
            name: t('workplace.trend.calls'),
            valueFormatter: (v: number) => formatCount(v, locale),
          },
        ],
      },
    };
  }, [trend, locale, t]);
  return (
    <Card
      size="small"
      title={title}
      data-testid="workplace-trend"
      extra={statistics && <Link to={`${statistics}?range=30d`}>{t('workplace.trend.more')}</Link>}
    >
      {!trend ? (
        error ? (
          <Empty description={t('workplace.failed')} />
        ) : (
          <PanelSkeleton height={HEIGHT} />
        )
      ) : (
        <Chart
          kind="area"
          label={title}
          height={HEIGHT}
          testId="workplace-trend-chart"
          config={config}
        />
      )}
    </Card>
  );
}
