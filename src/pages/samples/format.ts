/**
 * A change in percent as the mock handlers send it (12.3 = +12.3 %), unsigned: the arrow beside
 * it shows the direction.
 */
export function formatGrowth(percent: number, locale: string): string {
  return new Intl.NumberFormat(locale, { style: 'percent', maximumFractionDigits: 1 }).format(
    Math.abs(percent) / 100,
  );
}
