import type { FastifyRequest } from 'fastify';
import { Code, type Envelope } from '../../contract/envelope';
import { message } from '../../contract/messages';
import { localeOf } from './locale';

/** A success envelope with `msg` in the caller's language. */
export function success<T>(request: FastifyRequest, data: T): Envelope<T> {
  return { code: Code.OK, msg: message(localeOf(request), 'ok'), data };
}
