import { describe, expect, it } from 'vitest';
import { deriveSeed, Random, WeightedTable } from './random';

const draws = (rng: Random, n: number) => Array.from({ length: n }, () => rng.next());

describe('Random', () => {
  it('gives the same sequence for the same seed and another for another seed', () => {
    const a = draws(new Random(42), 50);
    expect(draws(new Random(42), 50)).toEqual(a);
    expect(draws(new Random(43), 50)).not.toEqual(a);
    expect(a.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(new Set(a).size).toBe(50);
  });

  it('keeps labelled streams apart and stable', () => {
    expect(deriveSeed(7, 'calls')).toBe(deriveSeed(7, 'calls'));
    expect(deriveSeed(7, 'calls')).not.toBe(deriveSeed(7, 'records'));
    expect(deriveSeed(7, 'calls')).not.toBe(deriveSeed(8, 'calls'));
    expect(draws(Random.of(7, 'x'), 5)).toEqual(draws(Random.of(7, 'x'), 5));
  });

  it('draws integers in bounds, hex of the asked length, and permutations', () => {
    const rng = new Random(1);
    const ints = Array.from({ length: 2000 }, () => rng.int(10, 40));
    expect(Math.min(...ints)).toBe(10);
    expect(Math.max(...ints)).toBe(40);
    expect(rng.hex(32)).toMatch(/^[0-9a-f]{32}$/);
    const shuffled = rng.shuffle([1, 2, 3, 4, 5, 6]);
    expect([...shuffled].sort()).toEqual([1, 2, 3, 4, 5, 6]);
    expect(rng.sample(['a', 'b', 'c'], 2)).toHaveLength(2);
  });

  it('follows weights', () => {
    const rng = new Random(3);
    const counts = [0, 0, 0];
    const table = new WeightedTable([1, 0, 3]);
    for (let i = 0; i < 4000; i++) counts[table.draw(rng)]!++;
    expect(counts[1]).toBe(0);
    expect(counts[2]! / counts[0]!).toBeGreaterThan(2.5);
    expect(counts[2]! / counts[0]!).toBeLessThan(3.5);
    // A limit keeps the draw among the first indexes.
    for (let i = 0; i < 100; i++) expect(table.draw(rng, 1)).toBe(0);
    expect(rng.weighted([['only', 1]] as const)).toBe('only');
  });
});
