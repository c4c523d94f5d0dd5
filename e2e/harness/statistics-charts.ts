/**
 * The statistics page's charts by test id, in page order: the four time charts first, then the
 * busiest scenes and the model versions' share. Plain data, so the benches can import it too.
 */
export const STATISTICS_CHARTS = [
  'chart-calls',
  'chart-tokens',
  'chart-chats',
  'chart-cost',
  'chart-top',
  'chart-models',
] as const;

/** The charts over time, the ones a granularity change redraws. */
export const STATISTICS_TIME_CHARTS = STATISTICS_CHARTS.slice(0, 4);
