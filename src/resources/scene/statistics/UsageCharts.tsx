import { Card, Col, Empty, Row, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type {
  CostAnswer,
  Granularity,
  SceneListAnswer,
  SeriesAnswer,
  TokensAnswer,
} from '../../../../contract/statistics';
import { Chart } from '../../../components/charts/Chart';
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
  topByCalls,
  type LinePoint,
} from './rows';

const HEIGHT = 280;
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

/**
 * A key per answer object. A chart is drawn anew for each answer rather than updated in place:
 * G2's update animation morphs the old marks (38 scene layers into one) and leaves ghosts.
 */
const answerIds = new WeakMap<object, number>();
let lastAnswerId = 0;
function keyOf(answer: object): number {
  let id = answerIds.get(answer);
  if (id === undefined) {
    id = ++lastAnswerId;
    answerIds.set(answer, id);
  }
  return id;
}

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

/**
 * The usage charts of a range: calls, tokens (prompt vs completion), chats and cost over time,
 * the ten busiest scenes and each model version's share of the tokens. Every answer is drawn
 * as it arrives; the charting library itself loads with the first chart (components/charts).
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
  const others = t('statistics.charts.others');
  const bucketLabel = (b: string) => formatBucket(String(b), granularity, locale);
  const tooltipTitle = (d: LinePoint) => {
    const date = formatBucket(d.bucket, granularity, locale, withYear || granularity !== 'day');
    return granularity === 'week' ? t('statistics.charts.weekOf', { date }) : date;
  };

  /** Shared settings of the time charts: bucket axis, compact values, tooltip per layer. */
  const timeConfig = (points: LinePoint[], format: (v: number, l: string) => string) => ({
    data: points,
    xField: 'bucket',
    yField: 'value',
    colorField: 'series',
    axis: {
      // Thin out crowded dates rather than turning them sideways.
      x: { title: false, labelFormatter: bucketLabel, labelAutoRotate: false, labelAutoHide: true },
      y: {
        title: false,
        labelFormatter: (v: number) =>
          format === formatMoney ? formatMoney(v, locale) : formatCompact(v, locale),
      },
    },
    legend: { color: { position: 'top' as const, layout: { justifyContent: 'center' } } },
    tooltip: {
      title: tooltipTitle,
      items: [{ channel: 'y', valueFormatter: (v: number) => format(v, locale) }],
    },
  });

  const colorOf = sceneColors([times, chats, cost], PALETTE);
  /** Per-scene layers stacked over time (calls, sessions, cost): the top edge is the total. */
  const stacked = (
    answer: SeriesAnswer,
    label: string,
    testId: string,
    format: (v: number, l: string) => string = formatCount,
  ) => {
    const points = stackPoints(answer, others);
    const names = [...new Set(points.map((p) => p.series))];
    // The "others" layer, when there is one, comes first (stackPoints).
    const hasOthers = answer.series.length > STACKED_SCENES;
    const colors = names.map((name, i) =>
      hasOthers && i === 0 ? OTHERS_COLOR : (colorOf.get(name) ?? OTHERS_COLOR),
    );
    return (
      <Chart
        key={keyOf(answer)}
        kind="area"
        label={label}
        height={HEIGHT}
        testId={testId}
        config={{
          ...timeConfig(points, format),
          stack: true,
          style: { fillOpacity: 0.75 },
          scale: { color: { domain: names, range: colors } },
        }}
      />
    );
  };

  /** Measures side by side over time (prompt vs completion tokens). */
  const line = (answer: TokensAnswer, label: string, testId: string) => (
    <Chart
      key={keyOf(answer)}
      kind="line"
      label={label}
      height={HEIGHT}
      testId={testId}
      config={timeConfig(
        measurePoints(answer, (key) =>
          t(`statistics.charts.measures.${key}`, { defaultValue: key }),
        ),
        formatCount,
      )}
    />
  );
  const top = sceneList ? topByCalls(sceneList.list, 10) : [];
  const models = (tokens?.models ?? []).filter((m) => m.totalTokens > 0);
  const modelTokens = models.reduce((a, m) => a + m.totalTokens, 0);

  return (
    <Row gutter={[16, 16]} className="statistics-charts">
      <Panel title={t('statistics.charts.calls')} testId="statistics-chart-calls">
        {times ? stacked(times, t('statistics.charts.calls'), 'chart-calls') : <Pending />}
      </Panel>
      <Panel title={t('statistics.charts.tokens')} testId="statistics-chart-tokens">
        {tokens ? line(tokens, t('statistics.charts.tokens'), 'chart-tokens') : <Pending />}
      </Panel>
      <Panel title={t('statistics.charts.chats')} testId="statistics-chart-chats">
        {chats ? stacked(chats, t('statistics.charts.chats'), 'chart-chats') : <Pending />}
      </Panel>
      <Panel title={t('statistics.charts.cost')} testId="statistics-chart-cost">
        {cost ? stacked(cost, t('statistics.charts.cost'), 'chart-cost', formatMoney) : <Pending />}
      </Panel>
      <Panel title={t('statistics.charts.topScenes')} testId="statistics-chart-top">
        {!sceneList ? (
          <Pending />
        ) : top.length === 0 ? (
          <Empty description={t('statistics.empty')} />
        ) : (
          <Chart
            key={keyOf(sceneList)}
            kind="bar"
            label={t('statistics.charts.topScenes')}
            height={HEIGHT}
            testId="chart-top"
            config={{
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
            }}
          />
        )}
      </Panel>
      <Panel title={t('statistics.charts.modelShare')} testId="statistics-chart-models">
        {!tokens ? (
          <Pending />
        ) : models.length === 0 ? (
          <Empty description={t('statistics.empty')} />
        ) : (
          <Chart
            key={keyOf(tokens)}
            kind="pie"
            label={t('statistics.charts.modelShare')}
            height={HEIGHT}
            testId="chart-models"
            config={{
              data: models.map((m) => ({ model: m.modelVersion, value: m.totalTokens })),
              angleField: 'value',
              colorField: 'model',
              radius: 0.8,
              innerRadius: 0.45,
              label: {
                text: (d: { value: number }) => formatShare(d.value / modelTokens, locale),
                position: 'outside',
                fontSize: 11,
              },
              // Below, not beside: outside labels of small slices would run into it.
              legend: { color: { position: 'bottom', layout: { justifyContent: 'center' } } },
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
            }}
          />
        )}
      </Panel>
    </Row>
  );
}
