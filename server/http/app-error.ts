import { Code, type CodeValue } from '../../contract/envelope';
import type { MessageKey } from '../../contract/messages';

type Params = Record<string, string | number>;

/** A field problem whose text is translated when the answer is written. */
export interface PendingIssue {
  field: string;
  key: MessageKey;
  params?: Params;
}

/**
 * The one error type handlers throw for expected outcomes. It names a body code and a message
 * key, never a sentence, so the error handler can answer in the caller's language.
 */
export class AppError extends Error {
  readonly statusCode: number | undefined;

  constructor(
    readonly code: CodeValue,
    readonly key: MessageKey,
    readonly params: Params = {},
    readonly issues: PendingIssue[] = [],
    statusCode?: number,
    /** What the answer's `data` carries when there are no issues (a conflict's current row). */
    readonly data?: unknown,
  ) {
    super(key);
    this.name = 'AppError';
    this.statusCode = statusCode;
  }
}

export function invalidField(field: string, key: MessageKey, params: Params = {}): AppError {
  return new AppError(Code.INVALID, 'invalidField', {}, [{ field, key, params }]);
}

export const notFound = () => new AppError(Code.NOT_FOUND, 'notFound');
export const forbidden = () => new AppError(Code.FORBIDDEN, 'forbidden');

/**
 * 40900: the row changed since the caller read it. With `current`, the answer's data is
 * `{ current }` so the console can show what the other person saved.
 */
export const conflict = (current?: unknown) =>
  new AppError(
    Code.CONFLICT,
    'conflict',
    {},
    [],
    undefined,
    current === undefined ? undefined : { current },
  );
