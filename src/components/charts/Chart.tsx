import { Skeleton } from 'antd';
import { lazy, Suspense } from 'react';
import type { ChartConfigs, ChartKind } from './kinds';
import './charts.css';

// The charting library is large: it loads with the first chart a page draws, never before.
const Plot = lazy(() => import('./Plot'));

export interface ChartProps<K extends ChartKind> {
  kind: K;
  config: ChartConfigs[K];
  /** What the chart shows, for screen readers (the canvas itself says nothing). */
  label: string;
  /** Height of the box in pixels; the chart fills it (spec §9: width and height 100%). */
  height?: number;
  testId?: string;
}

/** A lazily loaded, theme-aware chart in a box of the given height. */
export function Chart<K extends ChartKind>({
  kind,
  config,
  label,
  height = 280,
  testId,
}: ChartProps<K>) {
  return (
    <div
      className="console-chart"
      style={{ height }}
      role="img"
      aria-label={label}
      data-testid={testId}
    >
      <Suspense
        fallback={<Skeleton active paragraph={{ rows: Math.max(1, Math.round(height / 60)) }} />}
      >
        <Plot kind={kind} config={config} />
      </Suspense>
    </div>
  );
}
