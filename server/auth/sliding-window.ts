/**
 * Counts events per key within a moving time window, in memory. Per instance by design: behind
 * a load balancer each instance limits on its own, which still bounds guessing per instance.
 */
export class SlidingWindow {
  private readonly events = new Map<string, number[]>();
  private hitsSincePrune = 0;

  constructor(
    readonly limit: number,
    readonly windowMs: number,
    private readonly maxKeys = 100_000,
  ) {}

  /** Events of `key` still inside the window. */
  count(key: string, now = Date.now()): number {
    const list = this.events.get(key);
    if (!list) return 0;
    const live = list.filter((t) => t > now - this.windowMs);
    if (live.length) this.events.set(key, live);
    else this.events.delete(key);
    return live.length;
  }

  /** True when `key` has used up its allowance. */
  isExhausted(key: string, now = Date.now()): boolean {
    return this.count(key, now) >= this.limit;
  }

  hit(key: string, now = Date.now()): void {
    const list = this.events.get(key) ?? [];
    list.push(now);
    // Only the newest `limit` events can ever matter.
    if (list.length > this.limit) list.splice(0, list.length - this.limit);
    this.events.set(key, list);
    if (++this.hitsSincePrune >= 1000 || this.events.size > this.maxKeys) this.prune(now);
  }

  reset(key: string): void {
    this.events.delete(key);
  }

  get size(): number {
    return this.events.size;
  }

  /** Drops keys whose events have all left the window, so memory follows live traffic. */
  prune(now = Date.now()): void {
    this.hitsSincePrune = 0;
    for (const key of [...this.events.keys()]) this.count(key, now);
    // Still too many keys (a flood of distinct ones): forget the oldest rather than grow.
    const excess = this.events.size - this.maxKeys;
    if (excess > 0) {
      let dropped = 0;
      for (const key of this.events.keys()) {
        if (dropped++ >= excess) break;
        this.events.delete(key);
      }
    }
  }
}
