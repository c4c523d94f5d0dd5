import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { SceneListAnswer } from '../../../../contract/statistics';
import { i18n } from '../../../providers/i18n';
import { envelope, type SeenRequest } from '../../../test/fake-http';
import { ok, renderRoute, signIn, signOut } from '../../record/testing';
import StatisticsPage from '../StatisticsPage';
import { statisticUrl } from './api';

const ZERO = {
  calls: 0,
  promptTokens: 0,
  completionTokens: 0,
  totalTokens: 0,
  chats: 0,
  users: 0,
  cost: 0,
};

function emptyAnswer(body: { startDate: string; endDate: string; granularity: 'day' }) {
  const range = { ...body, timeZone: 'Asia/Shanghai' };
  const series = { range, buckets: [body.startDate], series: [], total: [0] };
  return {
    sceneList: {
      range,
      list: [],
      total: 0,
      totals: ZERO,
      usersExact: true,
    } satisfies SceneListAnswer,
    series,
    tokens: { ...series, models: [] },
    cost: { ...series, models: [], scenes: [] },
  };
}

/** An API whose statistics fail until `healthy`, then answer an empty range. */
function server(state: { healthy: boolean }) {
  return (req: SeenRequest) => {
    if (req.url.includes('/statistic/')) {
      if (!state.healthy) return { status: 500, body: envelope(50000, null, 'down') };
      const answer = emptyAnswer(
        req.body as { startDate: string; endDate: string; granularity: 'day' },
      );
      if (req.url === statisticUrl('sceneList')) return ok(answer.sceneList);
      if (req.url === statisticUrl('tokens')) return ok(answer.tokens);
      if (req.url === statisticUrl('cost')) return ok(answer.cost);
      return ok(answer.series);
    }
    if (req.url.endsWith('/scene/page')) return ok({ list: [], total: 0 });
    if (req.url.endsWith('/model/version/list')) return ok({ list: [] });
    return { status: 404, body: envelope(40400) };
  };
}

describe('statistics page', () => {
  beforeEach(async () => {
    signIn('user');
    await i18n.changeLanguage('en-US');
  });
  afterEach(() => signOut());

  it('asks every statistic for the filter the URL holds', async () => {
    const { bodies } = renderRoute(
      'scene.statistics',
      '/scene/statistics?start=2025-01-01&end=2025-01-31&scene=support&model=v2&granularity=week',
      server({ healthy: true }),
      <StatisticsPage />,
    );
    const expected = {
      startDate: '2025-01-01',
      endDate: '2025-01-31',
      granularity: 'week',
      timeZone: 'Asia/Shanghai',
      sceneCode: 'support',
      modelVersion: 'v2',
    };
    for (const call of ['sceneList', 'sceneTimes', 'sceneChatTimes', 'tokens', 'cost'] as const) {
      await waitFor(() => expect(bodies(statisticUrl(call))).toContainEqual(expected));
    }
  });

  it('a failure shows the error with a retry; a range without activity shows the empty state', async () => {
    const state = { healthy: false };
    renderRoute(
      'scene.statistics',
      '/scene/statistics?range=7d',
      server(state),
      <StatisticsPage />,
    );
    const retry = await screen.findByTestId('statistics-retry');
    expect(screen.getByText(i18n.t('statistics.error.title'))).toBeTruthy();

    state.healthy = true;
    fireEvent.click(retry);
    await screen.findByTestId('statistics-empty');
    expect(screen.getByText(i18n.t('statistics.empty'))).toBeTruthy();
    expect(screen.queryByTestId('statistics-retry')).toBeNull();
  });

  it('choosing "custom" opens the date picker on its start date, and again on a second click', async () => {
    renderRoute(
      'scene.statistics',
      '/scene/statistics?range=7d',
      server({ healthy: true }),
      <StatisticsPage />,
    );
    const range = await screen.findByTestId('statistics-range');
    const custom = within(range).getByText(i18n.t('statistics.filters.presets.custom'));
    // rc-picker hands the test id to both of its inputs: the first is the start date.
    const start = (): HTMLElement => {
      const [first] = screen.getAllByTestId('statistics-dates');
      if (!first) throw new Error('no date range picker');
      return first;
    };
    // Open: the panel is there, neither hidden nor on its way out (jsdom never ends a motion).
    const popup = () =>
      document.querySelector(
        '.ant-picker-dropdown:not(.ant-picker-dropdown-hidden):not(.ant-slide-up-leave)',
      );
    expect(popup()).toBeNull();

    fireEvent.click(custom);
    await waitFor(() => expect(document.activeElement).toBe(start()));
    await waitFor(() => expect(popup()).not.toBeNull());
    await waitFor(() =>
      expect(screen.getByTestId('location').textContent).toMatch(/start=.*&end=/),
    );

    // Closed without a choice, the option stays chosen; choosing it again opens the picker.
    act(() => start().blur());
    await waitFor(() => expect(popup()).toBeNull());
    fireEvent.click(custom);
    await waitFor(() => expect(popup()).not.toBeNull());
  });
});
