import { describe, expect, it } from 'vitest';
import { dayStart, platformDaysWithin } from './zone-days';

const iso = (t: number) => new Date(t).toISOString();

describe('dayStart', () => {
  it('is local midnight as an instant, across DST changes', () => {
    expect(iso(dayStart('2026-03-01', 'Asia/Shanghai'))).toBe('2026-02-28T16:00:00.000Z');
    expect(iso(dayStart('2026-03-01', 'UTC'))).toBe('2026-03-01T00:00:00.000Z');
    // New York: EST (−5) before 8 March 2026, EDT (−4) from then.
    expect(iso(dayStart('2026-03-08', 'America/New_York'))).toBe('2026-03-08T05:00:00.000Z');
    expect(iso(dayStart('2026-03-09', 'America/New_York'))).toBe('2026-03-09T04:00:00.000Z');
    expect(iso(dayStart('2026-01-01', 'Pacific/Kiritimati'))).toBe('2025-12-31T10:00:00.000Z');
    expect(iso(dayStart('2026-01-01', 'Etc/GMT+12'))).toBe('2026-01-01T12:00:00.000Z');
  });
});

describe('platformDaysWithin', () => {
  it('UTC: the platform days inside, and 8 hours at either end', () => {
    const { days, edges } = platformDaysWithin('2026-03-01', '2026-03-31', 'UTC');
    // 1 March UTC starts at 08:00 in Shanghai: its first whole platform day is 2 March; 31 March
    // UTC ends at 08:00 on 1 April there.
    expect(days).toEqual({ first: '2026-03-02', last: '2026-03-31' });
    expect(edges.map(([a, b]) => [iso(a), iso(b)])).toEqual([
      ['2026-03-01T00:00:00.000Z', '2026-03-01T16:00:00.000Z'],
      ['2026-03-31T16:00:00.000Z', '2026-04-01T00:00:00.000Z'],
    ]);
  });

  it('the platform zone itself: all days, no edges', () => {
    expect(platformDaysWithin('2026-03-01', '2026-03-02', 'Asia/Shanghai')).toEqual({
      days: { first: '2026-03-01', last: '2026-03-02' },
      edges: [],
    });
  });

  it('one UTC day holds no whole platform day: all of it is an edge', () => {
    const { days, edges } = platformDaysWithin('2026-03-01', '2026-03-01', 'UTC');
    expect(days).toBeUndefined();
    expect(edges.map(([a, b]) => [iso(a), iso(b)])).toEqual([
      ['2026-03-01T00:00:00.000Z', '2026-03-02T00:00:00.000Z'],
    ]);
  });

  it('covers the range exactly, whatever the zone', () => {
    for (const zone of ['UTC', 'America/New_York', 'Pacific/Kiritimati', 'Etc/GMT+12']) {
      for (const [start, end] of [
        ['2026-03-01', '2026-03-31'],
        ['2026-03-07', '2026-03-09'],
        ['2025-12-30', '2026-01-02'],
        ['2026-06-15', '2026-06-16'],
      ] as const) {
        const { days, edges } = platformDaysWithin(start, end, zone);
        const parts: [number, number][] = [...edges];
        if (days) {
          parts.push([
            dayStart(days.first, 'Asia/Shanghai'),
            dayStart(
              new Date(Date.parse(`${days.last}T00:00:00Z`) + 86_400_000)
                .toISOString()
                .slice(0, 10),
              'Asia/Shanghai',
            ),
          ]);
        }
        parts.sort((a, b) => a[0] - b[0]);
        // Contiguous, from the zone's first instant to its last, no overlap.
        expect(parts[0]![0]).toBe(dayStart(start, zone));
        for (let i = 1; i < parts.length; i++) expect(parts[i]![0]).toBe(parts[i - 1]![1]);
        const next = new Date(Date.parse(`${end}T00:00:00Z`) + 86_400_000)
          .toISOString()
          .slice(0, 10);
        expect(parts.at(-1)![1]).toBe(dayStart(next, zone));
      }
    }
  });
});
