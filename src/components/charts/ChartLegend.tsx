import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';

export interface LegendItem {
  name: string;
  color: string;
}

/**
 * The series a legend has hidden, and a toggle for one of them. Kept by the page, so a hidden
 * series stays hidden when the range or granularity changes.
 */
export function useHiddenSeries(): [ReadonlySet<string>, (name: string) => void] {
  const [hidden, setHidden] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = useCallback(
    (name: string) =>
      setHidden((prev) => {
        const next = new Set(prev);
        if (!next.delete(name)) next.add(name);
        return next;
      }),
    [],
  );
  return [hidden, toggle];
}

/**
 * A chart's legend as page elements rather than drawn by the charting library: the library's
 * legend laid out and painted its items again on every redraw, the largest part of a chart's
 * drawing time. Each item is a button that hides or shows its series.
 */
export function ChartLegend({
  items,
  hidden,
  onToggle,
  testId,
}: {
  items: readonly LegendItem[];
  hidden: ReadonlySet<string>;
  onToggle: (name: string) => void;
  testId?: string;
}) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  return (
    <div
      className="console-chart-legend"
      role="group"
      aria-label={t('charts.legend')}
      data-testid={testId}
    >
      {items.map((item) => {
        const shown = !hidden.has(item.name);
        return (
          <button
            key={item.name}
            type="button"
            className="console-chart-legend__item"
            aria-pressed={shown}
            title={t(shown ? 'charts.hideSeries' : 'charts.showSeries', { name: item.name })}
            onClick={() => onToggle(item.name)}
          >
            <span
              className="console-chart-legend__mark"
              style={{ background: shown ? item.color : undefined }}
              aria-hidden
            />
            {item.name}
          </button>
        );
      })}
    </div>
  );
}
