import type {
  ChartPoint,
  ContentPeriodAnalysis,
  ContentPublishSeries,
  PieSlice,
  PublicOpinionAnalysis,
} from '../../../../mock/types';

/** One point of a multi-series chart in the long form @ant-design/plots reads. */
export interface SeriesPoint {
  x: string;
  name: string;
  value: number;
}

/** A pie answer holds slices (name, value, colour); a line answer holds points. */
export function isPie(chartData: PublicOpinionAnalysis['chartData']): chartData is PieSlice[] {
  const first = chartData[0];
  return first !== undefined && 'value' in first && 'color' in first;
}

export function linePoints(chartData: PublicOpinionAnalysis['chartData']): ChartPoint[] {
  return isPie(chartData) ? [] : chartData;
}

/** Content-period analysis (series of values over the shared x axis) in long form. */
export function periodPoints(answer: ContentPeriodAnalysis): SeriesPoint[] {
  return answer.data.flatMap((series) =>
    answer.xAxis.map((x, i) => ({ x, name: series.name, value: series.value[i] ?? 0 })),
  );
}

/** Content-publish series (each with its own x and y lists) in long form. */
export function publishPoints(series: readonly ContentPublishSeries[]): SeriesPoint[] {
  return series.flatMap((s) => s.x.map((x, i) => ({ x, name: s.name, value: s.y[i] ?? 0 })));
}
