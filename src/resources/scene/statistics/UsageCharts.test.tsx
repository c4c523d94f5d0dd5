import { fireEvent, render, within } from '@testing-library/react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { CostAnswer, SeriesAnswer, TokensAnswer } from '../../../../contract/statistics';
import { i18n } from '../../../providers/i18n';
import { UsageCharts } from './UsageCharts';

/** Every configuration the charting library was handed, in order. */
const drawn = vi.hoisted(() => [] as { kind: string; config: object }[]);
vi.mock('../../../components/charts/Plot', () => ({
  default: ({ kind, config }: { kind: string; config: object }) => {
    drawn.push({ kind, config });
    return <canvas />;
  },
}));

const range = {
  startDate: '2026-11-01',
  endDate: '2026-11-02',
  granularity: 'day' as const,
  timeZone: 'Asia/Shanghai',
};
const series = (scale: number): SeriesAnswer => ({
  range,
  buckets: ['2026-11-01', '2026-11-02'],
  series: [
    { key: 's1', name: 'One', values: [1 * scale, 2 * scale] },
    { key: 's2', name: 'Two', values: [3 * scale, 4 * scale] },
  ],
  total: [4 * scale, 6 * scale],
});
const cost = (): CostAnswer => ({ ...series(100), models: [], scenes: [] });

const props = { granularity: 'day' as const, withYear: false, sceneList: undefined };
/** The distinct configurations the calls chart (values 1 to 4) was handed. */
const callsConfigs = () => [
  ...new Set(
    drawn
      .filter((d) => d.kind === 'area' && JSON.stringify(d.config).includes('"value":1,'))
      .map((d) => d.config),
  ),
];

describe('usage charts', () => {
  beforeAll(() => i18n.changeLanguage('en-US'));

  it('draws a chart when its own answer arrives, not again as the others come in', async () => {
    const times = series(1);
    const view = render(
      <UsageCharts
        {...props}
        times={times}
        chats={undefined}
        tokens={undefined}
        cost={undefined}
      />,
    );
    await view.findAllByRole('img');
    await vi.waitFor(() => expect(callsConfigs()).toHaveLength(1));

    // The sessions and cost answers come: the calls chart keeps its configuration.
    view.rerender(
      <UsageCharts {...props} times={times} chats={series(10)} tokens={undefined} cost={cost()} />,
    );
    await vi.waitFor(() => expect(new Set(drawn.map((d) => d.config)).size).toBe(3));
    expect(callsConfigs()).toHaveLength(1);

    // A new calls answer (another range) is drawn.
    view.rerender(
      <UsageCharts
        {...props}
        times={series(1)}
        chats={series(10)}
        tokens={undefined}
        cost={cost()}
      />,
    );
    await vi.waitFor(() => expect(callsConfigs()).toHaveLength(2));
  });

  it('marks the values as points when the range is a single day', async () => {
    drawn.length = 0;
    const one: SeriesAnswer = {
      range: { ...range, endDate: range.startDate },
      buckets: ['2026-11-01'],
      series: [{ key: 's1', name: 'One', values: [5] }],
      total: [5],
    };
    render(
      <UsageCharts {...props} times={one} chats={series(10)} tokens={undefined} cost={undefined} />,
    );
    await vi.waitFor(() => expect(drawn.length).toBeGreaterThanOrEqual(2));
    const pointsOf = (value: number) =>
      drawn.find((d) => JSON.stringify(d.config).includes(`"value":${value},`))?.config;
    expect(pointsOf(5)).toHaveProperty('point');
    expect(pointsOf(10)).not.toHaveProperty('point');
  });

  it('labels at most eight dates of a long range, evenly spaced from the first', async () => {
    drawn.length = 0;
    const buckets = Array.from({ length: 90 }, (_, i) =>
      new Date(Date.UTC(2026, 8, 1 + i)).toISOString().slice(0, 10),
    );
    const quarter: SeriesAnswer = {
      range: { ...range, startDate: buckets[0]!, endDate: buckets[89]! },
      buckets,
      series: [{ key: 's1', name: 'One', values: buckets.map((_, i) => 1000 + i) }],
      total: buckets.map((_, i) => 1000 + i),
    };
    render(
      <UsageCharts
        {...props}
        times={quarter}
        chats={undefined}
        tokens={undefined}
        cost={undefined}
      />,
    );
    await vi.waitFor(() => expect(drawn.length).toBeGreaterThanOrEqual(1));
    const config = drawn[0]!.config as {
      axis: { x: { tickFilter: (d: string, i: number) => boolean } };
    };
    const labelled = buckets.filter((b, i) => config.axis.x.tickFilter(b, i));
    expect(labelled.length).toBeLessThanOrEqual(8);
    expect(labelled.length).toBeGreaterThanOrEqual(6);
    expect(labelled[0]).toBe(buckets[0]);
  });

  it('shows the legend as buttons that hide and show a layer, and the chart draws none of its own', async () => {
    drawn.length = 0;
    // Only the calls answer: a new answer of the same range each time.
    const callsOnly = () => (
      <UsageCharts
        {...props}
        times={series(1)}
        chats={undefined}
        tokens={undefined}
        cost={undefined}
      />
    );
    const view = render(callsOnly());
    await vi.waitFor(() => expect(callsConfigs()).toHaveLength(1));
    type Area = { data: { series: string }[]; legend: unknown; scale: unknown };
    const first = callsConfigs()[0] as Area;
    expect(first.legend).toBe(false);
    expect(new Set(first.data.map((p) => p.series))).toEqual(new Set(['One', 'Two']));
    // The legend's colours are the chart's: the same names, in the same order.
    expect(first.scale).toEqual({
      color: { domain: ['Two', 'One'], range: [expect.any(String), expect.any(String)] },
    });

    const legend = within(view.getByTestId('chart-calls-legend'));
    const two = legend.getByRole('button', { name: 'Two' });
    expect(two.getAttribute('aria-pressed')).toBe('true');
    expect(two.getAttribute('title')).toBe('Hide Two');
    fireEvent.click(two);
    await vi.waitFor(() => expect(callsConfigs()).toHaveLength(2));
    const hidden = callsConfigs()[1] as Area;
    expect(new Set(hidden.data.map((p) => p.series))).toEqual(new Set(['One']));
    expect(two.getAttribute('aria-pressed')).toBe('false');
    expect(two.getAttribute('title')).toBe('Show Two');

    // A new answer keeps the layer hidden; a second click shows it again.
    view.rerender(callsOnly());
    await vi.waitFor(() => expect(callsConfigs()).toHaveLength(3));
    expect(new Set((callsConfigs()[2] as Area).data.map((p) => p.series))).toEqual(
      new Set(['One']),
    );
    fireEvent.click(legend.getByRole('button', { name: 'Two' }));
    await vi.waitFor(() => expect(callsConfigs()).toHaveLength(4));
    expect(new Set((callsConfigs()[3] as Area).data.map((p) => p.series))).toEqual(
      new Set(['One', 'Two']),
    );
  });

  it('gives the share of the slices shown once a model version is hidden', async () => {
    drawn.length = 0;
    const model = (modelVersion: string, totalTokens: number) => ({
      modelVersion,
      calls: 1,
      promptTokens: totalTokens,
      completionTokens: 0,
      totalTokens,
      cost: 0,
    });
    const tokens: TokensAnswer = { ...series(1), models: [model('m-a', 300), model('m-b', 100)] };
    const view = render(
      <UsageCharts
        {...props}
        times={undefined}
        chats={undefined}
        tokens={tokens}
        cost={undefined}
      />,
    );
    type Pie = { data: { model: string }[]; label: { text: (d: { value: number }) => string } };
    const pies = () => drawn.filter((d) => d.kind === 'pie').map((d) => d.config as Pie);
    await vi.waitFor(() => expect(pies().length).toBeGreaterThanOrEqual(1));
    expect(pies().at(-1)!.label.text({ value: 100 })).toBe('25%');
    fireEvent.click(
      within(view.getByTestId('chart-models-legend')).getByRole('button', { name: 'm-a' }),
    );
    await vi.waitFor(() =>
      expect(
        pies()
          .at(-1)!
          .data.map((d) => d.model),
      ).toEqual(['m-b']),
    );
    expect(pies().at(-1)!.label.text({ value: 100 })).toBe('100%');
  });
});
