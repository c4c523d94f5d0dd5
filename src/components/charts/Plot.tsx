import { Area, Bar, Column, DualAxes, Line, Pie, Radar, Tiny } from '@ant-design/plots';
import type { ComponentType } from 'react';
import { settingsStore } from '../../settings/store';
import { useStore } from '../../stores/create-store';
import { chartTheme, type ChartConfigs, type ChartKind } from './kinds';

const PLOTS: { [K in ChartKind]: ComponentType<ChartConfigs[K]> } = {
  area: Area,
  bar: Bar,
  column: Column,
  'dual-axes': DualAxes,
  line: Line,
  pie: Pie,
  radar: Radar,
  'tiny-area': Tiny.Area,
  'tiny-column': Tiny.Column,
  'tiny-line': Tiny.Line,
};

/**
 * One chart of @ant-design/plots, filling its box (autoFit, width and height 100%) in the
 * console's theme. Only Chart.tsx imports this module, lazily, so the charting library stays
 * out of every bundle until a page draws a chart.
 */
export default function Plot<K extends ChartKind>({
  kind,
  config,
}: {
  kind: K;
  config: ChartConfigs[K];
}) {
  const { theme } = useStore(settingsStore);
  // TypeScript cannot narrow a mapped type by a generic key; PLOTS pairs each kind correctly.
  const Component = PLOTS[kind] as ComponentType<ChartConfigs[K]>;
  const props: ChartConfigs[K] = {
    ...config,
    autoFit: true,
    // Figures appear as they are rather than growing in: an operator compares them at once.
    animate: false,
    theme: chartTheme(theme),
    className: 'console-chart__plot',
  };
  return <Component {...props} />;
}
