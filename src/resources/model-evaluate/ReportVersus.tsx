import { Card, Empty, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EvaluationMetric } from '../../../contract/resources/model-evaluate';
import type { ReportRow, Versus } from './api';
import { formatSigned, verdictOf, type Verdict } from './ReportFormat';

const VERDICT_COLOR: Record<Verdict, string | undefined> = {
  better: 'success',
  worse: 'error',
  unclear: undefined,
};

/** Wins, losses and ties as a bar of three parts and their counts. */
function WinLossTie({ value }: { value: Versus }) {
  const { t } = useTranslation();
  const total = value.win + value.loss + value.tie;
  const share = (n: number) => `${total ? (n * 100) / total : 0}%`;
  const label = t('model-evaluate.report.versus.countsLabel', {
    win: value.win,
    loss: value.loss,
    tie: value.tie,
    n: value.n,
  });
  return (
    <div className="evaluate-versus__wlt" role="img" aria-label={label} title={label}>
      <div className="evaluate-versus__bar" aria-hidden>
        <span className="evaluate-versus__win" style={{ width: share(value.win) }} />
        <span className="evaluate-versus__tie" style={{ width: share(value.tie) }} />
        <span className="evaluate-versus__loss" style={{ width: share(value.loss) }} />
      </div>
      <Typography.Text className="evaluate-versus__counts" aria-hidden>
        {t('model-evaluate.report.versus.counts', {
          win: value.win,
          loss: value.loss,
          tie: value.tie,
        })}
      </Typography.Text>
    </div>
  );
}

/** The mean paired difference, coloured by where its interval lies, with the interval. */
function Difference({ value }: { value: Versus }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const verdict = verdictOf(value);
  return (
    <span className="evaluate-versus__diff" data-verdict={verdict}>
      <Tag color={VERDICT_COLOR[verdict]} className="evaluate-versus__tag">
        {formatSigned(value.mean, locale)}
      </Tag>
      <Typography.Text type="secondary">
        {t('model-evaluate.report.range', {
          low: formatSigned(value.low, locale),
          high: formatSigned(value.high, locale),
        })}
      </Typography.Text>
      <span className="evaluate-sr-only"> {t(`model-evaluate.report.versus.${verdict}`)}</span>
    </span>
  );
}

/** One version against the baseline: per metric the difference and wins, losses and ties. */
function VersusCard({
  row,
  baseline,
  metrics,
}: {
  row: ReportRow;
  baseline: string;
  metrics: readonly EvaluationMetric[];
}) {
  const { t } = useTranslation();
  const shown = metrics.filter((m) => row.versus?.[m] !== undefined);
  return (
    <Card
      size="small"
      className="evaluate-versus__card"
      title={t('model-evaluate.report.versus.card', { version: row.modelVersion, baseline })}
    >
      {!shown.length ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('model-evaluate.report.versus.none')}
        />
      ) : (
        <table className="evaluate-versus__table">
          <thead>
            <tr>
              <th scope="col">{t('model-evaluate.report.versus.metric')}</th>
              <th scope="col">{t('model-evaluate.report.versus.difference')}</th>
              <th scope="col">{t('model-evaluate.report.versus.winLossTie')}</th>
            </tr>
          </thead>
          <tbody>
            {shown.map((m) => {
              const value = row.versus![m]!;
              return (
                <tr key={m} data-metric={m}>
                  <th scope="row">{t(`model-evaluate.enums.metrics.${m}`, { defaultValue: m })}</th>
                  <td>
                    <Difference value={value} />
                  </td>
                  <td>
                    <WinLossTie value={value} />
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}
    </Card>
  );
}

/** Every other version against the baseline, a card each. */
export function ReportVersus({
  rows,
  baseline,
  metrics,
}: {
  rows: readonly ReportRow[];
  baseline: string | null;
  metrics: readonly EvaluationMetric[];
}) {
  const { t } = useTranslation();
  if (baseline === null) return null;
  const others = rows.filter((r) => r.modelVersion !== baseline && r.versus);
  return (
    <section className="evaluate-versus" aria-labelledby="evaluate-versus-title">
      <Typography.Title level={5} id="evaluate-versus-title">
        {t('model-evaluate.report.versus.title', { baseline })}
      </Typography.Title>
      <Typography.Paragraph type="secondary" className="evaluate-versus__hint">
        {t('model-evaluate.report.versus.hint')}
      </Typography.Paragraph>
      {!others.length ? (
        <Empty
          image={Empty.PRESENTED_IMAGE_SIMPLE}
          description={t('model-evaluate.report.versus.noBaseline')}
        />
      ) : (
        <div className="evaluate-versus__cards">
          {others.map((row) => (
            <VersusCard key={row.modelVersion} row={row} baseline={baseline} metrics={metrics} />
          ))}
        </div>
      )}
    </section>
  );
}
