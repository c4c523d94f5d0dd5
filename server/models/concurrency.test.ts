import { describe, expect, it } from 'vitest';
import { Semaphore } from './concurrency';

const tick = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('Semaphore', () => {
  it('runs at most its limit at once, the rest in order', async () => {
    const line = new Semaphore(2);
    let most = 0;
    const order: number[] = [];
    await Promise.all(
      [0, 1, 2, 3, 4].map((n) =>
        line.run(async () => {
          most = Math.max(most, line.active);
          await tick();
          order.push(n);
        }),
      ),
    );
    expect(most).toBe(2);
    expect(order).toEqual([0, 1, 2, 3, 4]);
    expect(line.active).toBe(0);
  });

  it('lets a waiting task leave when its signal aborts', async () => {
    const line = new Semaphore(1);
    let release = () => {};
    const first = line.run(() => new Promise<void>((resolve) => (release = resolve)));
    const controller = new AbortController();
    let ran = false;
    const second = line.run(async () => {
      ran = true;
    }, controller.signal);
    controller.abort(new Error('stop'));
    await expect(second).rejects.toThrow('stop');
    release();
    await first;
    expect(ran).toBe(false);
    expect(line.active).toBe(0);
  });
});
