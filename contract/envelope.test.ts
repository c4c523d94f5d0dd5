import { describe, expect, it } from 'vitest';
import { Code, httpStatusFor, isSuccessCode, LOGOUT_CODES, ok } from './envelope';

describe('isSuccessCode', () => {
  it('accepts 0 and the legacy 20000 only', () => {
    expect(isSuccessCode(0)).toBe(true);
    expect(isSuccessCode(20000)).toBe(true);
    for (const c of [40000, 40300, 40400, 40900, 42900, 50000, 50008, 50012, 50014, 1, -1]) {
      expect(isSuccessCode(c)).toBe(false);
    }
  });

  it('does not coerce strings or empty values', () => {
    for (const c of ['0', '20000', null, undefined, false, ''])
      expect(isSuccessCode(c)).toBe(false);
  });
});

describe('httpStatusFor', () => {
  it('maps every code of the catalogue', () => {
    const expected: Record<keyof typeof Code, number> = {
      OK: 200,
      LEGACY_OK: 200,
      INVALID: 400,
      FORBIDDEN: 403,
      NOT_FOUND: 404,
      CONFLICT: 409,
      TOO_MANY: 429,
      INTERNAL: 500,
      UNAVAILABLE: 503,
      BAD_GATEWAY: 502,
      TOKEN_INVALID: 401,
      SESSION_ENDED: 401,
      TOKEN_EXPIRED: 401,
    };
    expect(Object.keys(expected).sort()).toEqual(Object.keys(Code).sort());
    for (const [name, status] of Object.entries(expected)) {
      expect(httpStatusFor(Code[name as keyof typeof Code]), name).toBe(status);
    }
  });

  it('answers 500 for an unknown code', () => {
    expect(httpStatusFor(12345)).toBe(500);
  });
});

describe('the code catalogue', () => {
  it('has the agreed values, plus 50300 for an unreachable database and 50200 for a failing REST source', () => {
    expect(Code).toEqual({
      OK: 0,
      LEGACY_OK: 20000,
      INVALID: 40000,
      FORBIDDEN: 40300,
      NOT_FOUND: 40400,
      CONFLICT: 40900,
      TOO_MANY: 42900,
      INTERNAL: 50000,
      UNAVAILABLE: 50300,
      BAD_GATEWAY: 50200,
      TOKEN_INVALID: 50008,
      SESSION_ENDED: 50012,
      TOKEN_EXPIRED: 50014,
    });
  });

  it('LOGOUT_CODES are exactly 50008, 50012, 50014 (spec §8)', () => {
    expect([...LOGOUT_CODES].sort()).toEqual([50008, 50012, 50014]);
  });

  it('ok() wraps data in a success envelope', () => {
    expect(ok({ a: 1 })).toEqual({ code: 0, msg: 'ok', data: { a: 1 } });
    expect(ok(null, 'done')).toEqual({ code: 0, msg: 'done', data: null });
  });
});
