/**
 * How figures are rounded and written, for the screen and for every export alike: the console's
 * cells, the statistics page and its file, and the server's CSV and JSONL all call these, so a
 * cost never reads 0.0123 in one place and 0.0124 in another.
 */

/** Decimals a cost (CNY) is shown and exported with. */
export const COST_DECIMALS = 4;
/** Decimals of a share written as a percent (42.1%). */
export const PERCENT_DECIMALS = 1;

const DECIMAL_RE = /^([+-])?(\d*)(?:\.(\d*))?(?:e([+-]?\d+))?$/i;

/**
 * `value` rounded to `decimals` places, half away from zero, as plain decimal text
 * ("-0.0124", "12.3000"); `shift` moves the point first (2: a share as a percent). Rounding
 * works on the decimal digits a number prints as (or a numeric text as stored), not on its
 * binary value: 2.00005 is 2.0001, where toFixed says 2.0000. Text that is no finite
 * number gives ''.
 */
export function roundDecimal(value: number | string, decimals: number, shift = 0): string {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value;
  const m = DECIMAL_RE.exec(text.trim());
  if (!m || (!m[2] && !m[3])) return '';
  const [, sign, whole = '', fraction = '', exponent = '0'] = m;
  // value = digits × 10^-scale
  const digits = BigInt(`${whole}${fraction}` || '0');
  const scale = fraction.length - Number(exponent) - shift;
  const places = Math.max(0, Math.trunc(decimals));
  let units: bigint;
  if (scale <= places) {
    units = digits * 10n ** BigInt(places - scale);
  } else {
    const divisor = 10n ** BigInt(scale - places);
    units = digits / divisor;
    // The magnitude is rounded, so a half goes away from zero on either side.
    if ((digits % divisor) * 2n >= divisor) units += 1n;
  }
  const body = units.toString().padStart(places + 1, '0');
  const out = places ? `${body.slice(0, -places)}.${body.slice(-places)}` : body;
  return sign === '-' && units !== 0n ? `-${out}` : out;
}

export interface FigureFormat {
  /** UI locale: digits grouped as it writes them (12,345.6789); without one, plain text. */
  locale?: string;
  /** With a locale: written as an amount in this currency (¥12.30). */
  currency?: string;
  /** With a locale: trailing zeros dropped down to this many decimals (the rounding stays). */
  minimumDecimals?: number;
}

const formats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: string, options: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

/**
 * A figure rounded to `decimals` (roundDecimal): plain for files ("1234.5000"), or in a UI
 * locale's form for the screen ("1,234.5000", "¥1,234.50"). Null and empty give ''.
 */
export function formatFigure(
  value: number | string | null | undefined,
  decimals: number,
  format: FigureFormat = {},
): string {
  if (value === null || value === undefined || value === '') return '';
  const plain = roundDecimal(value, decimals);
  if (!plain || !format.locale) return plain || String(value);
  const options: Intl.NumberFormatOptions = {
    minimumFractionDigits: Math.min(format.minimumDecimals ?? decimals, decimals),
    maximumFractionDigits: decimals,
    ...(format.currency ? { style: 'currency', currency: format.currency } : {}),
  };
  // Handed over as decimal text: Intl then writes these digits, with nothing left to round.
  return numberFormat(format.locale, options).format(plain as `${number}`);
}

/** A cost in CNY: 4 decimals, half away from zero (formatFigure). */
export function formatCost(
  value: number | string | null | undefined,
  format: FigureFormat = {},
): string {
  return formatFigure(value, COST_DECIMALS, format);
}

/**
 * A share (0.4216) as a percent rounded as formatFigure rounds: `42.2` for files (the header
 * says %), `42.2%` in a UI locale.
 */
export function formatPercent(
  share: number | null | undefined,
  format: Pick<FigureFormat, 'locale'> = {},
): string {
  if (share === null || share === undefined) return '';
  const plain = roundDecimal(share, PERCENT_DECIMALS, 2);
  if (!plain || !format.locale) return plain;
  return `${formatFigure(plain, PERCENT_DECIMALS, { locale: format.locale, minimumDecimals: 0 })}%`;
}
