import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { formatLongDateTime } from './dates';

const ISO = '2024-03-15T06:30:00Z';

describe('formatLongDateTime', () => {
  it('formats an ISO date-time in the locale’s long form, in the browser’s zone', () => {
    const local = dayjs(ISO);
    const en = formatLongDateTime(ISO, 'en-US');
    const zh = formatLongDateTime(ISO, 'zh-CN');
    expect(en).toBe(local.locale('en').format('MMMM D, YYYY h:mm A'));
    expect(en).toContain('March');
    expect(zh).toContain(`${local.year()}年${local.month() + 1}月${local.date()}日`);
    expect(zh).not.toContain('T');
  });

  it('leaves the global dayjs locale alone', () => {
    const before = dayjs.locale();
    formatLongDateTime(ISO, 'zh-CN');
    expect(dayjs.locale()).toBe(before);
  });

  it('answers null for an empty value and shows a non-date as it came', () => {
    expect(formatLongDateTime(null, 'en-US')).toBeNull();
    expect(formatLongDateTime(undefined, 'en-US')).toBeNull();
    expect(formatLongDateTime('', 'en-US')).toBeNull();
    expect(formatLongDateTime('someday', 'en-US')).toBe('someday');
  });
});
