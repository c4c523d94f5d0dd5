import type { FastifyInstance } from 'fastify';
import { Code, httpStatusFor } from '../../contract/envelope';
import { message } from '../../contract/messages';
import { localeOf } from './locale';

/**
 * Unknown API paths answer a JSON 40400. With a built console to serve, other GET paths that
 * look like pages (no file extension) get index.html so client-side routes survive a reload.
 */
export function installNotFound(app: FastifyInstance, spa: boolean): void {
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const lastSegment = path.slice(path.lastIndexOf('/') + 1);
    const isPage =
      spa &&
      (request.method === 'GET' || request.method === 'HEAD') &&
      !path.startsWith('/api/') &&
      path !== '/api' &&
      !lastSegment.includes('.');
    if (isPage) {
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    const code = Code.NOT_FOUND;
    return reply
      .status(httpStatusFor(code))
      .send({ code, msg: message(localeOf(request), 'routeNotFound'), data: null });
  });
}
