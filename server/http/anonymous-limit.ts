import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { API_KEY_PREFIX } from '../../contract/api-keys';
import { Code } from '../../contract/envelope';
import { bearerToken } from '../auth/authenticate';
import { SlidingWindow } from '../auth/sliding-window';
import { AppError } from './app-error';

export interface AnonymousLimit {
  /** API answers given without an authenticated caller, per client address and minute. */
  perMinute: number;
}

/**
 * 60 a minute is far above what a person at the console causes (a login, or a few calls that
 * find the token expired) and far below what it takes to hurt the server.
 */
export const DEFAULT_ANONYMOUS_LIMIT: AnonymousLimit = { perMinute: 60 };

const WINDOW_MS = 60_000;

/**
 * Paths outside the budget: load balancers poll health and must keep getting an answer, and the
 * docs are static pages that load a dozen files each.
 */
function counted(request: FastifyRequest): boolean {
  const path = request.url;
  return (
    path.startsWith('/api/') &&
    !path.startsWith('/api/health') &&
    path !== '/api/docs' &&
    !path.startsWith('/api/docs/')
  );
}

/**
 * Limits, per client address, the answers to unauthenticated callers (a successful login does
 * not count); over budget, 42900 before the body is read, except for a valid token.
 */
export function installAnonymousLimit(
  app: FastifyInstance,
  limit: AnonymousLimit,
  authenticate: preValidationAsyncHookHandler,
  loginPath: string,
  /** The public API's key of a request, if it holds a live one. */
  keyOf?: (request: FastifyRequest) => Promise<unknown>,
): SlidingWindow {
  const window = new SlidingWindow(limit.perMinute, WINDOW_MS);

  app.addHook('onRequest', async (request, reply) => {
    if (!counted(request) || !window.isExhausted(request.ip)) return;
    if (keyOf && bearerToken(request)?.startsWith(API_KEY_PREFIX) && (await keyOf(request))) {
      return; // a key holder is limited by its key's own rate
    }
    if (bearerToken(request) && !request.url.startsWith(loginPath)) {
      try {
        await authenticate.call(app, request, reply);
        return; // a signed-in caller is served; the route authenticates again as usual
      } catch {
        // not a valid session: refused like any other anonymous request
      }
    }
    reply.header('retry-after', String(WINDOW_MS / 1000));
    throw new AppError(Code.TOO_MANY, 'tooMany');
  });

  app.addHook('onResponse', async (request, reply) => {
    if (!counted(request) || request.user || request.apiKey) return;
    if (reply.statusCode === 429) return; // refusals do not extend the wait
    if (reply.statusCode < 300 && request.url.startsWith(loginPath)) return;
    window.hit(request.ip);
  });

  return window;
}
