import { describe, expect, it } from 'vitest';
import {
  addDays,
  DEFAULT_PRESET,
  filtersFromParams,
  isDateDisabled,
  isValidRange,
  paramsFromFilters,
  presetRange,
  queryOf,
  todayIn,
  type StatisticFilters,
} from './filters';

const TODAY = '2025-03-10';
const params = (s: string) => new URLSearchParams(s);

describe('preset ranges', () => {
  it('end today and span the preset’s days, both ends included', () => {
    expect(presetRange('today', TODAY)).toEqual({ startDate: TODAY, endDate: TODAY });
    expect(presetRange('7d', TODAY)).toEqual({ startDate: '2025-03-04', endDate: TODAY });
    expect(presetRange('30d', TODAY)).toEqual({ startDate: '2025-02-09', endDate: TODAY });
    expect(presetRange('90d', TODAY)).toEqual({ startDate: '2024-12-11', endDate: TODAY });
  });

  it('cross month, year and leap-day boundaries by calendar days', () => {
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(addDays('2025-01-01', -1)).toBe('2024-12-31');
    expect(presetRange('7d', '2025-01-02').startDate).toBe('2024-12-27');
  });

  it('today is the calendar date in the platform zone, not the browser’s', () => {
    // 2025-03-09 18:30 UTC is already the 10th in Shanghai (UTC+8) and still the 9th in UTC.
    const instant = new Date('2025-03-09T18:30:00Z');
    expect(todayIn('Asia/Shanghai', instant)).toBe('2025-03-10');
    expect(todayIn('UTC', instant)).toBe('2025-03-09');
  });
});

describe('filter ↔ URL', () => {
  it('an empty URL is the default preset, all scenes and versions, by day', () => {
    expect(filtersFromParams(params(''), TODAY)).toEqual({
      range: DEFAULT_PRESET,
      ...presetRange(DEFAULT_PRESET, TODAY),
      granularity: 'day',
      sceneCode: undefined,
      modelVersion: undefined,
    });
  });

  it('reads a preset, a custom range, the scene, the version and the granularity', () => {
    expect(
      filtersFromParams(params('range=7d&scene=support&model=v2&granularity=week'), TODAY),
    ).toEqual({
      range: '7d',
      startDate: '2025-03-04',
      endDate: TODAY,
      sceneCode: 'support',
      modelVersion: 'v2',
      granularity: 'week',
    });
    expect(filtersFromParams(params('start=2024-01-01&end=2024-12-31'), TODAY)).toMatchObject({
      range: 'custom',
      startDate: '2024-01-01',
      endDate: '2024-12-31',
    });
  });

  it('a preset wins over dates left in the URL (a preset is relative to today)', () => {
    expect(
      filtersFromParams(params('range=today&start=2024-01-01&end=2024-01-02'), TODAY),
    ).toMatchObject({ range: 'today', startDate: TODAY, endDate: TODAY });
  });

  it('falls back to the default for what the API would refuse', () => {
    const fallback = presetRange(DEFAULT_PRESET, TODAY);
    for (const bad of [
      'range=1y',
      'start=2025-02-30&end=2025-03-01',
      'start=2025-03-05&end=2025-03-01',
      'start=2023-01-01&end=2024-12-31',
      'start=2025-03-01',
      'start=yesterday&end=today',
    ]) {
      expect(filtersFromParams(params(bad), TODAY), bad).toMatchObject({
        range: DEFAULT_PRESET,
        ...fallback,
      });
    }
    expect(filtersFromParams(params('granularity=hour'), TODAY).granularity).toBe('day');
    expect(filtersFromParams(params(`scene=${'x'.repeat(65)}`), TODAY).sceneCode).toBeUndefined();
    expect(filtersFromParams(params('scene=%20%20&model='), TODAY)).toMatchObject({
      sceneCode: undefined,
      modelVersion: undefined,
    });
  });

  it('writes what it reads back (round trip) and keeps other parameters', () => {
    const cases: StatisticFilters[] = [
      { range: '90d', ...presetRange('90d', TODAY), granularity: 'month' },
      {
        range: 'custom',
        startDate: '2024-03-10',
        endDate: '2025-03-09',
        granularity: 'week',
        sceneCode: 'support',
        modelVersion: 'gpt-4o',
      },
    ];
    for (const filters of cases) {
      const url = paramsFromFilters(filters, params('sort=cost&order=ascend'));
      expect(url.get('sort')).toBe('cost');
      expect(filtersFromParams(url, TODAY)).toEqual({
        sceneCode: undefined,
        modelVersion: undefined,
        ...filters,
      });
    }
  });

  it('a preset drops custom dates; clearing the scene drops its parameter', () => {
    const url = paramsFromFilters(
      { range: '7d', ...presetRange('7d', TODAY), granularity: 'day' },
      params('start=2024-01-01&end=2024-01-31&scene=support'),
    );
    expect(url.toString()).toBe('range=7d&granularity=day');
  });
});

describe('request body and date picker', () => {
  it('sends the range, the granularity, the platform zone and only the chosen filters', () => {
    expect(
      queryOf({ range: 'today', startDate: TODAY, endDate: TODAY, granularity: 'day' }),
    ).toEqual({ startDate: TODAY, endDate: TODAY, granularity: 'day', timeZone: 'Asia/Shanghai' });
    expect(
      queryOf({
        range: 'today',
        startDate: TODAY,
        endDate: TODAY,
        granularity: 'day',
        sceneCode: 's',
        modelVersion: 'm',
      }),
    ).toMatchObject({ sceneCode: 's', modelVersion: 'm' });
  });

  it('keeps "leave out playground runs" in the URL and sends it only when chosen', () => {
    const chosen = filtersFromParams(params('range=7d&trials=exclude'), TODAY);
    expect(chosen.excludeTrials).toBe(true);
    expect(queryOf(chosen)).toMatchObject({ excludeTrials: true });
    expect(paramsFromFilters(chosen).get('trials')).toBe('exclude');
    const counted = filtersFromParams(params('range=7d&trials=nonsense'), TODAY);
    expect(counted.excludeTrials).toBeUndefined();
    expect(queryOf(counted)).not.toHaveProperty('excludeTrials');
    expect(paramsFromFilters(counted, params('trials=exclude')).has('trials')).toBe(false);
  });

  it('ranges of up to 366 days are valid', () => {
    expect(isValidRange('2024-01-01', '2024-12-31')).toBe(true); // 366 days (leap year)
    expect(isValidRange('2023-01-01', '2024-01-01')).toBe(true); // 366 days
    expect(isValidRange('2023-01-01', '2024-01-02')).toBe(false); // 367
    expect(isValidRange(TODAY, TODAY)).toBe(true);
  });

  it('the picker offers no future date and no range past 366 days', () => {
    expect(isDateDisabled('2025-03-11', TODAY)).toBe(true);
    expect(isDateDisabled(TODAY, TODAY)).toBe(false);
    expect(isDateDisabled('2024-03-10', TODAY, TODAY)).toBe(false); // 366 days
    expect(isDateDisabled('2024-03-09', TODAY, TODAY)).toBe(true);
    expect(isDateDisabled('2025-01-01', TODAY, '2024-01-01')).toBe(true);
  });
});
