/** Calendar dates, buckets and call paths of the statistics (contract/statistics.ts). */
export const GRANULARITIES = ['day', 'week', 'month'] as const;
export type Granularity = (typeof GRANULARITIES)[number];

/** Spec default zone of the platform; the day rollup is kept in it. */
export const DEFAULT_TIME_ZONE = 'Asia/Shanghai';
/** A longer range answers 40000 rangeTooLong. */
export const MAX_RANGE_DAYS = 366;

const DATE_RE = /^\d{4}-\d{2}-\d{2}$/;

/** Whether a YYYY-MM-DD text names a real calendar date. */
export function isCalendarDate(s: string): boolean {
  if (!DATE_RE.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/**
 * One Intl.DateTimeFormat per zone, kept: building one costs far more than formatting with it.
 * At most `kept` valid zones: Intl takes names in any letter case, so clients must not grow it.
 */
export function formatterPerZone(
  locale: string,
  options: Omit<Intl.DateTimeFormatOptions, 'timeZone'>,
  kept = 1024,
): (timeZone: string) => Intl.DateTimeFormat {
  const formats = new Map<string, Intl.DateTimeFormat>();
  return (timeZone) => {
    let format = formats.get(timeZone);
    if (!format) {
      // Throws RangeError for a zone Intl does not know, before anything is kept.
      format = new Intl.DateTimeFormat(locale, { ...options, timeZone });
      if (formats.size < kept) formats.set(timeZone, format);
    }
    return format;
  };
}

/** The zone's YYYY-MM-DD formatter (en-CA formats so); throws RangeError for an unknown zone. */
const dayFormatOf = formatterPerZone('en-CA', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** Whether the runtime knows the IANA zone name (Intl throws RangeError for unknown ones). */
export function isTimeZone(zone: string): boolean {
  if (zone.length > 64 || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(zone)) return false;
  try {
    dayFormatOf(zone);
    return true;
  } catch {
    return false;
  }
}

/** Days from one YYYY-MM-DD to another (calendar days; no zone involved). */
export function daysBetween(start: string, end: string): number {
  return Math.round(
    (Date.parse(`${end}T00:00:00Z`) - Date.parse(`${start}T00:00:00Z`)) / 86_400_000,
  );
}

/** The calendar date `days` after (or before, negative) a YYYY-MM-DD date. */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * Today's date in a zone, YYYY-MM-DD: statistics count days in the platform's zone, not the
 * browser's or the server's.
 */
export function todayIn(timeZone: string = DEFAULT_TIME_ZONE, now: Date = new Date()): string {
  return dayFormatOf(timeZone).format(now);
}

/** Path segments below /api/manage/v1 of each statistics call, by a short name. */
export const STATISTIC_CALLS = {
  sceneList: ['statistic', 'scene', 'list'],
  sceneTimes: ['statistic', 'scene', 'times', 'list'],
  sceneTokens: ['statistic', 'scene', 'tokens', 'list'],
  sceneChatTimes: ['statistic', 'scene', 'chat', 'times', 'list'],
  tokens: ['statistic', 'tokens', 'list'],
  cost: ['statistic', 'cost', 'list'],
} as const;

/** The bucket names of a range: every day, Monday or 1st of month from start to end. */
export function bucketsOf(start: string, end: string, granularity: Granularity): string[] {
  const first = new Date(`${bucketOf(start, granularity)}T00:00:00Z`);
  const last = Date.parse(`${end}T00:00:00Z`);
  const out: string[] = [];
  for (const d = first; d.getTime() <= last;) {
    out.push(d.toISOString().slice(0, 10));
    if (granularity === 'day') d.setUTCDate(d.getUTCDate() + 1);
    else if (granularity === 'week') d.setUTCDate(d.getUTCDate() + 7);
    else d.setUTCMonth(d.getUTCMonth() + 1);
  }
  return out;
}

/** The bucket a date falls in: itself, its ISO week's Monday, or its month's 1st. */
export function bucketOf(date: string, granularity: Granularity): string {
  if (granularity === 'day') return date;
  if (granularity === 'month') return `${date.slice(0, 8)}01`;
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d.toISOString().slice(0, 10);
}
