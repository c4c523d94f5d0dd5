import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's headers on every answer, from one middleware built at start. @fastify/helmet builds
 * a new one per request (helmet(options) parses the whole CSP each time): ~20 µs a request, of
 * which ~5 µs is left (docs/PERFORMANCE.md, "Server overhead per list"). The console has no per-route header options
 * and no CSP nonces, the only things that plugin adds.
 */
export function addSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>): void {
  const apply = helmet(options);
  app.addHook('onRequest', (request, reply, done) => {
    apply(request.raw, reply.raw, (error?: unknown) => done(error as Error | undefined));
  });
}
