/**
 * The answer envelope every manage call uses, and the one table of body codes.
 * HTTP status and body code always agree (see httpStatusFor) so that proxies and
 * the console's interceptor read the same outcome.
 */
export const Code = {
  OK: 0,
  /** The original platform's success code; the client accepts it too (spec §8). */
  LEGACY_OK: 20000,
  INVALID: 40000,
  FORBIDDEN: 40300,
  NOT_FOUND: 40400,
  CONFLICT: 40900,
  TOO_MANY: 42900,
  INTERNAL: 50000,
  /** The database cannot be reached for now; the answer carries Retry-After. */
  UNAVAILABLE: 50300,
  /** An external service a configured resource lives in failed or did not answer in time. */
  BAD_GATEWAY: 50200,
  TOKEN_INVALID: 50008,
  SESSION_ENDED: 50012,
  TOKEN_EXPIRED: 50014,
} as const;
export type CodeValue = (typeof Code)[keyof typeof Code];

/** Codes after which the console asks the user to log in again (spec §8). */
export const LOGOUT_CODES: readonly number[] = [
  Code.TOKEN_INVALID,
  Code.SESSION_ENDED,
  Code.TOKEN_EXPIRED,
];

export function isSuccessCode(code: unknown): boolean {
  return code === Code.OK || code === Code.LEGACY_OK;
}

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export interface FieldIssue {
  field: string;
  message: string;
}

export function ok<T>(data: T, msg = 'ok'): Envelope<T> {
  return { code: Code.OK, msg, data };
}

export function httpStatusFor(code: number): number {
  switch (code) {
    case Code.OK:
    case Code.LEGACY_OK:
      return 200;
    case Code.INVALID:
      return 400;
    case Code.TOKEN_INVALID:
    case Code.SESSION_ENDED:
    case Code.TOKEN_EXPIRED:
      return 401;
    case Code.FORBIDDEN:
      return 403;
    case Code.NOT_FOUND:
      return 404;
    case Code.CONFLICT:
      return 409;
    case Code.TOO_MANY:
      return 429;
    case Code.UNAVAILABLE:
      return 503;
    case Code.BAD_GATEWAY:
      return 502;
    default:
      return 500;
  }
}
