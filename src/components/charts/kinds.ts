import type {
  AreaConfig,
  BarConfig,
  ColumnConfig,
  DualAxesConfig,
  LineConfig,
  PieConfig,
  RadarConfig,
  TinyAreaConfig,
  TinyColumnConfig,
  TinyLineConfig,
} from '@ant-design/plots';

/**
 * The charts the console draws, by kind, with the configuration each takes. Type-only imports:
 * naming a kind costs no bytes; the library itself loads with the first chart (Plot.tsx).
 */
export interface ChartConfigs {
  area: AreaConfig;
  bar: BarConfig;
  column: ColumnConfig;
  'dual-axes': DualAxesConfig;
  line: LineConfig;
  pie: PieConfig;
  radar: RadarConfig;
  'tiny-area': TinyAreaConfig;
  'tiny-column': TinyColumnConfig;
  'tiny-line': TinyLineConfig;
}

export type ChartKind = keyof ChartConfigs;

/** The G2 theme matching the console's light / dark setting. */
export function chartTheme(theme: 'light' | 'dark'): 'classic' | 'classicDark' {
  return theme === 'dark' ? 'classicDark' : 'classic';
}
