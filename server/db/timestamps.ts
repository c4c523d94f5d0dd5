/**
 * A `timestamp with time zone` as the drivers hand it to drizzle (PostgreSQL's text, DateStyle
 * ISO) written as the contract writes instants: ISO-8601 in UTC with milliseconds, exactly what
 * `new Date(text).toISOString()` gives (and right where that is wrong: Date reads the year 0001
 * as 2001). A UTC value ("2026-09-30 04:37:23.447123+00", the session zone of both backends
 * here) is rewritten as text, about a fifth of the cost of a Date and its `toISOString` (0.19
 * against 0.85 µs; a list page of sessions reads 33 of them: docs/PERFORMANCE.md "Instants
 * written as text"); any other shape (another zone's offset, a
 * year past 9999, BC, infinity) goes through Date as drizzle would take it.
 */
export function isoFromTimestamptz(value: unknown): string {
  if (typeof value !== 'string') return (value as Date).toISOString();
  if (isUtcIso(value)) {
    // Fractional digits beyond milliseconds are cut, as Date cuts them.
    const fraction = value.length > 22 ? `${value.slice(19, -3)}00`.slice(0, 4) : '.000';
    return `${value.slice(0, 10)}T${value.slice(11, 19)}${fraction}Z`;
  }
  return new Date(value).toISOString();
}

/** Where UTC_SHAPE has this, a digit; elsewhere its own character. */
const DIGIT = 0x64; // d
const UTC_SHAPE = 'dddd-dd-dd dd:dd:dd';

const isDigit = (c: number) => c >= 0x30 && c <= 0x39;

/** "YYYY-MM-DD HH:MM:SS[.f{1,6}]+00", checked character by character (no RegExp). */
function isUtcIso(v: string): boolean {
  const n = v.length;
  if (n < 22 || n > 29 || n === 23 || !v.endsWith('+00')) return false;
  for (let i = 0; i < UTC_SHAPE.length; i++) {
    const want = UTC_SHAPE.charCodeAt(i);
    const c = v.charCodeAt(i);
    if (want === DIGIT ? !isDigit(c) : c !== want) return false;
  }
  if (n === 22) return true;
  if (v.charCodeAt(19) !== 0x2e) return false; // .
  for (let i = 20; i < n - 3; i++) if (!isDigit(v.charCodeAt(i))) return false;
  return true;
}
