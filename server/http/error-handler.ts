import type { FastifyError, FastifyInstance, FastifyReply } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { Code, httpStatusFor, type Envelope, type FieldIssue } from '../../contract/envelope';
import { message, type MessageKey } from '../../contract/messages';
import { AppError } from './app-error';
import {
  boundedIssues,
  boundPending,
  issueOfEntry,
  summary,
  type BoundedIssues,
  type ValidationEntry,
} from './issues';
import { localeOf } from './locale';
import { fieldLabelsOf } from './field-labels';
import { isDatabaseUnavailable, isStatementTimeout, type DatabaseHealth } from '../db/health';
import { databaseErrorOf, duplicateColumnOf } from './pg-errors';

const HTTP_PAYLOAD_TOO_LARGE = 413;
/** Seconds a client should wait before retrying while the database is unreachable. */
const RETRY_AFTER_S = 5;

/**
 * A database error as it may be logged: its code and message, and the statement without its
 * parameters. Drizzle's own message ("Failed query: … params: …") carries the values (user
 * input, password hashes), so it is never logged as it is.
 */
export function describeDatabaseError(error: unknown): Record<string, unknown> | undefined {
  const query = (error as { query?: unknown }).query;
  const cause = (error as { cause?: unknown }).cause;
  if (typeof query !== 'string' && !databaseErrorOf(error)) return undefined;
  const source = (cause ?? error) as { code?: unknown; message?: unknown; name?: unknown };
  return {
    type: typeof source.name === 'string' ? source.name : 'DatabaseError',
    code: source.code,
    message: typeof source.message === 'string' ? source.message : undefined,
    ...(typeof query === 'string' ? { statement: query } : {}),
  };
}

/** Fastify's own errors that are the client's fault, and what to tell the client. */
const CLIENT_ERRORS: Record<string, MessageKey> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'badJson',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'badJson',
  FST_ERR_CTP_BODY_TOO_LARGE: 'bodyTooLarge',
};

/**
 * Every failure becomes an envelope whose HTTP status matches its body code. Client mistakes
 * answer 4xx with a reason; only genuine faults answer 50000, logged, with no details leaked.
 */
export function installErrorHandler(app: FastifyInstance, dbHealth?: DatabaseHealth): void {
  app.setErrorHandler<Error>((thrown, request, reply) => {
    const locale = localeOf(request);
    const error = thrown as FastifyError;

    if (hasZodFastifySchemaValidationErrors(error)) {
      const context = error.validationContext ?? 'body';
      const input = (request as unknown as Record<string, unknown>)[context];
      const entries = error.validation as unknown as ValidationEntry[];
      const labels = fieldLabelsOf(request, locale);
      const bounded = boundedIssues(entries.map(issueOfEntry), input, locale, labels);
      return send(reply, Code.INVALID, summary(bounded, locale), issueData(bounded));
    }

    if (thrown instanceof AppError) {
      const bounded = boundPending(thrown.issues, locale, fieldLabelsOf(request, locale));
      const msg =
        thrown.key === 'invalidField' && bounded.issues.length
          ? summary(bounded, locale)
          : message(locale, thrown.key, thrown.params);
      const data = bounded.issues.length ? issueData(bounded) : (thrown.data ?? null);
      return send(reply, thrown.code, msg, data, thrown.statusCode);
    }

    const clientKey = error.code ? CLIENT_ERRORS[error.code] : undefined;
    if (clientKey) {
      const status = clientKey === 'bodyTooLarge' ? HTTP_PAYLOAD_TOO_LARGE : undefined;
      return send(reply, Code.INVALID, message(locale, clientKey), null, status);
    }

    const dbError = databaseErrorOf(error);
    if (dbError?.code === '23505') {
      // Resource stores name the field themselves; this is the safety net for other tables,
      // whose columns are their fields' names in snake case.
      const field = camelCase(duplicateColumnOf(dbError) ?? 'value');
      const bounded = boundPending(
        [{ field, key: 'duplicate', params: { field } }],
        locale,
        fieldLabelsOf(request, locale),
      );
      return send(reply, Code.INVALID, summary(bounded, locale), issueData(bounded));
    }
    if (dbError?.code?.startsWith('22')) {
      // Data exceptions (out of range, bad text representation) come from the input.
      return send(reply, Code.INVALID, message(locale, 'invalid'), null);
    }

    if (error.statusCode === 429) {
      return send(reply, Code.TOO_MANY, message(locale, 'tooMany'), null);
    }
    if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
      return send(reply, Code.INVALID, message(locale, 'invalid'), null);
    }

    if (isStatementTimeout(error)) {
      // The database answered: this query asked too much. Health stays as it is, and no
      // Retry-After, since the same request would time out again.
      request.log.warn({ err: describeDatabaseError(error) }, 'statement timeout');
      return send(reply, Code.UNAVAILABLE, message(locale, 'queryTimeout'), null);
    }

    if (isDatabaseUnavailable(error)) {
      // An outage, not a fault of this request: say so, and when to come back.
      dbHealth?.set('unreachable');
      request.log.warn({ err: describeDatabaseError(error) }, 'database unavailable');
      reply.header('retry-after', String(RETRY_AFTER_S));
      return send(reply, Code.UNAVAILABLE, message(locale, 'unavailable'), null);
    }

    request.log.error({ err: describeDatabaseError(error) ?? error }, 'unexpected error');
    return send(reply, Code.INTERNAL, message(locale, 'internal'), null);
  });
}

function camelCase(column: string): string {
  return column.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());
}

/** `data` of a 40000 answer: the first issues, and how many more there were (when any). */
function issueData({ issues, omitted }: BoundedIssues): {
  issues: FieldIssue[];
  omittedIssues?: number;
} {
  return omitted > 0 ? { issues, omittedIssues: omitted } : { issues };
}

function send(
  reply: FastifyReply,
  code: number,
  msg: string,
  data: unknown,
  status = httpStatusFor(code),
): FastifyReply {
  const body: Envelope<unknown> = { code, msg, data };
  // Error answers are written as plain JSON: the route's answer schema describes success only.
  return reply
    .status(status)
    .type('application/json; charset=utf-8')
    .serializer(JSON.stringify)
    .send(body);
}
