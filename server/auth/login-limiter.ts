import { SlidingWindow } from './sliding-window';

export interface LoginLimits {
  /** Login attempts per client address per minute, successful or not. */
  attemptsPerIpPerMinute: number;
  /** Failed attempts per user name within `failureWindowMs` before that name is locked. */
  failuresPerUser: number;
  failureWindowMs: number;
}

export const DEFAULT_LOGIN_LIMITS: LoginLimits = {
  attemptsPerIpPerMinute: 20,
  failuresPerUser: 10,
  failureWindowMs: 15 * 60_000,
};

/**
 * Throttles password guessing two ways: one address trying many names, and many addresses
 * trying one name. A success clears the name's failures so its owner is not locked out.
 */
export class LoginLimiter {
  private readonly perIp: SlidingWindow;
  private readonly perUser: SlidingWindow;

  constructor(limits: LoginLimits = DEFAULT_LOGIN_LIMITS) {
    this.perIp = new SlidingWindow(limits.attemptsPerIpPerMinute, 60_000);
    this.perUser = new SlidingWindow(limits.failuresPerUser, limits.failureWindowMs);
  }

  /** Counts an attempt; false when the address or the name is over its limit. */
  tryAttempt(ip: string, userName: string, now = Date.now()): boolean {
    if (this.perIp.isExhausted(ip, now) || this.perUser.isExhausted(userKey(userName), now)) {
      return false;
    }
    this.perIp.hit(ip, now);
    return true;
  }

  recordFailure(userName: string, now = Date.now()): void {
    this.perUser.hit(userKey(userName), now);
  }

  recordSuccess(userName: string): void {
    this.perUser.reset(userKey(userName));
  }
}

function userKey(userName: string): string {
  return userName.trim().toLowerCase();
}
