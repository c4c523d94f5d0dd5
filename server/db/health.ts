import { databaseErrorOf } from '../http/pg-errors';

export type DatabaseState = 'ok' | 'unreachable' | 'unknown';

/** What the server last learned about its database: health answers it without waiting. */
export class DatabaseHealth {
  state: DatabaseState = 'unknown';
  since = Date.now();

  set(state: DatabaseState): void {
    if (state === this.state) return;
    this.state = state;
    this.since = Date.now();
  }
}

/** Network and driver failures that mean "cannot reach the database", not a bad query. */
const UNREACHABLE_ERRNO = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'DB_TIMEOUT',
]);
const UNREACHABLE_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated',
  'Query read timeout',
  'Client has encountered a connection error',
  'Cannot use a pool after calling end',
];

/** PostgreSQL's query_canceled: here, a statement that ran past its `statement_timeout`. */
const QUERY_CANCELED = '57014';

/**
 * True when PostgreSQL cancelled a statement that ran past its timeout: the database answered,
 * the query was too expensive. Not an outage; the caller should ask for less.
 */
export function isStatementTimeout(error: unknown): boolean {
  return databaseErrorOf(error)?.code === QUERY_CANCELED;
}

/**
 * True when `error` says the database is unreachable or overwhelmed: connection failures,
 * timeouts (ours or the driver's), server shutdown (57P01–57P03; class 57 but 57014), connection
 * exceptions (class 08) and too many connections (53300). A statement timeout (57014) is not:
 * the server that cancelled it is up (`isStatementTimeout`).
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  const sqlState = databaseErrorOf(error)?.code;
  if (
    sqlState &&
    sqlState !== QUERY_CANCELED &&
    (sqlState.startsWith('08') || sqlState.startsWith('57') || sqlState === '53300')
  ) {
    return true;
  }
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && UNREACHABLE_ERRNO.has(code)) return true;
    if (typeof message === 'string' && UNREACHABLE_MESSAGES.some((m) => message.includes(m))) {
      return true;
    }
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
