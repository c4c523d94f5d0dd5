import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { z } from 'zod';
import { envelopeOf, errorEnvelope } from '../../contract/envelope-schema';
import type { AppContext } from '../context';
import { success } from '../http/reply';

/** For load balancers: answers ok only when the database answers too. */
export function healthRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().get('/api/health', {
    config: { rateLimit: false },
    schema: {
      tags: ['system'],
      summary: 'Liveness and database reachability',
      response: {
        200: envelopeOf(z.object({ status: z.literal('ok') })),
        '5xx': errorEnvelope,
      },
    },
    handler: async (request) => {
      await ctx.db.execute(sql`select 1`);
      return success(request, { status: 'ok' as const });
    },
  });
}
