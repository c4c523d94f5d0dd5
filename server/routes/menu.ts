import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelopeOf, errorEnvelope } from '../../contract/envelope-schema';
import { policyOf } from '../../contract/access';
import { menuForRole, routesFor } from '../../contract/menu';
import { callerOf } from '../auth/authenticate';
import type { AppContext } from '../context';
import { success } from '../http/reply';

// Loose on purpose: the route tree belongs to contract/menu.ts and may grow fields.
const menuItem = z.looseObject({ name: z.string(), path: z.string() });

/** The server menu (spec §4 "menu from server"), for the caller's role from the token. */
export function menuRoutes(app: FastifyInstance, ctx: AppContext): void {
  const policy = policyOf(ctx.enforcer);
  // Configured resources come and go: the tree is rebuilt when they change.
  let cached = { stamp: '', routes: routesFor(ctx.resources) };
  const routes = () => {
    const stamp = ctx.configured.stamp();
    if (stamp !== cached.stamp) {
      cached = { stamp, routes: routesFor([...ctx.resources, ...ctx.configured.defs()]) };
    }
    return cached.routes;
  };
  app.withTypeProvider<ZodTypeProvider>().post('/api/user/menu', {
    preValidation: ctx.authenticate,
    schema: {
      tags: ['user'],
      summary: "The menu tree the caller's role may see",
      security: [{ bearer: [] }],
      response: { 200: envelopeOf(z.array(menuItem)), '4xx': errorEnvelope, '5xx': errorEnvelope },
    },
    handler: async (request) => {
      await ctx.configured.settled();
      return success(request, menuForRole(callerOf(request).role, policy, routes()));
    },
  });
}
