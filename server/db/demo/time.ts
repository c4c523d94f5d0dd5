import { WeightedTable, type Random } from './random';

const HOUR = 3_600_000;
const DAY = 86_400_000;
/** The demo's users work in China: days and hours follow UTC+8. */
const CHINA = 8 * HOUR;

/** Calls and sessions fall within this many days before the seeding moment. */
export const DAYS = 90;

/** Relative activity per hour of the day (China time): working hours, a lunch dip, evenings. */
const HOUR_WEIGHTS = [
  0.1, 0.06, 0.04, 0.03, 0.03, 0.06, 0.15, 0.4, 0.8, 1.5, 1.7, 1.6, 0.9, 1.1, 1.6, 1.7, 1.6, 1.4,
  0.9, 0.7, 0.75, 0.6, 0.4, 0.2,
];
const hours = new WeightedTable(HOUR_WEIGHTS);

/** Midnight (China time) of the day `daysAgo` days before `now`, in ms. */
export function midnight(now: number, daysAgo: number): number {
  return Math.floor((now + CHINA) / DAY) * DAY - CHINA - daysAgo * DAY;
}

/**
 * Weights of the last DAYS days (index = days ago): weekdays busier than weekends, a gentle
 * growth towards today, and some day-to-day noise.
 */
export function dayTable(rng: Random, now: number): WeightedTable {
  const weights = Array.from({ length: DAYS }, (_, d) => {
    const weekday = new Date(midnight(now, d) + CHINA).getUTCDay();
    const week = weekday === 0 ? 0.35 : weekday === 6 ? 0.45 : 1;
    const trend = 0.7 + 0.6 * (1 - d / (DAYS - 1));
    return week * trend * (0.85 + rng.next() * 0.3);
  });
  return new WeightedTable(weights);
}

/** A moment on the day `daysAgo` days back, at a likely hour; never after `now`. */
export function timeOnDay(rng: Random, now: number, daysAgo: number): number {
  const start = midnight(now, daysAgo);
  const offset = hours.draw(rng) * HOUR + rng.int(0, HOUR - 1);
  const at = start + offset;
  // Today: squeeze the day into the part that has already passed.
  return at < now - 1000 ? at : start + Math.floor((offset * (now - 1000 - start)) / DAY);
}

/** `days` (may be fractional) before `now`, as a Date. */
export function daysBefore(now: number, days: number): Date {
  return new Date(now - Math.round(days * DAY));
}
