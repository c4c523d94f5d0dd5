import { Column } from '@ant-design/plots';
import { useTranslation } from 'react-i18next';
import type { EvaluationMetric } from '../../../contract/resources/model-evaluate';
import { useStore } from '../../stores/create-store';
import { settingsStore } from '../../settings/store';
import type { ReportRow } from './api';

/**
 * The metric means of each model version as grouped columns (one group per version, one
 * column per metric). Its own module so @ant-design/plots loads with the report page only.
 */
export default function ReportChart({
  rows,
  metrics,
}: {
  rows: readonly ReportRow[];
  metrics: readonly EvaluationMetric[];
}) {
  const { t } = useTranslation();
  const { theme } = useStore(settingsStore);
  const data = rows.flatMap((row) =>
    metrics
      .filter((m) => row.metrics[m] !== undefined)
      .map((m) => ({
        version: row.modelVersion,
        metric: t(`model-evaluate.enums.metrics.${m}`),
        value: row.metrics[m] as number,
      })),
  );
  return (
    <div
      className="evaluate-report__chart"
      role="img"
      aria-label={t('model-evaluate.report.chart')}
    >
      <Column
        data={data}
        xField="version"
        yField="value"
        colorField="metric"
        group
        autoFit
        className="evaluate-report__plot"
        theme={theme === 'dark' ? 'classicDark' : 'classic'}
        scale={{ y: { domainMin: 0, domainMax: 100 } }}
        axis={{ y: { title: t('model-evaluate.report.score') }, x: { title: false } }}
        // Two decimals, as the table under it writes the means (78.50, not 78.5). Above its
        // bar, on the page's background: inside the top of a bar, dark text on the third
        // metric's slate could hardly be read. A label wider than its column is left out (on a
        // phone they ran into each other): the table under the chart has every number.
        label={{
          text: 'value',
          formatter: '.2f',
          position: 'top',
          textBaseline: 'bottom',
          dy: -2,
          fontSize: 10,
          transform: [{ type: 'overlapHide' }],
        }}
        legend={{ color: { position: 'top' } }}
      />
    </div>
  );
}
