import { formatterPerZone } from './statistics-calendar';

/** en-CA writes dates year first; the parts are reassembled below whatever its separators. */
const partsOf = formatterPerZone('en-CA', {
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/**
 * An instant as a spreadsheet reads a date and time, `2026-12-02 08:30:00`, on the clock of an
 * IANA zone (throws RangeError for a zone Intl does not know). Anything that is no date comes
 * back as it came.
 */
export function zonedDateTime(value: string | Date, timeZone: string): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return String(value);
  const part: Record<string, string> = {};
  for (const p of partsOf(timeZone).formatToParts(date)) part[p.type] = p.value;
  return `${part.year}-${part.month}-${part.day} ${part.hour}:${part.minute}:${part.second}`;
}
