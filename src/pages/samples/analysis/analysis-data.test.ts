import { describe, expect, it } from 'vitest';
import { isPie, linePoints, periodPoints, publishPoints } from './analysis-data';

describe('content analysis data', () => {
  it('tells a pie answer from a line answer', () => {
    const pie = [{ name: '纯文本', value: 25, color: '#8D4EDA' }];
    const line = [{ x: '1', y: 3, name: '2025' }];
    expect(isPie(pie)).toBe(true);
    expect(isPie(line)).toBe(false);
    expect(isPie([])).toBe(false);
    expect(linePoints(pie)).toEqual([]);
    expect(linePoints(line)).toEqual(line);
  });

  it('turns series over a shared axis into long-form points', () => {
    expect(
      periodPoints({
        xAxis: ['00:00', '02:00'],
        data: [
          { name: 'a', value: [1, 2] },
          { name: 'b', value: [3] },
        ],
      }),
    ).toEqual([
      { x: '00:00', name: 'a', value: 1 },
      { x: '02:00', name: 'a', value: 2 },
      { x: '00:00', name: 'b', value: 3 },
      { x: '02:00', name: 'b', value: 0 },
    ]);
    expect(publishPoints([{ name: 'a', x: ['00:00'], y: [7] }])).toEqual([
      { x: '00:00', name: 'a', value: 7 },
    ]);
  });
});
