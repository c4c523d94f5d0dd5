import { can } from '../../contract/access';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX } from '../../contract/api';
import { Code, httpStatusFor } from '../../contract/envelope';
import { message } from '../../contract/messages';
import { callerOf } from '../auth/authenticate';
import type { AppContext } from '../context';
import { forbidden } from '../http/app-error';
import { labelFieldsOf } from '../http/field-labels';
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
 * Serves configured resources' calls through one wildcard route, since Fastify cannot add routes
 * once it listens; the steps are a built-in route's (authentication, policy, schema, call).
 */
export function configuredRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  configured: ConfiguredResources,
): void {
  app.post(`${API_PREFIX}/*`, {
    // One route for many resources: it has no single schema to publish.
    schema: { hide: true },
    handler: async (request: FastifyRequest, reply: FastifyReply) => {
      const path = (request.params as { '*': string })['*'];
      const hit = configured.resolve(path);
      if (!hit) return routeNotFound(request, reply);
      // Error answers name fields by the labels the declaration gives them.
      const { texts } = hit.served.entry;
      labelFieldsOf(request, (locale) => texts[locale].fields);
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
