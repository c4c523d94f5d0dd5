import { describe, expect, it } from 'vitest';
import { MOCK_DELAY_MS } from './constants';
import { MOCK_DELAY_FORMAT, mockDelayFrom, pickDelay } from './delay';

describe('MOCK_DELAY (spec §7, §9: 600–1000 ms)', () => {
  it('defaults to the spec range when unset or empty', () => {
    expect(MOCK_DELAY_MS).toEqual({ min: 600, max: 1000 });
    expect(mockDelayFrom(undefined)).toEqual({ min: 600, max: 1000 });
    expect(mockDelayFrom('')).toEqual({ min: 600, max: 1000 });
    expect(mockDelayFrom('  ')).toEqual({ min: 600, max: 1000 });
  });

  it('is off with 0 (and 0-0)', () => {
    expect(mockDelayFrom('0')).toBe(false);
    expect(mockDelayFrom('0-0')).toBe(false);
  });

  it('takes a fixed number of ms or a range', () => {
    expect(mockDelayFrom('250')).toEqual({ min: 250, max: 250 });
    expect(mockDelayFrom('100-300')).toEqual({ min: 100, max: 300 });
    expect(mockDelayFrom(' 100 - 300 ')).toEqual({ min: 100, max: 300 });
    expect(mockDelayFrom('0-50')).toEqual({ min: 0, max: 50 });
  });

  it.each(['off', '-5', '1.5', '300-100', '1-2-3', '1e3', '9999999'])(
    'refuses %j with a message naming the setting',
    (value) => {
      expect(() => mockDelayFrom(value)).toThrow(MOCK_DELAY_FORMAT);
    },
  );

  it('draws uniformly from min to max, both included', () => {
    const range = { min: 600, max: 1000 };
    expect(pickDelay(range, () => 0)).toBe(600);
    expect(pickDelay(range, () => 0.999_999)).toBe(1000);
    expect(pickDelay(range, () => 0.5)).toBe(800);
    for (let i = 0; i < 200; i++) {
      const ms = pickDelay(range);
      expect(ms).toBeGreaterThanOrEqual(600);
      expect(ms).toBeLessThanOrEqual(1000);
    }
  });
});
