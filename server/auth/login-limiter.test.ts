import { describe, expect, it } from 'vitest';
import { LoginLimiter } from './login-limiter';

const limits = { attemptsPerIpPerMinute: 5, failuresPerUser: 3, failureWindowMs: 15 * 60_000 };

describe('LoginLimiter', () => {
  it('limits attempts per address per minute, successful or not', () => {
    const limiter = new LoginLimiter(limits);
    for (let i = 0; i < 5; i++) expect(limiter.tryAttempt('1.1.1.1', `u${i}`, 0)).toBe(true);
    expect(limiter.tryAttempt('1.1.1.1', 'other', 1000)).toBe(false);
    expect(limiter.tryAttempt('2.2.2.2', 'other', 1000)).toBe(true);
    expect(limiter.tryAttempt('1.1.1.1', 'other', 60_001)).toBe(true);
  });

  it('locks a user name after repeated failures from any address, case-insensitively', () => {
    const limiter = new LoginLimiter(limits);
    for (let i = 0; i < 3; i++) {
      expect(limiter.tryAttempt(`10.0.0.${i}`, 'Admin', 0)).toBe(true);
      limiter.recordFailure('Admin', 0);
    }
    expect(limiter.tryAttempt('10.0.0.9', 'admin', 10)).toBe(false);
    expect(limiter.tryAttempt('10.0.0.9', 'admin', 15 * 60_000 + 1)).toBe(true);
  });

  it('clears a name’s failures after a success', () => {
    const limiter = new LoginLimiter(limits);
    limiter.recordFailure('user', 0);
    limiter.recordFailure('user', 0);
    limiter.recordSuccess('user');
    limiter.recordFailure('user', 1);
    limiter.recordFailure('user', 1);
    expect(limiter.tryAttempt('3.3.3.3', 'user', 2)).toBe(true);
  });
});
