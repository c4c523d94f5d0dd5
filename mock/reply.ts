import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { Code, type Envelope } from '../contract/envelope';
import { message, type MessageKey } from '../contract/messages';
import { AppError } from '../server/http/app-error';
import { boundedIssues, issueOfEntry, summary, type ValidationEntry } from '../server/http/issues';
import { localeOf } from '../server/http/locale';

/** The sample handlers' success: code 20000 (spec §8), `msg` in the caller's language. */
export function mockOk<T>(request: FastifyRequest, data: T): Envelope<T> {
  return { code: Code.LEGACY_OK, msg: message(localeOf(request), 'ok'), data };
}

/**
 * HTTP status of a refused sample call. Its body code is the mocks' default failure, 50000
 * (spec §8), but the fault is the caller's: 400 keeps it out of 5xx alerts and tells the
 * console not to retry (src/providers/http.ts isTransient), which shows `msg` as for any code.
 */
const REFUSED = 400;

/** Fastify's refusals of a body it cannot read (40000 on other routes), and their status. */
const UNREADABLE_BODY = new Map<string, [MessageKey, number]>([
  ['FST_ERR_CTP_INVALID_JSON_BODY', ['badJson', REFUSED]],
  ['FST_ERR_CTP_EMPTY_JSON_BODY', ['badJson', REFUSED]],
  ['FST_ERR_CTP_BODY_TOO_LARGE', ['bodyTooLarge', 413]],
]);

/**
 * Error handler of the sample calls: bad input answers 50000 with the issues the manage calls
 * give with 40000; anything else goes on to the app's error handler.
 */
export function mockErrorHandler(
  error: Error,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const locale = localeOf(request);
  if (hasZodFastifySchemaValidationErrors(error)) {
    const context = error.validationContext === 'querystring' ? 'query' : 'body';
    const entries = error.validation as unknown as ValidationEntry[];
    const bounded = boundedIssues(entries.map(issueOfEntry), request[context], locale);
    const { issues, omitted } = bounded;
    const data = omitted > 0 ? { issues, omittedIssues: omitted } : { issues };
    return reply
      .status(REFUSED)
      .type('application/json; charset=utf-8')
      .serializer(JSON.stringify)
      .send({ code: Code.INTERNAL, msg: summary(bounded, locale), data });
  }
  if (error instanceof AppError && error.code === Code.INVALID) {
    throw new AppError(Code.INTERNAL, error.key, error.params, error.issues, REFUSED, error.data);
  }
  const fastifyCode = (error as Partial<FastifyError>).code;
  const unreadable = fastifyCode ? UNREADABLE_BODY.get(fastifyCode) : undefined;
  if (unreadable) throw new AppError(Code.INTERNAL, unreadable[0], {}, [], unreadable[1]);
  throw error;
}
