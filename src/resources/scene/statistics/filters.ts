import {
  addDays,
  daysBetween,
  DEFAULT_TIME_ZONE,
  GRANULARITIES,
  isCalendarDate,
  MAX_RANGE_DAYS,
  todayIn,
} from '../../../../contract/statistics-calendar';
import type { Granularity, StatisticQueryInput } from '../../../../contract/statistics';

/**
 * The statistics page's filter, and how it lives in the URL: a reload or a shared link shows
 * the same view. A preset range is kept by name (`range=7d`), so a link to "the last 7 days"
 * stays that; a custom one by its dates (`start=…&end=…`).
 */
export const PRESETS = ['today', '7d', '30d', '90d'] as const;
export type Preset = (typeof PRESETS)[number];
export type RangeChoice = Preset | 'custom';

const PRESET_DAYS: Record<Preset, number> = { today: 1, '7d': 7, '30d': 30, '90d': 90 };
export const DEFAULT_PRESET: Preset = '30d';

/** Query parameter names of the page. */
export const PARAMS = {
  range: 'range',
  start: 'start',
  end: 'end',
  scene: 'scene',
  model: 'model',
  granularity: 'granularity',
  trials: 'trials',
  sort: 'sort',
  order: 'order',
} as const;

export interface StatisticFilters {
  range: RangeChoice;
  /** YYYY-MM-DD, inclusive, in the platform's zone. */
  startDate: string;
  endDate: string;
  sceneCode?: string;
  modelVersion?: string;
  granularity: Granularity;
  /** Leave out the console's own playground runs. */
  excludeTrials?: boolean;
}

// The workplace and the tests take them from here, beside the presets that use them.
export { addDays, todayIn };

/** The dates a preset covers, ending today. */
export function presetRange(preset: Preset, today: string): { startDate: string; endDate: string } {
  return { startDate: addDays(today, 1 - PRESET_DAYS[preset]), endDate: today };
}

/** Whether start…end is a range the API answers: real dates, in order, at most 366 days. */
export function isValidRange(startDate: string, endDate: string): boolean {
  if (!isCalendarDate(startDate) || !isCalendarDate(endDate)) return false;
  const days = daysBetween(startDate, endDate);
  return days >= 0 && days + 1 <= MAX_RANGE_DAYS;
}

/** A scene code or model version from the URL: trimmed, 1–64 characters, else none. */
function codeParam(value: string | null): string | undefined {
  const v = value?.trim();
  return v && v.length <= 64 ? v : undefined;
}

/**
 * The filter a URL describes. Anything missing or unusable (an unknown preset, a bad or too
 * long range) falls back to the default instead of asking the API something it refuses.
 */
export function filtersFromParams(params: URLSearchParams, today: string): StatisticFilters {
  const granularityParam = params.get(PARAMS.granularity);
  const granularity = (GRANULARITIES as readonly string[]).includes(granularityParam ?? '')
    ? (granularityParam as Granularity)
    : 'day';
  const common = {
    granularity,
    sceneCode: codeParam(params.get(PARAMS.scene)),
    modelVersion: codeParam(params.get(PARAMS.model)),
    ...(params.get(PARAMS.trials) === 'exclude' ? { excludeTrials: true } : {}),
  };
  const range = params.get(PARAMS.range);
  if ((PRESETS as readonly string[]).includes(range ?? '')) {
    return { range: range as Preset, ...presetRange(range as Preset, today), ...common };
  }
  const start = params.get(PARAMS.start) ?? '';
  const end = params.get(PARAMS.end) ?? '';
  if (isValidRange(start, end)) {
    return { range: 'custom', startDate: start, endDate: end, ...common };
  }
  return { range: DEFAULT_PRESET, ...presetRange(DEFAULT_PRESET, today), ...common };
}

/**
 * The URL parameters of a filter, over `prev` (other parameters, such as the table's sort,
 * stay). Only the parameters that say something are written: a preset drops the dates.
 */
export function paramsFromFilters(
  filters: StatisticFilters,
  prev: URLSearchParams = new URLSearchParams(),
): URLSearchParams {
  const out = new URLSearchParams(prev);
  for (const key of [
    PARAMS.range,
    PARAMS.start,
    PARAMS.end,
    PARAMS.scene,
    PARAMS.model,
    PARAMS.trials,
  ]) {
    out.delete(key);
  }
  if (filters.range === 'custom') {
    out.set(PARAMS.start, filters.startDate);
    out.set(PARAMS.end, filters.endDate);
  } else {
    out.set(PARAMS.range, filters.range);
  }
  if (filters.sceneCode) out.set(PARAMS.scene, filters.sceneCode);
  if (filters.modelVersion) out.set(PARAMS.model, filters.modelVersion);
  if (filters.excludeTrials) out.set(PARAMS.trials, 'exclude');
  out.set(PARAMS.granularity, filters.granularity);
  return out;
}

/** The request body of every statistics call for a filter. */
export function queryOf(filters: StatisticFilters): StatisticQueryInput {
  return {
    startDate: filters.startDate,
    endDate: filters.endDate,
    granularity: filters.granularity,
    timeZone: DEFAULT_TIME_ZONE,
    ...(filters.sceneCode ? { sceneCode: filters.sceneCode } : {}),
    ...(filters.modelVersion ? { modelVersion: filters.modelVersion } : {}),
    ...(filters.excludeTrials ? { excludeTrials: true } : {}),
  };
}

/**
 * Whether the range picker may offer `date` given the other end already picked: not after
 * today, and never a range longer than the API answers.
 */
export function isDateDisabled(date: string, today: string, otherEnd?: string): boolean {
  if (date > today) return true;
  if (!otherEnd) return false;
  return Math.abs(daysBetween(otherEnd, date)) + 1 > MAX_RANGE_DAYS;
}
