import { can } from '../../contract/access';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX } from '../../contract/api';
import { Code, httpStatusFor } from '../../contract/envelope';
import { message } from '../../contract/messages';
import { callerOf } from '../auth/authenticate';
import type { AppContext } from '../context';
import { forbidden } from '../http/app-error';
import { localeOf } from '../http/locale';
import type { ConfiguredResources } from './served';

/** What Fastify throws for a body its validator refused; the error handler reads the same. */
class BodyValidationError extends Error {
  readonly statusCode = 400;
  readonly validationContext = 'body';
  constructor(readonly validation: unknown) {
    super('body validation failed');
  }
}

/**
 * Serves configured resources' calls (`<API prefix>/<prefix>/<call>`) through one route, since
 * Fastify cannot add routes once it listens and declarations change at any time. Static routes
 * win over this wildcard, so the built-ins are untouched. The steps are those of a built-in's
 * route, in the same order: authentication, the casbin policy, the body's zod schema, the
 * generic call. A path that names no served resource answers as an unknown route does.
 */
export function configuredRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  configured: ConfiguredResources,
): void {
  app.post(`${API_PREFIX}/*`, {
    // One route for many resources: it has no single schema to publish (DESIGN.md).
    schema: { hide: true },
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const path = (request.params as { '*': string })['*'];
      const hit = configured.resolve(path);
      if (!hit) return routeNotFound(request, reply);
      await ctx.authenticate.call(app, request, reply);
      await configured.settled();
      const { def } = hit.served;
      if (!(await can(ctx.enforcer, callerOf(request).role, def.name, hit.call.call.action))) {
        throw forbidden();
      }
      const result = hit.call.validate(request.body);
      if ('error' in result) throw new BodyValidationError(result.error);
      request.body = result.value;
      return hit.call.call.handle(request, reply);
    },
  });
}

function routeNotFound(request: FastifyRequest, reply: FastifyReply) {
  const code = Code.NOT_FOUND;
  return reply
    .status(httpStatusFor(code))
    .send({ code, msg: message(localeOf(request), 'routeNotFound'), data: null });
}
