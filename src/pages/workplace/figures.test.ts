import { describe, expect, it } from 'vitest';
import { annotationProgress, changeAgainst, todayAndYesterday, workplaceQueries } from './figures';

describe('change against yesterday', () => {
  it('up and down in percent of yesterday, one decimal', () => {
    expect(changeAgainst(150, 100)).toEqual({ direction: 'up', percent: 50 });
    expect(changeAgainst(2, 3)).toEqual({ direction: 'down', percent: 33.3 });
    expect(changeAgainst(0, 7)).toEqual({ direction: 'down', percent: 100 });
    expect(changeAgainst(100, 100)).toEqual({ direction: 'flat', percent: 0 });
  });

  it('yesterday 0: new activity has no percent; none at all is flat', () => {
    expect(changeAgainst(5, 0)).toEqual({ direction: 'up', percent: null });
    expect(changeAgainst(0, 0)).toEqual({ direction: 'flat', percent: 0 });
  });

  it('a tiny change keeps its direction even when the percent rounds to 0', () => {
    expect(changeAgainst(100_001, 100_000)).toEqual({ direction: 'up', percent: 0 });
  });
});

describe('workplace ranges and figures', () => {
  it('asks the last 30 days, this ISO week so far and the last 7 days', () => {
    // 2025-03-12 is a Wednesday: its week began on Monday the 10th.
    const q = workplaceQueries('2025-03-12');
    expect(q.trend).toMatchObject({ startDate: '2025-02-11', endDate: '2025-03-12' });
    expect(q.week).toMatchObject({ startDate: '2025-03-10', endDate: '2025-03-12' });
    expect(q.top).toMatchObject({ startDate: '2025-03-06', endDate: '2025-03-12' });
    expect(q.trend).toMatchObject({ granularity: 'day', timeZone: 'Asia/Shanghai' });
    // On a Monday the week is that one day.
    expect(workplaceQueries('2025-03-10').week.startDate).toBe('2025-03-10');
  });

  it('today and yesterday come from the by-day answer, 0 for a missing day', () => {
    const answer = { buckets: ['2025-03-10', '2025-03-11', '2025-03-12'], total: [1, 2, 3] };
    expect(todayAndYesterday(answer, '2025-03-12')).toEqual({ today: 3, yesterday: 2 });
    expect(todayAndYesterday(answer, '2025-03-13')).toEqual({ today: 0, yesterday: 3 });
  });

  it('annotation progress sums over the sets', () => {
    expect(
      annotationProgress([
        { itemCount: 100, annotatedCount: 40 },
        { itemCount: 300, annotatedCount: 60 },
      ]),
    ).toEqual({ items: 400, annotated: 100, share: 0.25 });
    expect(annotationProgress([])).toEqual({ items: 0, annotated: 0, share: 0 });
  });
});
