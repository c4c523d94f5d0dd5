import { describe, expect, it } from 'vitest';
import type { SceneCost, SceneTotal } from '../../../../contract/statistics';
import {
  DEFAULT_SORT,
  measurePoints,
  sortFromParams,
  sceneColors,
  sortRows,
  stackPoints,
  topByCalls,
  totalsRows,
} from './rows';

function scene(code: string, calls: number, extra: Partial<SceneTotal> = {}): SceneTotal {
  return {
    sceneCode: code,
    sceneName: code.toUpperCase(),
    calls,
    promptTokens: calls * 10,
    completionTokens: calls * 5,
    totalTokens: calls * 15,
    chats: 1,
    users: 1,
    cost: calls / 100,
    ...extra,
  };
}

const budget = (code: string, monthlyBudget: number | null, monthCost = 0): SceneCost => ({
  sceneCode: code,
  sceneName: null,
  cost: 0,
  monthlyBudget,
  monthCost,
  budgetShare: monthlyBudget ? monthCost / monthlyBudget : null,
});

describe('totals rows', () => {
  it('join each scene with its budget; scenes cost/list lacks have none', () => {
    const rows = totalsRows(
      [scene('a', 3), scene('b', 5)],
      [budget('a', 100, 42), budget('z', 10, 1)],
    );
    expect(rows).toEqual([
      { ...scene('a', 3), monthlyBudget: 100, monthCost: 42, budgetShare: 0.42 },
      { ...scene('b', 5), monthlyBudget: null, monthCost: null, budgetShare: null },
    ]);
    expect(totalsRows([scene('a', 1)], undefined)[0]!.monthlyBudget).toBeNull();
  });

  it('sort by any column either way; rows without a value go last both ways', () => {
    const rows = totalsRows(
      [scene('a', 3), scene('b', 5), scene('c', 1)],
      [budget('a', 100, 50), budget('c', 100, 10)],
    );
    const codes = (key: Parameters<typeof sortRows>[1]) =>
      sortRows(rows, key).map((r) => r.sceneCode);
    expect(codes(DEFAULT_SORT)).toEqual(['b', 'a', 'c']);
    expect(codes({ key: 'calls', order: 'ascend' })).toEqual(['c', 'a', 'b']);
    expect(codes({ key: 'budgetShare', order: 'descend' })).toEqual(['a', 'c', 'b']);
    expect(codes({ key: 'budgetShare', order: 'ascend' })).toEqual(['c', 'a', 'b']);
  });

  it('ties keep a stable order by code', () => {
    const rows = totalsRows([scene('b', 2), scene('a', 2)], undefined);
    expect(sortRows(rows, DEFAULT_SORT).map((r) => r.sceneCode)).toEqual(['a', 'b']);
  });

  it('the sort comes from the URL, else most calls first', () => {
    expect(sortFromParams(new URLSearchParams('sort=cost&order=ascend'))).toEqual({
      key: 'cost',
      order: 'ascend',
    });
    expect(sortFromParams(new URLSearchParams('sort=cost'))).toEqual({
      key: 'cost',
      order: 'descend',
    });
    expect(sortFromParams(new URLSearchParams('sort=drop table'))).toEqual(DEFAULT_SORT);
  });

  it('top scenes are the busiest ten', () => {
    const list = Array.from({ length: 12 }, (_, i) => scene(`s${i}`, i));
    expect(topByCalls(list).map((r) => r.calls)).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  });
});

describe('chart points', () => {
  const answer = {
    buckets: ['2025-03-01', '2025-03-02'],
    series: [
      { key: 'a', name: 'Scene A', values: [1, 2] },
      { key: 'b', name: '', values: [5, 5] },
      { key: 'c', name: 'Scene C', values: [0, 1] },
    ],
    total: [6, 8],
  };

  it('the busiest scenes (named, else by key), then the rest as one layer', () => {
    const points = stackPoints(answer, 'Others', 2);
    expect([...new Set(points.map((p) => p.series))]).toEqual(['Others', 'b', 'Scene A']);
    expect(points.filter((p) => p.series === 'Others').map((p) => p.value)).toEqual([0, 1]);
    // The layers add up to the total of each bucket.
    for (const [i, bucket] of answer.buckets.entries()) {
      const sum = points.filter((p) => p.bucket === bucket).reduce((a, p) => a + p.value, 0);
      expect(sum).toBe(answer.total[i]);
    }
  });

  it('no "others" layer when every scene has its own', () => {
    expect(new Set(stackPoints(answer, 'Others').map((p) => p.series))).toEqual(
      new Set(['Scene A', 'b', 'Scene C']),
    );
  });

  it('measures are named by the caller (translated)', () => {
    const points = measurePoints(
      {
        buckets: ['2025-03-01'],
        series: [
          { key: 'prompt', name: 'prompt', values: [10] },
          { key: 'completion', name: 'completion', values: [4] },
        ],
      },
      (key) => `${key}!`,
    );
    expect(points).toEqual([
      { bucket: '2025-03-01', value: 10, series: 'prompt!' },
      { bucket: '2025-03-01', value: 4, series: 'completion!' },
    ]);
  });
});

describe('scene colours', () => {
  const series = (...sums: [string, number][]) => ({
    series: sums.map(([key, v]) => ({ key, name: key.toUpperCase(), values: [v] })),
  });

  it('gives a scene one colour in every chart, new scenes the next colours', () => {
    const calls = series(['a', 9], ['b', 5], ['c', 1]);
    // Sessions' two busiest are d, which calls left in "others", and b.
    const sessions = series(['b', 7], ['a', 3], ['d', 8], ['c', 0]);
    const colors = sceneColors([calls, sessions], ['red', 'green', 'blue', 'grey'], 2);
    expect([...colors]).toEqual([
      ['A', 'red'],
      ['B', 'green'],
      ['D', 'blue'],
    ]);
  });

  it('skips answers still on their way, and repeats colours past the palette', () => {
    const colors = sceneColors([undefined, series(['a', 3], ['b', 2], ['c', 1])], ['x', 'y']);
    expect([...colors.values()]).toEqual(['x', 'y', 'x']);
  });
});
