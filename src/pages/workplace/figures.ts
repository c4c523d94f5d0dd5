import { bucketOf, DEFAULT_TIME_ZONE } from '../../../contract/statistics-calendar';
import type { SeriesAnswer, StatisticQueryInput } from '../../../contract/statistics';
import { addDays } from '../../resources/scene/statistics/filters';

/** Days of the calls trend. */
export const TREND_DAYS = 30;
/** Days the top scenes are counted over. */
export const TOP_DAYS = 7;
/** Scenes the top list shows. */
export const TOP_SCENES = 5;
/** Sessions the recent list shows. */
export const RECENT_SESSIONS = 5;

function body(startDate: string, endDate: string): StatisticQueryInput {
  return { startDate, endDate, granularity: 'day', timeZone: DEFAULT_TIME_ZONE };
}

/**
 * The statistics the workplace asks, relative to today in the platform's zone: the last 30
 * days by day (trend, and today against yesterday), this ISO week so far, the last 7 days.
 */
export function workplaceQueries(today: string) {
  return {
    trend: body(addDays(today, 1 - TREND_DAYS), today),
    week: body(bucketOf(today, 'week'), today),
    top: body(addDays(today, 1 - TOP_DAYS), today),
  };
}

/** Today's and yesterday's value of a by-day answer (0 for a day it does not hold). */
export function todayAndYesterday(
  answer: Pick<SeriesAnswer, 'buckets' | 'total'>,
  today: string,
): { today: number; yesterday: number } {
  const at = (day: string) => {
    const i = answer.buckets.indexOf(day);
    return i < 0 ? 0 : (answer.total[i] ?? 0);
  };
  return { today: at(today), yesterday: at(addDays(today, -1)) };
}

export interface Change {
  direction: 'up' | 'down' | 'flat';
  /** Size of the change in percent of the previous value (one decimal); null when that was 0. */
  percent: number | null;
}

/**
 * Today against yesterday. From nothing to something has no percent (it is "new", not
 * "+∞ %"); nothing both days is flat.
 */
export function changeAgainst(current: number, previous: number): Change {
  if (previous === 0) {
    return current === 0 ? { direction: 'flat', percent: 0 } : { direction: 'up', percent: null };
  }
  // The direction follows the numbers, even when the percent rounds to 0.0.
  const percent = Math.round((Math.abs(current - previous) / previous) * 1000) / 10;
  return { direction: current > previous ? 'up' : current < previous ? 'down' : 'flat', percent };
}

/** Annotation progress over corpus sets: annotated items of all items, 0 without items. */
export function annotationProgress(
  sets: readonly { itemCount?: unknown; annotatedCount?: unknown }[],
) {
  let items = 0;
  let annotated = 0;
  for (const s of sets) {
    items += Number(s.itemCount) || 0;
    annotated += Number(s.annotatedCount) || 0;
  }
  return { items, annotated, share: items ? annotated / items : 0 };
}
