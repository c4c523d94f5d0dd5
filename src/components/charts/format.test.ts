import { describe, expect, it } from 'vitest';
import {
  formatBucket,
  formatCompact,
  formatCount,
  formatDate,
  formatMoney,
  formatScore,
  formatShare,
} from './format';

describe('statistic formats', () => {
  it('counts carry the locale’s thousands separators', () => {
    expect(formatCount(1234567, 'en-US')).toBe('1,234,567');
    expect(formatCount(1234567, 'zh-CN')).toBe('1,234,567');
    expect(formatCompact(123456, 'en-US')).toBe('123.5K');
    expect(formatCompact(123456, 'zh-CN')).toBe('12.3万');
  });

  it('scores have exactly two decimals and the separators', () => {
    expect(formatScore(78.5, 'en-US')).toBe('78.50');
    expect(formatScore(1906.6, 'zh-CN')).toBe('1,906.60');
    expect(formatScore(0, 'en-US')).toBe('0.00');
  });

  it('money is CNY with two to four decimals', () => {
    expect(formatMoney(1234.5, 'zh-CN')).toBe('¥1,234.50');
    expect(formatMoney(0.00012, 'zh-CN')).toBe('¥0.0001');
    expect(formatMoney(3.456789, 'en-US')).toBe('CN¥3.4568');
    expect(formatMoney(0, 'en-US')).toBe('CN¥0.00');
    expect(formatMoney(4.363, 'zh-CN', true)).toBe('¥4.3630');
    expect(formatMoney(800, 'en-US', true)).toBe('CN¥800.0000');
  });

  it('shares are percents with at most one decimal', () => {
    expect(formatShare(0.4213, 'en-US')).toBe('42.1%');
    expect(formatShare(1.5, 'zh-CN')).toBe('150%');
  });

  it('buckets and dates follow the locale, on the calendar day they name', () => {
    expect(formatBucket('2025-03-05', 'day', 'en-US')).toBe('Mar 5');
    expect(formatBucket('2025-03-05', 'day', 'zh-CN')).toBe('3月5日');
    expect(formatBucket('2025-03-03', 'week', 'en-US', true)).toBe('Mar 3, 2025');
    expect(formatBucket('2025-03-01', 'month', 'en-US')).toBe('Mar 2025');
    expect(formatBucket('2025-03-01', 'month', 'zh-CN')).toBe('2025年3月');
    expect(formatBucket('not a date', 'day', 'en-US')).toBe('not a date');
    expect(formatDate('2025-01-01', 'en-US')).toBe('Jan 1, 2025');
    expect(formatDate('2025-01-01', 'zh-CN')).toBe('2025年1月1日');
  });
});
