import type { CrudSort } from '@refinedev/core';
import type { SortOrder } from 'antd/es/table/interface';

/**
 * The sort a list's header shows: the URL's, else the list's default (the server's order when
 * none is asked for), so the header always says why the rows are in order.
 */
export function shownSort(
  sorters: readonly CrudSort[],
  defaultSort: CrudSort | undefined,
): CrudSort | undefined {
  return sorters[0] ?? defaultSort;
}

/**
 * A column's sort settings: one column sorts at a time, as in the statistics table. antd's
 * multiple mode added each click to the earlier ones (Title, then ID, sorted by title first:
 * the click on ID seemed to do nothing). Controlled by the list's sort, so a sort from the URL
 * or the default shows on its header.
 */
export function sortableColumn(field: string, sort: CrudSort | undefined) {
  const ascending = sort?.order === 'asc';
  const sortOrder: SortOrder = sort?.field === field ? (ascending ? 'ascend' : 'descend') : null;
  return {
    sorter: true,
    // Repeating 'ascend' makes antd cycle between the two instead of through "unsorted".
    sortDirections: ['ascend', 'descend', 'ascend'] as SortOrder[],
    sortOrder,
  };
}
