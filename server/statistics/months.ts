import { addDays, bucketOf } from '../../contract/statistics';

/** The 1st of the month after the one starting on `first` (31 days on always lands in it). */
export const monthAfter = (first: string) => bucketOf(addDays(first, 31), 'month');

/**
 * The calendar months lying wholly inside [start, end], as the first day of the first and of
 * the last such month, or null when there is none: the first starts after the day before
 * `start`'s month, the last ends before the day after `end`'s month.
 */
export function wholeMonths(start: string, end: string): { first: string; last: string } | null {
  const first = monthAfter(bucketOf(addDays(start, -1), 'month'));
  const last = bucketOf(addDays(bucketOf(addDays(end, 1), 'month'), -1), 'month');
  return first <= last ? { first, last } : null;
}
