import { describe, expect, it } from 'vitest';
import { addDays } from '../../contract/statistics';
import { edgeSourceFor, rangeMask, wholeMonths } from './rollup-query';

describe('rollup ranges', () => {
  it('takes another zone’s edge users from the bitmaps only for a range ending lately', () => {
    expect(edgeSourceFor({ last: '2026-11-23' }, '2026-11-24')).toBe('bitmaps');
    expect(edgeSourceFor({ last: '2026-11-22' }, '2026-11-24')).toBe('bitmaps');
    expect(edgeSourceFor({ last: '2026-11-21' }, '2026-11-24')).toBe('calls');
    expect(edgeSourceFor(undefined, '2026-11-24')).toBe('calls');
  });

  it('finds the whole months inside a range', () => {
    expect(wholeMonths('2020-12-01', '2021-01-31')).toEqual({
      first: '2020-12-01',
      last: '2021-01-01',
    });
    expect(wholeMonths('2020-12-02', '2021-01-31')).toEqual({
      first: '2021-01-01',
      last: '2021-01-01',
    });
    expect(wholeMonths('2020-12-02', '2021-01-30')).toBeNull();
    expect(wholeMonths('2024-02-01', '2024-02-29')).toEqual({
      first: '2024-02-01',
      last: '2024-02-01',
    });
    expect(wholeMonths('2023-02-01', '2023-02-27')).toBeNull();
    expect(wholeMonths('2025-11-24', '2026-11-23')).toEqual({
      first: '2025-12-01',
      last: '2026-10-01',
    });
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2021-01-01', -1)).toBe('2020-12-31');
  });

  it('masks a range’s days in a two-year row, bit 0 being 1 January of the year before', () => {
    // 2020 is a leap year: its 30 and 31 December are bits 364 and 365; 1 January 2021 is 366.
    expect(rangeMask('2020-12-30', '2021-01-02', 2021)).toBe(
      `${'0'.repeat(364)}1111${'0'.repeat(364)}`,
    );
    expect(rangeMask('2021-01-02', '2021-01-04', 2021)).toBe(
      `${'0'.repeat(367)}111${'0'.repeat(362)}`,
    );
    // In the row of 2022 the same days are its first half.
    expect(rangeMask('2021-01-02', '2021-01-04', 2022)).toBe(`0111${'0'.repeat(728)}`);
    // Days before the row's two years are left out.
    expect(rangeMask('2019-12-31', '2020-01-01', 2021)).toBe(`1${'0'.repeat(731)}`);
    const year = rangeMask('2025-11-24', '2026-11-23', 2026);
    expect(year).toHaveLength(732);
    expect(year.replace(/0/g, '')).toHaveLength(365);
  });
});
