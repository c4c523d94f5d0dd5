import { useCallback } from 'react';
import { useSearchParams } from 'react-router';
import { ITEM_STATES } from '../../../../contract/resources/corpus-item';

export const ITEM_PARAM = 'item';
export const STATUS_PARAM = 'status';
export const STATUS_FILTERS = ['all', ...ITEM_STATES] as const;
export type StatusFilter = (typeof STATUS_FILTERS)[number];

export function statusFilterOf(params: URLSearchParams): StatusFilter {
  const value = params.get(STATUS_PARAM);
  return (STATUS_FILTERS as readonly string[]).includes(value ?? '')
    ? (value as StatusFilter)
    : 'all';
}

/**
 * The item shown and the status filter, kept in the address (`&item=<item>&status=<filter>`) so
 * a reload or a shared link opens the same place. Moving replaces the history entry: stepping
 * through a hundred items should not leave a hundred back steps.
 */
export function useMarkLocation() {
  const [params, setParams] = useSearchParams();
  const status = statusFilterOf(params);
  const itemParam = params.get(ITEM_PARAM);
  const itemId = itemParam && /^\d+$/.test(itemParam) ? Number(itemParam) : undefined;
  const setItem = useCallback(
    (id: number | undefined, nextStatus: StatusFilter = status) =>
      setParams(
        (prev) => {
          const out = new URLSearchParams(prev);
          if (id === undefined) out.delete(ITEM_PARAM);
          else out.set(ITEM_PARAM, String(id));
          if (nextStatus === 'all') out.delete(STATUS_PARAM);
          else out.set(STATUS_PARAM, nextStatus);
          return out;
        },
        { replace: true },
      ),
    [setParams, status],
  );
  return { status, itemId, setItem };
}
