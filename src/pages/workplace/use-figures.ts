import { useInfiniteList, useList, type BaseRecord, type CrudFilter } from '@refinedev/core';
import { useEffect } from 'react';
import { useStatistic } from '../../resources/scene/statistics/api';
import { annotationProgress, todayAndYesterday, workplaceQueries } from './figures';

/** Largest page the list calls answer: annotation progress reads every set in few calls. */
const ALL_PAGE = 100;

/** A list's total (pageSize 1: only the count is wanted); no call while `enabled` is false. */
export function useTotal(
  resource: string,
  filters: CrudFilter[] = [],
  enabled = true,
  scope?: string,
) {
  const { result, query } = useList({
    resource,
    pagination: { currentPage: 1, pageSize: 1 },
    filters,
    meta: scope ? { scope } : undefined,
    queryOptions: { enabled },
    errorNotification: false,
  });
  return {
    total: query.data ? (result.total ?? 0) : undefined,
    error: query.isError,
    refetch: () => void query.refetch(),
  };
}

/** Calls and sessions of today and yesterday, from the 30-day trend answers (one call each). */
export function useToday(today: string) {
  const queries = workplaceQueries(today);
  const calls = useStatistic('sceneTimes', queries.trend);
  const chats = useStatistic('sceneChatTimes', queries.trend);
  return {
    calls: calls.data ? todayAndYesterday(calls.data, today) : undefined,
    chats: chats.data ? todayAndYesterday(chats.data, today) : undefined,
    trend: calls.data,
    error: calls.error || chats.error,
    refetch: () => {
      calls.refetch();
      chats.refetch();
    },
  };
}

/** The counts of a corpus set the progress needs (the server keeps them with every item write). */
interface CorpusCounts extends BaseRecord {
  itemCount: number;
  annotatedCount: number;
}

/**
 * Annotated items of all items over every corpus set: pages of 100 sets are fetched until the
 * last, so the sum holds however many sets there are.
 */
export function useAnnotation(enabled: boolean) {
  const { result, query } = useInfiniteList<CorpusCounts>({
    resource: 'corpus',
    pagination: { currentPage: 1, pageSize: ALL_PAGE },
    queryOptions: { enabled },
    errorNotification: false,
  });
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = query;
  useEffect(() => {
    if (hasNextPage && !isFetchingNextPage) void fetchNextPage();
  }, [hasNextPage, isFetchingNextPage, fetchNextPage]);
  const pages = result.data?.pages;
  const done = !!pages && !hasNextPage;
  return {
    progress: done ? annotationProgress(pages.flatMap((p) => p.data)) : undefined,
    error: query.isError,
    refetch: () => void query.refetch(),
  };
}
