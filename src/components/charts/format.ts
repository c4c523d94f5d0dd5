import { formatCost, formatPercent } from '../../../contract/figures';
import type { Granularity } from '../../../contract/statistics';

/**
 * Numbers, money and statistic buckets as the UI locale writes them. Intl formatters are
 * costly to build and these run per axis tick and table cell, so each is built once per
 * locale and option set.
 */
const cache = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `n|${locale}|${JSON.stringify(options)}`;
  let f = cache.get(key) as Intl.NumberFormat | undefined;
  if (!f) {
    f = new Intl.NumberFormat(locale, options);
    cache.set(key, f);
  }
  return f;
}

function dateFormat(locale: string, options: Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  const key = `d|${locale}|${JSON.stringify(options)}`;
  let f = cache.get(key) as Intl.DateTimeFormat | undefined;
  if (!f) {
    // Buckets are calendar dates (YYYY-MM-DD) read at UTC midnight: UTC keeps the day.
    f = new Intl.DateTimeFormat(locale, { ...options, timeZone: 'UTC' });
    cache.set(key, f);
  }
  return f;
}

/** A count with the locale's thousands separators: 12,345. */
export function formatCount(value: number, locale: string): string {
  return numberFormat(locale, { maximumFractionDigits: 0 }).format(value);
}

/** A count shortened for an axis: 12K, 1.2万. */
export function formatCompact(value: number, locale: string): string {
  return numberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 }).format(value);
}

/** A score or a mean with exactly two decimals and the locale's separators: 1,234.50. */
export function formatScore(value: number, locale: string): string {
  return numberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);
}

/**
 * An amount in CNY (what the platform prices calls in) with 2 to 4 decimals: token prices are
 * fractions of a fen, so a small scene's cost would read ¥0.00 with two. `fixed` writes exactly
 * 4, for a column whose amounts are read against each other (¥4.3630 above ¥4.3428).
 */
export function formatMoney(value: number, locale: string, fixed = false): string {
  // Rounded as every export rounds a cost (contract/figures.ts): half away from zero.
  return formatCost(value, { locale, currency: 'CNY', minimumDecimals: fixed ? 4 : 2 });
}

/** A share (0.421) as a percent with at most one decimal, rounded as exports round it: 42.1%. */
export function formatShare(value: number, locale: string): string {
  return formatPercent(value, { locale });
}

/** A calendar date (YYYY-MM-DD) in the locale's medium form: Mar 5, 2025 / 2025年3月5日. */
export function formatDate(date: string, locale: string): string {
  return dateFormat(locale, { dateStyle: 'medium' }).format(new Date(`${date}T00:00:00Z`));
}

/**
 * A bucket name (its first date) as an axis label: a day or a week's Monday as month and day
 * (with the year when `withYear`), a month as month and year.
 */
export function formatBucket(
  bucket: string,
  granularity: Granularity,
  locale: string,
  withYear = false,
): string {
  const date = new Date(`${bucket}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return bucket;
  if (granularity === 'month') {
    return dateFormat(locale, { year: 'numeric', month: 'short' }).format(date);
  }
  return dateFormat(
    locale,
    withYear
      ? { year: 'numeric', month: 'short', day: 'numeric' }
      : { month: 'short', day: 'numeric' },
  ).format(date);
}
