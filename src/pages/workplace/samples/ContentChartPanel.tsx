import { Card } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ContentDataPoint } from '../../../../mock/types';
import { Chart } from '../../../components/charts/Chart';
import { formatBucket, formatCompact, formatCount } from '../../../components/charts/format';
import { SAMPLE_CALLS, useSampleQuery } from '../../samples/api';
import { SampleState } from '../../samples/SampleState';

/** Content published per day (spec §7 GET /api/content-data: 8 daily points). */
export function ContentChartPanel() {
  const { t, i18n } = useTranslation();
  const query = useSampleQuery<ContentDataPoint[]>(SAMPLE_CALLS.contentData);
  const title = t('samples.workplace.contentData');
  const locale = i18n.language;
  return (
    <Card title={title} data-testid="sample-content-chart">
      <SampleState query={query} rows={6} height={280} isEmpty={(points) => points.length === 0}>
        {(points) => (
          <Chart
            kind="area"
            label={title}
            height={280}
            config={{
              data: points,
              xField: 'x',
              yField: 'y',
              shapeField: 'smooth',
              // Room for the last day's label, centred on the chart's right edge.
              paddingRight: 24,
              style: { fillOpacity: 0.25 },
              line: { style: { lineWidth: 2 } },
              axis: {
                x: {
                  labelFormatter: (x: string) => formatBucket(x, 'day', locale),
                  labelAutoRotate: false,
                },
                y: { labelFormatter: (y: number) => formatCompact(y, locale) },
              },
              tooltip: {
                title: (d: ContentDataPoint) => formatBucket(d.x, 'day', locale, true),
                items: [
                  {
                    channel: 'y',
                    name: title,
                    valueFormatter: (y: number) => formatCount(y, locale),
                  },
                ],
              },
            }}
          />
        )}
      </SampleState>
    </Card>
  );
}
