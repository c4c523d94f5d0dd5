import { describe, expect, it } from 'vitest';
import { formatterPerZone, isTimeZone, todayIn } from './statistics-calendar';

describe('statistics calendar', () => {
  it('names today in each zone, the same on every call with its kept formatter', () => {
    const at = new Date('2026-11-24T17:30:00Z');
    for (let i = 0; i < 3; i++) {
      expect(todayIn('Asia/Shanghai', at)).toBe('2026-11-25');
      expect(todayIn('UTC', at)).toBe('2026-11-24');
      expect(todayIn('America/New_York', at)).toBe('2026-11-24');
      expect(todayIn('Pacific/Kiritimati', new Date('2026-11-24T10:00:00Z'))).toBe('2026-11-25');
    }
  });

  it('knows real zones and refuses others, however often asked', () => {
    for (let i = 0; i < 2; i++) {
      expect(isTimeZone('Asia/Shanghai')).toBe(true);
      expect(isTimeZone('Etc/GMT+12')).toBe(true);
      expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
      expect(isTimeZone('UTC; drop table')).toBe(false);
    }
    expect(() => todayIn('Mars/Olympus_Mons')).toThrow(RangeError);
  });

  it('keeps one formatter per known zone, up to its bound, and keeps no unknown zone', () => {
    const formatterOf = formatterPerZone('en-CA', { year: 'numeric' }, 2);
    const shanghai = formatterOf('Asia/Shanghai');
    expect(formatterOf('Asia/Shanghai')).toBe(shanghai);
    expect(() => formatterOf('Mars/Olympus_Mons')).toThrow(RangeError);
    const utc = formatterOf('UTC');
    expect(formatterOf('UTC')).toBe(utc);
    // Intl takes any case of a name: past the bound each is built anew, not kept.
    const beyond = formatterOf('asia/shanghai');
    expect(beyond.resolvedOptions().timeZone).toBe('Asia/Shanghai');
    expect(formatterOf('asia/shanghai')).not.toBe(beyond);
    expect(formatterOf('Asia/Shanghai')).toBe(shanghai);
  });
});
