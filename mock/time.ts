/**
 * Dates of the sample data, relative to the moment asked (`now`), so a dashboard shows recent
 * days; the values themselves never change. Days are UTC days, `YYYY-MM-DD`.
 */
const DAY_MS = 86_400_000;

/** The UTC day `offset` days from `now` (negative: in the past). */
export function dayOf(now: Date, offset = 0): string {
  return new Date(now.getTime() + offset * DAY_MS).toISOString().slice(0, 10);
}

/** The `count` UTC days ending today, oldest first. */
export function lastDays(now: Date, count: number): string[] {
  return Array.from({ length: count }, (_, i) => dayOf(now, i - count + 1));
}

/** An ISO instant `minutes` before `now`, to the second. */
export function minutesAgo(now: Date, minutes: number): string {
  const at = new Date(now.getTime() - minutes * 60_000);
  at.setUTCMilliseconds(0);
  return at.toISOString();
}

/**
 * An ISO instant on the UTC day `days` before `now`, at `minuteOfDay` past midnight UTC. Sample
 * rows stay between 01:00 and 15:59 UTC, so their day is the same in UTC and in China (UTC+8).
 */
export function dayTime(now: Date, days: number, minuteOfDay: number): string {
  return `${dayOf(now, -days)}T${clock(minuteOfDay)}:00.000Z`;
}

/** 'HH:mm' of a minute of the day. */
export function clock(minuteOfDay: number): string {
  const h = Math.floor(minuteOfDay / 60) % 24;
  const m = minuteOfDay % 60;
  return `${String(h).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}
