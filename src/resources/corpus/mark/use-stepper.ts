import { useDataProvider, type CrudFilter } from '@refinedev/core';
import { useCallback, useMemo, useRef } from 'react';
import { findNeighbour, type Direction } from '../navigation';
import type { StatusFilter } from './location';

/** Items read per page while stepping. */
const PAGE_SIZE = 50;

/** Steps through the items of a set that a status filter selects, in id order. */
export function useStepper(corpusId: number, status: StatusFilter) {
  const dataProvider = useDataProvider();
  const hint = useRef<{ status: StatusFilter; page: number }>({ status, page: 1 });
  const filtersOf = useCallback(
    (s: StatusFilter): CrudFilter[] => [
      { field: 'corpusId', operator: 'eq', value: corpusId },
      ...(s === 'all' ? [] : [{ field: 'status', operator: 'eq' as const, value: s }]),
    ],
    [corpusId],
  );
  const list = useCallback(
    async (s: StatusFilter, page: number, pageSize: number) => {
      const { data, total } = await dataProvider().getList({
        resource: 'corpus-item',
        pagination: { currentPage: page, pageSize, mode: 'server' },
        filters: filtersOf(s),
        sorters: [{ field: 'id', order: 'asc' }],
      });
      return { ids: data.map((r) => Number(r.id)), total };
    },
    [dataProvider, filtersOf],
  );
  /** The first item a filter selects, or undefined. */
  const first = useCallback(async (s: StatusFilter) => (await list(s, 1, 1)).ids[0], [list]);
  const neighbour = useCallback(
    async (current: number, dir: Direction) => {
      const start = hint.current.status === status ? hint.current.page : 1;
      const found = await findNeighbour(
        (page) => list(status, page, PAGE_SIZE),
        current,
        dir,
        PAGE_SIZE,
        start,
      );
      if (found) hint.current = { status, page: found.page };
      return found?.id;
    },
    [list, status],
  );
  return useMemo(() => ({ first, neighbour }), [first, neighbour]);
}

export type Stepper = ReturnType<typeof useStepper>;
