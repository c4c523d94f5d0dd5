import { MOCK_DELAY_MS } from './constants';

/** Latency the sample handlers add to each answer: a uniform draw in [min, max] ms. */
export interface DelayRange {
  min: number;
  max: number;
}

/** What MOCK_DELAY may say; anything else stops the server at start (like other settings). */
export const MOCK_DELAY_FORMAT =
  'MOCK_DELAY must be 0 (off), a number of milliseconds or a range such as 600-1000';

/**
 * MOCK_DELAY as main.ts reads it: unset or empty → the spec's 600–1000 ms; `0` → off; `250` →
 * always 250 ms; `100-300` → between 100 and 300 ms.
 */
export function mockDelayFrom(value: string | undefined): DelayRange | false {
  const text = value?.trim() ?? '';
  if (text === '') return { ...MOCK_DELAY_MS };
  const match = /^(\d{1,6})(?:\s*-\s*(\d{1,6}))?$/.exec(text);
  if (!match) throw new Error(MOCK_DELAY_FORMAT);
  const min = Number(match[1]);
  const max = match[2] === undefined ? min : Number(match[2]);
  if (max < min) throw new Error(MOCK_DELAY_FORMAT);
  return max === 0 ? false : { min, max };
}

/** A delay in ms drawn from the range with `random` (a float in [0, 1)). */
export function pickDelay(range: DelayRange, random: () => number = Math.random): number {
  return range.min + Math.floor(random() * (range.max - range.min + 1));
}
