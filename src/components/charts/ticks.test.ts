import { describe, expect, it } from 'vitest';
import { spacedTicks } from './ticks';

const labelled = (count: number, most: number) =>
  Array.from({ length: count }, (_, i) => i).filter((i) => spacedTicks(count, most)(i, i));

describe('spacedTicks', () => {
  it('labels every value that fits', () => {
    expect(labelled(5, 8)).toEqual([0, 1, 2, 3, 4]);
    expect(labelled(1, 8)).toEqual([0]);
  });

  it('labels at most `most` values, evenly spaced from the first', () => {
    expect(labelled(90, 8)).toEqual([0, 12, 24, 36, 48, 60, 72, 84]);
    expect(labelled(30, 12)).toEqual([0, 3, 6, 9, 12, 15, 18, 21, 24, 27]);
  });
});
