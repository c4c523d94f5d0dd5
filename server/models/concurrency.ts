/**
 * At most `limit` tasks at once, the rest waiting in order. A waiting task whose signal aborts
 * leaves the line without running.
 */
export class Semaphore {
  private running = 0;
  private readonly waiting: Array<() => void> = [];

  constructor(public limit: number) {}

  get active(): number {
    return this.running;
  }

  async run<T>(task: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    await this.acquire(signal);
    try {
      return await task();
    } finally {
      this.running--;
      this.next();
    }
  }

  private next(): void {
    while (this.running < this.limit && this.waiting.length) {
      this.running++;
      this.waiting.shift()?.();
    }
  }

  private acquire(signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted();
    if (this.running < this.limit) {
      this.running++;
      return Promise.resolve();
    }
    return new Promise((resolve, reject) => {
      const enter = () => {
        signal?.removeEventListener('abort', leave);
        resolve();
      };
      const leave = () => {
        const at = this.waiting.indexOf(enter);
        if (at >= 0) this.waiting.splice(at, 1);
        reject(signal?.reason instanceof Error ? signal.reason : new Error('aborted'));
      };
      signal?.addEventListener('abort', leave, { once: true });
      this.waiting.push(enter);
    });
  }
}
