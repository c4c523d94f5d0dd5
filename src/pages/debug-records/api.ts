import { useCustom } from '@refinedev/core';
import type { z } from 'zod';
import { apiPath } from '../../../contract/api';
import type { debugRecordDetail, debugRecordSummary } from '../../../contract/debug-records';
import { pageBody, type RecordQuery } from './params';

export type RecordSummary = z.infer<typeof debugRecordSummary>;
export type RecordDetail = z.infer<typeof debugRecordDetail>;

interface RecordPage {
  list: RecordSummary[];
  total: number;
}

/** One page of the server's model requests for the address's filters. */
export function useRecordPage(query: RecordQuery) {
  const { query: fetch, result } = useCustom<RecordPage>({
    url: apiPath('debug-record', 'page'),
    method: 'post',
    config: { payload: pageBody(query) },
    queryOptions: { retry: false },
    errorNotification: false,
  });
  const data = (result.data as RecordPage | undefined) ?? { list: [], total: 0 };
  return { data, loading: fetch.isFetching, refetch: () => void fetch.refetch() };
}

/** One record with what was sent and what came back; nothing is asked while `id` is null. */
export function useRecordDetail(id: number | null) {
  const { query, result } = useCustom<RecordDetail>({
    url: apiPath('debug-record', 'detail'),
    method: 'post',
    config: { payload: { id } },
    queryOptions: { enabled: id !== null, retry: false },
    errorNotification: false,
  });
  return {
    record: query.isSuccess ? (result.data as RecordDetail | undefined) : undefined,
    loading: query.isLoading,
    failed: query.isError,
  };
}
