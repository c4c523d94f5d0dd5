import { useCustom } from '@refinedev/core';
import { apiPath } from '../../../../contract/api';
import { STATISTIC_CALLS } from '../../../../contract/statistics-calendar';
import type {
  CostAnswer,
  SceneListAnswer,
  SeriesAnswer,
  StatisticQueryInput,
  TokensAnswer,
} from '../../../../contract/statistics';

/** What each statistics call answers (contract/statistics.ts). */
export interface StatisticAnswers {
  sceneList: SceneListAnswer;
  sceneTimes: SeriesAnswer;
  sceneTokens: SeriesAnswer;
  sceneChatTimes: SeriesAnswer;
  tokens: TokensAnswer;
  cost: CostAnswer;
}
export type StatisticCall = keyof StatisticAnswers;

/** The URL of a statistics call, e.g. /api/manage/v1/statistic/scene/list. */
export function statisticUrl(call: StatisticCall): string {
  return apiPath(...STATISTIC_CALLS[call]);
}

/**
 * One statistics call for a query. While a changed filter loads, the previous answer stays
 * (charts keep their shape instead of collapsing into a skeleton at every click); `fresh` says
 * whether the answer shown is the one asked for.
 */
export function useStatistic<C extends StatisticCall>(
  call: C,
  body: StatisticQueryInput,
  enabled = true,
) {
  const { result, query } = useCustom<StatisticAnswers[C]>({
    url: statisticUrl(call),
    method: 'post',
    config: { payload: body },
    queryOptions: { enabled, placeholderData: (previous) => previous },
    // The http interceptor has already said why a call failed; the page shows a retry.
    errorNotification: false,
  });
  return {
    data: query.data ? (result.data as StatisticAnswers[C]) : undefined,
    loading: query.isLoading,
    fetching: query.isFetching,
    fresh: !query.isPlaceholderData,
    error: query.isError,
    refetch: () => void query.refetch(),
  };
}
