import type { SceneCost, SceneTotal, Series, SeriesAnswer } from '../../../../contract/statistics';
import { PARAMS } from './filters';

/** A row of the totals table: a scene's usage in the range and its budget this month. */
export interface TotalsRow extends SceneTotal {
  /** CNY per month, or null when the scene has none. */
  monthlyBudget: number | null;
  /** Cost of the current calendar month so far, or null when cost/list has no row for it. */
  monthCost: number | null;
  /** Share of the budget used this calendar month (0.42), or null without a budget. */
  budgetShare: number | null;
}

/** The sortable columns of the totals table, in display order. */
export const SORT_KEYS = [
  'calls',
  'promptTokens',
  'completionTokens',
  'totalTokens',
  'chats',
  'users',
  'cost',
  'monthlyBudget',
  'budgetShare',
] as const;
export type SortKey = (typeof SORT_KEYS)[number];
export type SortOrder = 'ascend' | 'descend';
export interface TableSort {
  key: SortKey;
  order: SortOrder;
}
/** Most calls first: the scenes that matter come on top. */
export const DEFAULT_SORT: TableSort = { key: 'calls', order: 'descend' };

/** scene/list rows joined with cost/list's budget of the same scene. */
export function totalsRows(
  list: readonly SceneTotal[],
  costs: readonly SceneCost[] | undefined,
): TotalsRow[] {
  const byCode = new Map((costs ?? []).map((c) => [c.sceneCode, c]));
  return list.map((row) => {
    const cost = byCode.get(row.sceneCode);
    return {
      ...row,
      monthlyBudget: cost?.monthlyBudget ?? null,
      monthCost: cost?.monthCost ?? null,
      budgetShare: cost?.budgetShare ?? null,
    };
  });
}

/** The table's sort from the URL (`sort=cost&order=ascend`), else the default. */
export function sortFromParams(params: URLSearchParams): TableSort {
  const key = params.get(PARAMS.sort);
  const order = params.get(PARAMS.order);
  if (!(SORT_KEYS as readonly string[]).includes(key ?? '')) return DEFAULT_SORT;
  return { key: key as SortKey, order: order === 'ascend' ? 'ascend' : 'descend' };
}

/** Rows in the table's order; rows without a value (no budget) go last either way. */
export function sortRows(rows: readonly TotalsRow[], sort: TableSort): TotalsRow[] {
  const sign = sort.order === 'ascend' ? 1 : -1;
  return [...rows].sort((a, b) => {
    const x = a[sort.key];
    const y = b[sort.key];
    if (x === null || y === null) {
      if (x === y) return a.sceneCode.localeCompare(b.sceneCode);
      return x === null ? 1 : -1;
    }
    return (x - y) * sign || a.sceneCode.localeCompare(b.sceneCode);
  });
}

/** The `limit` rows with the most calls (the top scenes chart). */
export function topByCalls(list: readonly SceneTotal[], limit = 10): SceneTotal[] {
  return sortRows(totalsRows(list, undefined), DEFAULT_SORT).slice(0, limit);
}

/** A scene as people know it: its name, else its code (a deleted scene keeps only that). */
export function sceneLabel(row: { sceneCode: string; sceneName: string | null }): string {
  return row.sceneName ?? row.sceneCode;
}

/** One point of a line chart. */
export interface LinePoint {
  bucket: string;
  value: number;
  series: string;
}

/** Scenes a stacked chart shows as their own layers. */
export const STACKED_SCENES = 6;

/** A scene's layer and legend name: its name, else its code. */
export const layerName = (s: Series) => s.name || s.key;

/** The `limit` series with the largest sums, largest first. */
function busiestSeries(answer: Pick<SeriesAnswer, 'series'>, limit: number): Series[] {
  const sum = (s: Series) => s.values.reduce((a, v) => a + v, 0);
  return [...answer.series].sort((a, b) => sum(b) - sum(a)).slice(0, limit);
}

/**
 * One colour per scene across a page's stacked charts, so a scene reads the same in each: the
 * busiest of the first answer take the palette first, then the new ones of the next. Each chart
 * picked its own colours before, and the same blue was one scene in the calls chart and
 * another in the sessions chart beside it. Colours repeat only past the palette's length.
 */
export function sceneColors(
  answers: readonly (Pick<SeriesAnswer, 'series'> | undefined)[],
  palette: readonly string[],
  limit = STACKED_SCENES,
): Map<string, string> {
  const colors = new Map<string, string>();
  for (const answer of answers) {
    if (!answer) continue;
    for (const s of busiestSeries(answer, limit)) {
      const name = layerName(s);
      if (!colors.has(name)) colors.set(name, palette[colors.size % palette.length]!);
    }
  }
  return colors;
}

/**
 * Points of a per-scene series answer as stacked layers: the rest of the scenes as one "others"
 * layer at the bottom, then the `limit` busiest scenes above it, so the top edge is the total. Dozens of separate lines would hide
 * each other, and a total line beside them would flatten them to the axis.
 */
export function stackPoints(
  answer: Pick<SeriesAnswer, 'buckets' | 'series' | 'total'>,
  othersName: string,
  limit = STACKED_SCENES,
): LinePoint[] {
  const busiest = busiestSeries(answer, limit);
  const layers: { name: string; values: readonly number[] }[] = busiest.map((s) => ({
    name: layerName(s),
    values: s.values,
  }));
  if (answer.series.length > busiest.length) {
    const others = answer.buckets.map(
      (_, i) => (answer.total[i] ?? 0) - busiest.reduce((a, s) => a + (s.values[i] ?? 0), 0),
    );
    // Money sums drift in the last decimals; nothing below a ten-thousandth is a layer.
    layers.unshift({
      name: othersName,
      values: others.map((v) => (Math.abs(v) < 1e-4 ? 0 : v)),
    });
  }
  return layers.flatMap((layer) =>
    answer.buckets.map((bucket, i) => ({
      bucket,
      value: layer.values[i] ?? 0,
      series: layer.name,
    })),
  );
}

/** Points of named measure series (tokens: 'prompt', 'completion'), their names translated. */
export function measurePoints(
  answer: Pick<SeriesAnswer, 'buckets' | 'series'>,
  nameOf: (key: string) => string,
): LinePoint[] {
  return answer.series.flatMap((s) =>
    answer.buckets.map((bucket, i) => ({
      bucket,
      value: s.values[i] ?? 0,
      series: nameOf(s.key),
    })),
  );
}
