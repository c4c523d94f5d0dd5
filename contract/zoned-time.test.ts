import { expect, it } from 'vitest';
import { zonedDateTime } from './zoned-time';

it('writes an instant on the clock of a zone, as a spreadsheet reads it', () => {
  const at = '2026-12-02T00:30:05.123Z';
  expect(zonedDateTime(at, 'Asia/Shanghai')).toBe('2026-12-02 08:30:05');
  expect(zonedDateTime(at, 'UTC')).toBe('2026-12-02 00:30:05');
  expect(zonedDateTime(at, 'America/New_York')).toBe('2026-12-01 19:30:05');
  // Midnight is hour 00, never 24.
  expect(zonedDateTime('2026-12-01T16:00:00Z', 'Asia/Shanghai')).toBe('2026-12-02 00:00:00');
  expect(zonedDateTime('not a date', 'UTC')).toBe('not a date');
});
