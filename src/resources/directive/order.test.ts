import { describe, expect, it } from 'vitest';
import { inOrder, reorderable } from './order';

describe('reorderable', () => {
  it('only sorted by order ascending (or unsorted) and unfiltered', () => {
    expect(reorderable([], [])).toBe(true);
    expect(reorderable([{ field: 'sortOrder', order: 'asc' }], [])).toBe(true);
    expect(reorderable([{ field: 'sortOrder', order: 'desc' }], [])).toBe(false);
    expect(reorderable([{ field: 'directiveName', order: 'asc' }], [])).toBe(false);
    const status = { field: 'status', operator: 'eq', value: 1 } as const;
    expect(reorderable([], [status])).toBe(false);
    // A cleared control leaves an empty filter behind: that filters nothing.
    expect(reorderable([], [{ ...status, value: undefined }])).toBe(true);
    expect(reorderable([], [{ field: 'keyword', operator: 'eq', value: '' }])).toBe(true);
  });
});

describe('inOrder', () => {
  const rows = [{ id: 1 }, { id: 2 }, { id: 3 }];
  it('puts the rows in the optimistic order', () => {
    expect(inOrder(rows, [3, 1, 2]).map((r) => r.id)).toEqual([3, 1, 2]);
    expect(inOrder(rows, null)).toEqual(rows);
  });
  it('ignores an order that no longer fits the rows', () => {
    expect(inOrder(rows, [3, 1]).map((r) => r.id)).toEqual([1, 2, 3]);
  });
});
