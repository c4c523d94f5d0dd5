import { SlidingWindow } from './sliding-window';

export interface LoginLimits {
  /** Login attempts per client address per minute, successful or not. */
  attemptsPerIpPerMinute: number;
  /** Failures of one (user name, client) pair before it has to wait between tries. */
  freeFailures: number;
  /** The first wait; each further failure doubles it, up to `maxDelayMs`. */
  baseDelayMs: number;
  maxDelayMs: number;
  /** How long a pair's failures are remembered after its last one. */
  failureMemoryMs: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  attemptsPerIpPerMinute: 20,
  freeFailures: 3,
  baseDelayMs: 1_000,
  maxDelayMs: 15 * 60_000,
  failureMemoryMs: 60 * 60_000,
};

export type LoginDecision = { ok: true } | { ok: false; retryAfterMs: number };

interface Failures {
  count: number;
  last: number;
}

/** Bound on remembered (name, client) pairs, so a flood of distinct ones cannot grow memory. */
const MAX_PAIRS = 100_000;

/**
 * Throttles password guessing the way OWASP's authentication cheat sheet recommends: per
 * (user name, client) with growing delays, never a lock on a name that a stranger could set off.
 * A client that has not failed for a name is never refused that name (only the per-address
 * attempt budget applies), so guessing the admin's password from elsewhere cannot lock the
 * admin out. One address trying many names is bounded by the per-address budget.
 */
export class LoginLimiter {
  private readonly perIp: SlidingWindow;
  private readonly failures = new Map<string, Failures>();

  constructor(private readonly limits: LoginLimits = DEFAULT_LOGIN_LIMITS) {
    this.perIp = new SlidingWindow(limits.attemptsPerIpPerMinute, 60_000);
  }

  /** The wait a pair owes after `count` failures (0 while within the free ones). */
  delayAfter(count: number): number {
    const over = count - this.limits.freeFailures;
    if (over < 0) return 0;
    return Math.min(this.limits.baseDelayMs * 2 ** over, this.limits.maxDelayMs);
  }

  /** Counts an attempt unless the address is over budget or the pair must still wait. */
  check(ip: string, userName: string, now = Date.now()): LoginDecision {
    const pair = this.pair(ip, userName, now);
    if (pair) {
      const readyAt = pair.last + this.delayAfter(pair.count);
      if (now < readyAt) return { ok: false, retryAfterMs: readyAt - now };
    }
    if (this.perIp.isExhausted(ip, now)) return { ok: false, retryAfterMs: 60_000 };
    this.perIp.hit(ip, now);
    return { ok: true };
  }

  recordFailure(ip: string, userName: string, now = Date.now()): void {
    const key = pairKey(ip, userName);
    const pair = this.pair(ip, userName, now) ?? { count: 0, last: now };
    this.failures.delete(key); // re-insert: the map's order is then oldest failure first
    this.failures.set(key, { count: pair.count + 1, last: now });
    if (this.failures.size > MAX_PAIRS) {
      const oldest = this.failures.keys().next().value;
      if (oldest !== undefined) this.failures.delete(oldest);
    }
  }

  recordSuccess(ip: string, userName: string): void {
    this.failures.delete(pairKey(ip, userName));
  }

  private pair(ip: string, userName: string, now: number): Failures | undefined {
    const key = pairKey(ip, userName);
    const pair = this.failures.get(key);
    if (pair && now - pair.last > this.limits.failureMemoryMs) {
      this.failures.delete(key);
      return undefined;
    }
    return pair;
  }
}

function pairKey(ip: string, userName: string): string {
  return `${userName.trim().toLowerCase()}\u0000${ip}`;
}
