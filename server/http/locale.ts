import type { FastifyRequest } from 'fastify';
import { pickLocale, type Locale } from '../../contract/locale';

/** The console sends Accept-Language with every call; answers follow it. */
export function localeOf(request: FastifyRequest): Locale {
  const header = request.headers['accept-language'];
  return pickLocale(Array.isArray(header) ? header[0] : header);
}
