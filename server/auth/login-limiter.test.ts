import { describe, expect, it } from 'vitest';
import { LoginLimiter, type LoginLimits } from './login-limiter';

const limits: LoginLimits = {
  attemptsPerIpPerMinute: 5,
  freeFailures: 3,
  baseDelayMs: 1_000,
  maxDelayMs: 8_000,
  failureMemoryMs: 60 * 60_000,
};

/** One failed attempt by `ip` on `name` at `now`; whether it was let through at all. */
function fail(limiter: LoginLimiter, ip: string, name: string, now: number): boolean {
  const decision = limiter.check(ip, name, now);
  if (decision.ok) limiter.recordFailure(ip, name, now);
  return decision.ok;
}

describe('LoginLimiter (OWASP: per name and client, growing delays, no global lock)', () => {
  it('limits attempts per address per minute, successful or not', () => {
    const limiter = new LoginLimiter(limits);
    for (let i = 0; i < 5; i++) expect(limiter.check('1.1.1.1', `u${i}`, 0).ok).toBe(true);
    expect(limiter.check('1.1.1.1', 'other', 1000)).toEqual({ ok: false, retryAfterMs: 60_000 });
    expect(limiter.check('2.2.2.2', 'other', 1000).ok).toBe(true);
    expect(limiter.check('1.1.1.1', 'other', 60_001).ok).toBe(true);
  });

  it('lets a pair fail a few times freely, then doubles its wait up to the cap', () => {
    const limiter = new LoginLimiter({ ...limits, attemptsPerIpPerMinute: 1000 });
    let now = 0;
    for (let i = 0; i < 3; i++) expect(fail(limiter, '9.9.9.9', 'admin', now)).toBe(true);
    const waits: number[] = [];
    for (let i = 0; i < 6; i++) {
      const refused = limiter.check('9.9.9.9', 'admin', now);
      expect(refused.ok).toBe(false);
      const wait = (refused as { retryAfterMs: number }).retryAfterMs;
      waits.push(wait);
      now += wait;
      expect(fail(limiter, '9.9.9.9', 'admin', now)).toBe(true);
    }
    expect(waits).toEqual([1_000, 2_000, 4_000, 8_000, 8_000, 8_000]);
  });

  it('never refuses the admin from a client that has not failed, whatever others did', () => {
    const limiter = new LoginLimiter(limits);
    // Ten addresses each guess the admin's password until they are made to wait.
    for (let a = 0; a < 10; a++) {
      for (let i = 0; i < 5; i++) fail(limiter, `10.0.0.${a}`, 'admin', i);
      expect(limiter.check(`10.0.0.${a}`, 'admin', 10).ok).toBe(false);
    }
    expect(limiter.check('192.168.1.20', 'admin', 11)).toEqual({ ok: true });
    expect(limiter.check('192.168.1.20', 'Admin ', 12)).toEqual({ ok: true });
  });

  it('a success clears the pair; names and clients are counted apart', () => {
    const limiter = new LoginLimiter({ ...limits, attemptsPerIpPerMinute: 1000 });
    for (let i = 0; i < 4; i++) fail(limiter, '3.3.3.3', 'user', 0);
    expect(limiter.check('3.3.3.3', 'user', 1).ok).toBe(false);
    expect(limiter.check('3.3.3.3', 'other', 1).ok).toBe(true);
    expect(limiter.check('4.4.4.4', 'user', 1).ok).toBe(true);
    limiter.recordSuccess('3.3.3.3', 'USER');
    expect(limiter.check('3.3.3.3', 'user', 2).ok).toBe(true);
  });

  it('forgets a pair’s failures after the memory window', () => {
    const limiter = new LoginLimiter({ ...limits, attemptsPerIpPerMinute: 1000 });
    for (let i = 0; i < 6; i++) fail(limiter, '5.5.5.5', 'user', i * 10_000);
    expect(limiter.check('5.5.5.5', 'user', 51_000).ok).toBe(false);
    expect(limiter.check('5.5.5.5', 'user', 50_000 + 60 * 60_000 + 1).ok).toBe(true);
  });
});
