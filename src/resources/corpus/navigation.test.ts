import { describe, expect, it } from 'vitest';
import { findNeighbour, isTypingTarget, type FetchIds } from './navigation';

function pagesOf(ids: number[], pageSize: number) {
  const reads: number[] = [];
  const fetchIds: FetchIds = (page) => {
    reads.push(page);
    return Promise.resolve({
      ids: ids.slice((page - 1) * pageSize, page * pageSize),
      total: ids.length,
    });
  };
  return { fetchIds, reads };
}

const IDS = [2, 3, 5, 8, 13, 21, 34, 55, 89, 144, 233];

describe('findNeighbour', () => {
  it('finds the next and previous id on the hinted page with one read', async () => {
    const { fetchIds, reads } = pagesOf(IDS, 3);
    expect(await findNeighbour(fetchIds, 8, 'next', 3, 2)).toEqual({ id: 13, page: 2 });
    expect(reads).toEqual([2]);
    expect(await findNeighbour(fetchIds, 13, 'prev', 3, 2)).toEqual({ id: 8, page: 2 });
  });

  it('crosses pages, from any hint, for ids in the list or not (an item that left the filter)', async () => {
    const { fetchIds } = pagesOf(IDS, 3);
    for (let current = 0; current <= 240; current++) {
      for (const hint of [1, 2, 4, 9]) {
        const next = IDS.find((x) => x > current);
        const prev = [...IDS].reverse().find((x) => x < current);
        expect((await findNeighbour(fetchIds, current, 'next', 3, hint))?.id).toBe(next);
        expect((await findNeighbour(fetchIds, current, 'prev', 3, hint))?.id).toBe(prev);
      }
    }
  });

  it('answers null at either end and for an empty list', async () => {
    expect(await findNeighbour(pagesOf(IDS, 3).fetchIds, 233, 'next', 3)).toBeNull();
    expect(await findNeighbour(pagesOf(IDS, 3).fetchIds, 2, 'prev', 3)).toBeNull();
    expect(await findNeighbour(pagesOf([], 3).fetchIds, 2, 'next', 3)).toBeNull();
  });

  it('reads few pages of a long list', async () => {
    const ids = Array.from({ length: 5000 }, (_, i) => i + 1);
    const { fetchIds, reads } = pagesOf(ids, 50);
    expect(await findNeighbour(fetchIds, 4321, 'next', 50, 1)).toEqual({ id: 4322, page: 87 });
    expect(reads.length).toBeLessThanOrEqual(9);
  });
});

describe('isTypingTarget', () => {
  it('text fields are typing; radios, buttons and the page are not', () => {
    const make = (html: string) => {
      const host = document.createElement('div');
      host.innerHTML = html;
      return host.firstElementChild;
    };
    expect(isTypingTarget(make('<textarea></textarea>'))).toBe(true);
    expect(isTypingTarget(make('<input type="text" />'))).toBe(true);
    expect(isTypingTarget(make('<input />'))).toBe(true);
    expect(isTypingTarget(make('<input type="search" role="combobox" />'))).toBe(true);
    expect(isTypingTarget(make('<input type="radio" />'))).toBe(false);
    expect(isTypingTarget(make('<button>x</button>'))).toBe(false);
    expect(isTypingTarget(document.body)).toBe(false);
    expect(isTypingTarget(null)).toBe(false);
  });
});
