import { describe, expect, it } from 'vitest';
import { SlidingWindow } from './sliding-window';

describe('SlidingWindow', () => {
  it('allows up to the limit within the window and forgets events that leave it', () => {
    const w = new SlidingWindow(3, 1000);
    w.hit('a', 0);
    w.hit('a', 100);
    expect(w.isExhausted('a', 200)).toBe(false);
    w.hit('a', 200);
    expect(w.isExhausted('a', 300)).toBe(true);
    // The first event leaves the window at t=1000: the window slides, it does not reset.
    expect(w.isExhausted('a', 1000)).toBe(false);
    expect(w.count('a', 1000)).toBe(2);
    expect(w.count('a', 1300)).toBe(0);
  });

  it('keeps keys apart and can reset one', () => {
    const w = new SlidingWindow(1, 1000);
    w.hit('a', 0);
    expect(w.isExhausted('a', 1)).toBe(true);
    expect(w.isExhausted('b', 1)).toBe(false);
    w.reset('a');
    expect(w.isExhausted('a', 1)).toBe(false);
  });

  it('drops idle keys when pruning and caps the number of keys', () => {
    const w = new SlidingWindow(5, 1000, 10);
    for (let i = 0; i < 5; i++) w.hit(`old${i}`, 0);
    w.prune(5000);
    expect(w.size).toBe(0);
    for (let i = 0; i < 50; i++) w.hit(`k${i}`, 10);
    expect(w.size).toBeLessThanOrEqual(11);
  });
});
