import { can } from '../../contract/access';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Code } from '../../contract/envelope';
import type { Action } from '../../contract/resource';
import { REST_PROXY_PREFIX } from '../../contract/resource-config-api';
import { callerOf } from '../auth/authenticate';
import type { AppContext } from '../context';
import { AppError, forbidden, notFound } from '../http/app-error';
import type { ConfiguredResources } from './served';

/** How long an upstream may take when its declaration does not say. */
export const DEFAULT_REST_TIMEOUT_MS = 10_000;
/** Answers bigger than this are refused: a list page is small, a runaway one is not. */
const MAX_UPSTREAM_BYTES = 10 * 1024 * 1024;

const ACTIONS: Record<string, { one: Action; many: Action }> = {
  GET: { one: 'show', many: 'list' },
  POST: { one: 'create', many: 'create' },
  PUT: { one: 'edit', many: 'edit' },
  PATCH: { one: 'edit', many: 'edit' },
  DELETE: { one: 'delete', many: 'delete' },
};

/**
 * Forwards a REST-sourced configured resource's calls upstream after the usual authentication and
 * policy, adding the declared headers here so tokens never reach the browser; failures are 50200.
 */
export function restProxyRoutes(
  app: FastifyInstance,
  ctx: AppContext,
  configured: ConfiguredResources,
): void {
  const handler = async (request: FastifyRequest, reply: FastifyReply) => {
    const { name, id } = request.params as { name: string; id?: string };
    const served = configured.get(name);
    const source = served?.entry.declaration.source;
    if (!served || source?.kind !== 'rest') throw notFound();
    await ctx.authenticate.call(app, request, reply);
    await configured.settled();
    const pair = ACTIONS[request.method];
    if (!pair) throw notFound();
    // A POST to a row, or a PUT/PATCH/DELETE of the whole collection, is no json-server call.
    if ((request.method === 'POST') === (id !== undefined) && request.method !== 'GET') {
      throw notFound();
    }
    const action = id === undefined ? pair.many : pair.one;
    if (!(await can(ctx.enforcer, callerOf(request).role, name, action))) throw forbidden();

    const query = request.url.includes('?') ? request.url.slice(request.url.indexOf('?')) : '';
    const target = `${source.url.replace(/\/+$/, '')}${id === undefined ? '' : `/${encodeURIComponent(id)}`}${query}`;
    const timeoutMs = source.timeoutMs ?? DEFAULT_REST_TIMEOUT_MS;
    const service = new URL(source.url).host;
    const hasBody = request.method !== 'GET' && request.method !== 'DELETE';
    let upstream: Response;
    try {
      upstream = await fetch(target, {
        method: request.method,
        headers: {
          accept: 'application/json',
          ...(hasBody ? { 'content-type': 'application/json' } : {}),
          ...source.headers,
        },
        ...(hasBody ? { body: JSON.stringify(request.body ?? {}) } : {}),
        redirect: 'error',
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError';
      request.log.warn({ service, err: (error as Error).message }, 'REST source failed');
      throw timedOut
        ? new AppError(Code.BAD_GATEWAY, 'upstreamTimeout', { service, ms: timeoutMs })
        : new AppError(Code.BAD_GATEWAY, 'upstreamUnreachable', { service });
    }
    if (upstream.status >= 500) {
      throw new AppError(Code.BAD_GATEWAY, 'upstreamStatus', { service, status: upstream.status });
    }
    const length = Number(upstream.headers.get('content-length') ?? 0);
    if (length > MAX_UPSTREAM_BYTES) {
      throw new AppError(Code.BAD_GATEWAY, 'upstreamStatus', { service, status: upstream.status });
    }
    const text = await upstream.text();
    const total = upstream.headers.get('x-total-count');
    if (total !== null) void reply.header('x-total-count', total);
    return reply
      .status(upstream.status)
      .header('content-type', upstream.headers.get('content-type') ?? 'application/json')
      .send(text);
  };
  const methods = Object.keys(ACTIONS) as ('GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE')[];
  // Hidden from OpenAPI: the upstream's shape is the upstream's, not ours to publish.
  app.route({
    method: methods,
    url: `${REST_PROXY_PREFIX}/:name`,
    schema: { hide: true },
    handler,
  });
  app.route({
    method: methods,
    url: `${REST_PROXY_PREFIX}/:name/:id`,
    schema: { hide: true },
    handler,
  });
}
