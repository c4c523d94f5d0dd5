import { Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatScore } from '../../components/charts/format';
import type { Interval } from './api';

/** A difference as the UI locale writes a score, signed: +3.10, −2.40, 0.00. */
export function formatSigned(value: number, locale: string): string {
  const text = formatScore(value, locale);
  return value > 0 && !text.startsWith('+') ? `+${text}` : text;
}

export type Verdict = 'better' | 'worse' | 'unclear';

/** Above the baseline beyond chance when the whole interval is above 0, below when below. */
export function verdictOf(interval: Pick<Interval, 'low' | 'high'>): Verdict {
  if (interval.low > 0) return 'better';
  if (interval.high < 0) return 'worse';
  return 'unclear';
}

/**
 * A metric's mean with its 95 % interval: "62.40 ± 3.10", the interval's ends in a tooltip. The
 * t interval is symmetric, so half its width says it all on the page.
 */
export function MeanWithInterval({
  mean,
  interval,
}: {
  mean: number | undefined;
  interval: Interval | undefined;
}) {
  const { t, i18n } = useTranslation();
  if (mean === undefined) return <span>-</span>;
  const locale = i18n.language;
  if (!interval || interval.n < 2) {
    return (
      <Tooltip title={t('model-evaluate.report.singleTip')}>
        <span className="evaluate-mean">{formatScore(mean, locale)}</span>
      </Tooltip>
    );
  }
  const half = (interval.high - interval.low) / 2;
  return (
    <Tooltip
      title={t('model-evaluate.report.intervalTip', {
        low: formatScore(interval.low, locale),
        high: formatScore(interval.high, locale),
        n: interval.n,
      })}
    >
      <span className="evaluate-mean" tabIndex={0}>
        {formatScore(mean, locale)}
        <Typography.Text type="secondary" className="evaluate-mean__half">
          {' '}
          ± {formatScore(half, locale)}
        </Typography.Text>
      </span>
    </Tooltip>
  );
}
