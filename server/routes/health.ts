import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { Code } from '../../contract/envelope';
import { envelopeOf, errorEnvelope } from '../../contract/envelope-schema';
import { message } from '../../contract/messages';
import type { AppContext } from '../context';
import { localeOf } from '../http/locale';
import { success } from '../http/reply';

/** How long readiness waits for the database before calling it unreachable. */
export const READY_TIMEOUT_MS = 1_000;
const RETRY_AFTER_S = 5;

const state = z.enum(['ok', 'unreachable', 'unknown']);

/**
 * For load balancers and operators. `/api/health` is liveness: it answers at once, with what
 * the server last learned of its database, and never waits on it. `/api/health/ready` asks the
 * database with a short timeout and answers 503 (50300, Retry-After) when it does not answer.
 */
export function healthRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get('/api/health', {
    config: { rateLimit: false },
    schema: {
      tags: ['system'],
      summary: 'Liveness, with the database state last seen (never waits on the database)',
      response: {
        200: envelopeOf(z.object({ status: z.literal('ok'), database: state })),
        '5xx': errorEnvelope,
      },
    },
    handler: async (request) =>
      success(request, { status: 'ok' as const, database: ctx.dbHealth.state }),
  });

  r.get('/api/health/ready', {
    config: { rateLimit: false },
    schema: {
      tags: ['system'],
      summary: `Readiness: the database answers within ${READY_TIMEOUT_MS} ms, else 503`,
      response: {
        200: envelopeOf(z.object({ status: z.literal('ok'), database: z.literal('ok') })),
        '5xx': errorEnvelope,
      },
    },
    handler: async (request, reply) => {
      try {
        await ctx.ping(READY_TIMEOUT_MS);
      } catch {
        ctx.dbHealth.set('unreachable');
        return reply
          .status(503)
          .header('retry-after', String(RETRY_AFTER_S))
          .type('application/json; charset=utf-8')
          .serializer(JSON.stringify)
          .send({
            code: Code.UNAVAILABLE,
            msg: message(localeOf(request), 'unavailable'),
            data: { database: 'unreachable' },
          });
      }
      ctx.dbHealth.set('ok');
      return success(request, { status: 'ok' as const, database: 'ok' as const });
    },
  });
}
