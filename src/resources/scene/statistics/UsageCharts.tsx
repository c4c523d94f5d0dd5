import { Card, Col, Empty, Row, Skeleton } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type {
  CostAnswer,
  Granularity,
  SceneListAnswer,
  SeriesAnswer,
  TokensAnswer,
} from '../../../../contract/statistics';
import { Chart } from '../../../components/charts/Chart';
import type { ChartConfigs } from '../../../components/charts/kinds';
import {
  ChartLegend,
  useHiddenSeries,
  type LegendItem,
} from '../../../components/charts/ChartLegend';
import { spacedTicks } from '../../../components/charts/ticks';
import {
  formatBucket,
  formatCompact,
  formatCount,
  formatMoney,
  formatShare,
} from '../../../components/charts/format';
import {
  measurePoints,
  STACKED_SCENES,
  stackPoints,
  sceneColors,
  sceneLabel,
  layerName,
  topByCalls,
  type LinePoint,
} from './rows';

const HEIGHT = 280;
/** Dates labelled on a time axis, at most: as many as fit half the page's width. */
const DATE_LABELS = 8;
/**
 * Colours of the busiest scenes' layers; "others" is grey beneath. G2's classic10, then eight of
 * other hues, all of middle lightness to read on both themes: the three stacked charts show at
 * most 3 × STACKED_SCENES = 18 scenes between them, so every scene on the page has a colour of
 * its own (sceneColors).
 */
const PALETTE = [
  '#1783FF',
  '#00C9C9',
  '#F0884D',
  '#D580FF',
  '#7863FF',
  '#60C42D',
  '#BD8F24',
  '#FF80CA',
  '#2491B3',
  '#17C76F',
  '#E53935',
  '#5D7092',
  '#8D6E63',
  '#9A60B4',
  '#FFB300',
  '#C2185B',
  '#827717',
  '#76B7B2',
];
const OTHERS_COLOR = '#BFBFBF';

function Panel({
  title,
  testId,
  children,
}: {
  title: string;
  testId: string;
  children: ReactNode;
}) {
  return (
    <Col xs={24} xl={12}>
      <Card size="small" title={title} data-testid={testId} className="statistics-chart">
        {children}
      </Card>
    </Col>
  );
}

/** A skeleton of the chart's height while its first answer is on the way. */
function Pending() {
  return <Skeleton active paragraph={{ rows: Math.round(HEIGHT / 60) }} />;
}

/** A chart's configuration and the legend shown above or below it. */
interface Legended<C> {
  config: C;
  legend: LegendItem[];
}

/** Each name in the palette's colours, in order. */
const paletteLegend = (names: readonly string[]): LegendItem[] =>
  names.map((name, i) => ({ name, color: PALETTE[i % PALETTE.length]! }));

/**
 * Settings of the time charts: bucket axis, compact values, tooltip per layer, each layer in its
 * legend item's colour; the layers the legend hides are left out.
 */
function timeConfig(
  points: LinePoint[],
  legend: readonly LegendItem[],
  hidden: ReadonlySet<string>,
  format: (v: number, l: string) => string,
  { granularity, withYear, locale, t }: TimeAxis,
) {
  const tooltipTitle = (d: LinePoint) => {
    const date = formatBucket(d.bucket, granularity, locale, withYear || granularity !== 'day');
    return granularity === 'week' ? t('statistics.charts.weekOf', { date }) : date;
  };
  const buckets = new Set(points.map((p) => p.bucket)).size;
  // A line or an area over a single day, week or month has no length: its values show as points.
  const single = buckets === 1;

  return {
    ...(single ? { point: { sizeField: 4 } } : {}),
    data: hidden.size > 0 ? points.filter((p) => !hidden.has(p.series)) : points,
    xField: 'bucket',
    yField: 'value',
    colorField: 'series',
    scale: {
      color: { domain: legend.map((l) => l.name), range: legend.map((l) => l.color) },
    },
    axis: {
      // Thin out crowded dates rather than turning them sideways.
      x: {
        title: false,
        labelFormatter: (b: string) => formatBucket(String(b), granularity, locale),
        labelAutoRotate: false,
        labelAutoHide: true,
        tickFilter: spacedTicks(buckets, DATE_LABELS),
      },
      y: {
        title: false,
        labelFormatter: (v: number) =>
          format === formatMoney ? formatMoney(v, locale) : formatCompact(v, locale),
      },
    },
    legend: false as const,
    tooltip: {
      title: tooltipTitle,
      items: [{ channel: 'y', valueFormatter: (v: number) => format(v, locale) }],
    },
  };
}

interface TimeAxis {
  granularity: Granularity;
  withYear: boolean;
  locale: string;
  t: TFunction;
}

/** Per-scene layers stacked over time (calls, sessions, cost): the top edge is the total. */
function stackedConfig(
  answer: SeriesAnswer,
  colorOf: Map<string, string>,
  format: (v: number, l: string) => string,
  axis: TimeAxis,
  hidden: ReadonlySet<string>,
) {
  const points = stackPoints(answer, axis.t('statistics.charts.others'));
  const names = [...new Set(points.map((p) => p.series))];
  // The "others" layer, when there is one, comes first (stackPoints).
  const hasOthers = answer.series.length > STACKED_SCENES;
  const colors = names.map((name, i) =>
    hasOthers && i === 0 ? OTHERS_COLOR : (colorOf.get(name) ?? OTHERS_COLOR),
  );
  const legend = names.map((name, i) => ({ name, color: colors[i]! }));
  return {
    legend,
    config: {
      ...timeConfig(points, legend, hidden, format, axis),
      stack: true,
      style: { fillOpacity: 0.75 },
    },
  };
}

/**
 * The usage charts of a range: calls, tokens (prompt vs completion), chats and cost over time,
 * the ten busiest scenes and each model version's share of the tokens. Each chart is drawn as
 * its answer arrives and only then: its configuration is kept while the other answers come.
 */
export function UsageCharts({
  granularity,
  withYear,
  sceneList,
  times,
  chats,
  tokens,
  cost,
}: {
  granularity: Granularity;
  withYear: boolean;
  sceneList: SceneListAnswer | undefined;
  times: SeriesAnswer | undefined;
  chats: SeriesAnswer | undefined;
  tokens: TokensAnswer | undefined;
  cost: CostAnswer | undefined;
}) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const axis = useMemo(
    () => ({ granularity, withYear, locale, t }),
    [granularity, withYear, locale, t],
  );

  // A scene keeps its colour across the three stacked charts. The colours of a chart's own
  // layers decide whether it is drawn again when another answer arrives.
  const colorOf = sceneColors([times, chats, cost], PALETTE);
  const colorsOf = (answer: SeriesAnswer | undefined) =>
    (answer?.series ?? []).map((s) => colorOf.get(layerName(s)) ?? '').join();
  const timesColors = colorsOf(times);
  const chatsColors = colorsOf(chats);
  const costColors = colorsOf(cost);
  const [callsHidden, toggleCalls] = useHiddenSeries();
  const [chatsHidden, toggleChats] = useHiddenSeries();
  const [costHidden, toggleCost] = useHiddenSeries();
  const [tokensHidden, toggleTokens] = useHiddenSeries();
  const [modelsHidden, toggleModels] = useHiddenSeries();
  /* eslint-disable react-hooks/exhaustive-deps -- colorOf changes with every answer; the chart's
     own layers' colours (the *Colors strings) say when it matters. */
  const callsChart = useMemo(
    () => times && stackedConfig(times, colorOf, formatCount, axis, callsHidden),
    [times, timesColors, axis, callsHidden],
  );
  const chatsChart = useMemo(
    () => chats && stackedConfig(chats, colorOf, formatCount, axis, chatsHidden),
    [chats, chatsColors, axis, chatsHidden],
  );
  const costChart = useMemo(
    () => cost && stackedConfig(cost, colorOf, formatMoney, axis, costHidden),
    [cost, costColors, axis, costHidden],
  );
  /* eslint-enable react-hooks/exhaustive-deps */
  const tokensChart = useMemo(() => {
    if (!tokens) return undefined;
    const measure = (key: string) => t(`statistics.charts.measures.${key}`, { defaultValue: key });
    const legend = paletteLegend(tokens.series.map((s) => measure(s.key)));
    const points = measurePoints(tokens, measure);
    return { legend, config: timeConfig(points, legend, tokensHidden, formatCount, axis) };
  }, [tokens, axis, t, tokensHidden]);
  const topConfig = useMemo(() => {
    const top = sceneList ? topByCalls(sceneList.list, 10) : [];
    if (top.length === 0) return null;
    return {
      data: top.map((row) => ({ scene: sceneLabel(row), calls: row.calls })),
      xField: 'scene',
      yField: 'calls',
      // One scene alone would otherwise fill the whole panel with a single bar.
      style: { maxWidth: 28 },
      // Room for the value written after the longest bar.
      paddingRight: 48,
      axis: {
        x: { title: false },
        y: { title: false, labelFormatter: (v: number) => formatCompact(v, locale) },
      },
      label: {
        text: (d: { calls: number }) => formatCount(d.calls, locale),
        position: 'right',
        textAlign: 'start',
        dx: 6,
        fontSize: 11,
      },
      tooltip: {
        items: [
          {
            channel: 'y',
            name: t('statistics.table.calls'),
            valueFormatter: (v: number) => formatCount(v, locale),
          },
        ],
      },
    };
  }, [sceneList, locale, t]);
  const modelsChart = useMemo(() => {
    const models = (tokens?.models ?? []).filter((m) => m.totalTokens > 0);
    if (models.length === 0) return null;
    const legend = paletteLegend(models.map((m) => m.modelVersion));
    // The shares are of the slices shown, so they add up to the whole circle.
    const shown = models.filter((m) => !modelsHidden.has(m.modelVersion));
    const modelTokens = shown.reduce((a, m) => a + m.totalTokens, 0);
    const config = {
      data: shown.map((m) => ({ model: m.modelVersion, value: m.totalTokens })),
      angleField: 'value',
      colorField: 'model',
      scale: {
        color: { domain: legend.map((l) => l.name), range: legend.map((l) => l.color) },
      },
      radius: 0.8,
      innerRadius: 0.45,
      label: {
        text: (d: { value: number }) => formatShare(d.value / modelTokens, locale),
        position: 'outside',
        fontSize: 11,
      },
      legend: false as const,
      tooltip: {
        title: 'model',
        items: [
          {
            channel: 'y',
            name: t('statistics.table.totalTokens'),
            valueFormatter: (v: number) =>
              `${formatCount(v, locale)} (${formatShare(v / modelTokens, locale)})`,
          },
        ],
      },
    };
    return { legend, config };
  }, [tokens, locale, t, modelsHidden]);

  /** A chart with its legend once its answer is here (stacked layers as areas, measures as lines). */
  const legended = <K extends 'area' | 'line' | 'pie'>(
    kind: K,
    chart: Legended<ChartConfigs[K]>,
    hidden: ReadonlySet<string>,
    toggle: (name: string) => void,
    label: string,
    testId: string,
  ) => {
    const legend = (
      <ChartLegend
        items={chart.legend}
        hidden={hidden}
        onToggle={toggle}
        testId={`${testId}-legend`}
      />
    );
    const plot = (
      <Chart kind={kind} label={label} height={HEIGHT} testId={testId} config={chart.config} />
    );
    // The pie's legend goes below it, where its outside labels do not reach.
    return kind === 'pie' ? (
      <>
        {plot}
        {legend}
      </>
    ) : (
      <>
        {legend}
        {plot}
      </>
    );
  };
  const overTime = (
    kind: 'area' | 'line',
    chart: Legended<ChartConfigs['area' | 'line']> | undefined,
    hidden: ReadonlySet<string>,
    toggle: (name: string) => void,
    label: string,
    testId: string,
  ) => (chart ? legended(kind, chart, hidden, toggle, label, testId) : <Pending />);

  return (
    <Row gutter={[16, 16]} className="statistics-charts">
      <Panel title={t('statistics.charts.calls')} testId="statistics-chart-calls">
        {overTime(
          'area',
          callsChart,
          callsHidden,
          toggleCalls,
          t('statistics.charts.calls'),
          'chart-calls',
        )}
      </Panel>
      <Panel title={t('statistics.charts.tokens')} testId="statistics-chart-tokens">
        {overTime(
          'line',
          tokensChart,
          tokensHidden,
          toggleTokens,
          t('statistics.charts.tokens'),
          'chart-tokens',
        )}
      </Panel>
      <Panel title={t('statistics.charts.chats')} testId="statistics-chart-chats">
        {overTime(
          'area',
          chatsChart,
          chatsHidden,
          toggleChats,
          t('statistics.charts.chats'),
          'chart-chats',
        )}
      </Panel>
      <Panel title={t('statistics.charts.cost')} testId="statistics-chart-cost">
        {overTime(
          'area',
          costChart,
          costHidden,
          toggleCost,
          t('statistics.charts.cost'),
          'chart-cost',
        )}
      </Panel>
      <Panel title={t('statistics.charts.topScenes')} testId="statistics-chart-top">
        {!sceneList ? (
          <Pending />
        ) : !topConfig ? (
          <Empty description={t('statistics.empty')} />
        ) : (
          <Chart
            kind="bar"
            label={t('statistics.charts.topScenes')}
            height={HEIGHT}
            testId="chart-top"
            config={topConfig}
          />
        )}
      </Panel>
      <Panel title={t('statistics.charts.modelShare')} testId="statistics-chart-models">
        {!tokens ? (
          <Pending />
        ) : !modelsChart ? (
          <Empty description={t('statistics.empty')} />
        ) : (
          legended(
            'pie',
            modelsChart,
            modelsHidden,
            toggleModels,
            t('statistics.charts.modelShare'),
            'chart-models',
          )
        )}
      </Panel>
    </Row>
  );
}
