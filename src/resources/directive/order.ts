import type { BaseRecord, CrudFilter, CrudSort } from '@refinedev/core';

export type Id = number;

/**
 * The operators' order is only what the screen shows when the list is sorted by it and
 * nothing is left out: otherwise moving a row would mean something else than it looks.
 */
export function reorderable(sorters: CrudSort[], filters: CrudFilter[]): boolean {
  const byOrder =
    sorters.length === 0 ||
    (sorters.length === 1 && sorters[0]!.field === 'sortOrder' && sorters[0]!.order === 'asc');
  const filtered = filters.some(
    (f) =>
      'field' in f &&
      f.value !== undefined &&
      f.value !== null &&
      f.value !== '' &&
      !(Array.isArray(f.value) && f.value.length === 0),
  );
  return byOrder && !filtered;
}

/** The rows in the order of `ids` (an optimistic order), or as they came. */
export function inOrder(rows: readonly BaseRecord[], ids: readonly Id[] | null): BaseRecord[] {
  if (!ids) return [...rows];
  const byId = new Map(rows.map((r) => [Number(r.id), r]));
  const ordered = ids.map((id) => byId.get(id)).filter((r): r is BaseRecord => !!r);
  // Rows that changed meanwhile (a refetch) no longer fit the order: shown as they came.
  return ordered.length === rows.length ? ordered : [...rows];
}
