import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { SeriesAnswer } from '../../../contract/statistics';
import { i18n } from '../../providers/i18n';
import { TrendPanel } from './TrendPanel';

/** Every configuration the charting library was handed. */
const drawn = vi.hoisted(() => [] as object[]);
vi.mock('../../components/charts/Plot', () => ({
  default: ({ config }: { config: object }) => {
    drawn.push(config);
    return <canvas />;
  },
}));

/** What the panel's calls answered so far; the test changes it between renders. */
const answers = vi.hoisted(() => ({ trend: undefined as unknown, chats: undefined as unknown }));
vi.mock('./use-figures', () => ({
  useToday: () => ({ trend: answers.trend, chats: answers.chats, error: false, refetch: () => {} }),
}));

const trend: SeriesAnswer = {
  range: {
    startDate: '2026-11-01',
    endDate: '2026-11-02',
    granularity: 'day',
    timeZone: 'Asia/Shanghai',
  },
  buckets: ['2026-11-01', '2026-11-02'],
  series: [],
  total: [3, 5],
};

describe('workplace trend panel', () => {
  beforeAll(() => i18n.changeLanguage('en-US'));

  it('draws the chart once for its answer, not again when the sessions answer arrives', async () => {
    answers.trend = trend;
    const panel = () => (
      <MemoryRouter>
        <TrendPanel today="2026-11-02" statistics="/scene/statistics" />
      </MemoryRouter>
    );
    const view = render(panel());
    await vi.waitFor(() => expect(drawn.length).toBeGreaterThan(0));
    answers.chats = { today: 1, yesterday: 2 };
    view.rerender(panel());
    view.rerender(panel());
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(new Set(drawn).size).toBe(1);
  });
});
