import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import type { ApiKeyScope } from '../../contract/api-keys';
import { Code } from '../../contract/envelope';
import { bearerToken } from '../auth/authenticate';
import { SlidingWindow } from '../auth/sliding-window';
import type { Database } from '../db/client';
import { AppError, forbidden } from '../http/app-error';
import { keyOfSecret, LastUsed, type KeyCaller } from './keys';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by a public route's key check; the console's own routes never set it. */
    apiKey: KeyCaller | null;
  }
}

export interface PublicApiOptions {
  /** Requests one key may make per minute; beyond, 42900 with Retry-After. */
  keyRequestsPerMinute: number;
  /** How often a key's last use is written at most. */
  lastUsedIntervalMs?: number;
}

export const DEFAULT_PUBLIC_API: PublicApiOptions = { keyRequestsPerMinute: 600 };

const WINDOW_MS = 60_000;

export interface KeyAuth {
  /** The preValidation of a public route: a live key with `scope`, within its rate. */
  require(scope: ApiKeyScope): preValidationAsyncHookHandler;
  /** The request's key, or null: for the anonymous limit, which spares key holders. */
  identify(request: FastifyRequest): Promise<KeyCaller | null>;
  lastUsed: LastUsed;
}

/**
 * Authenticates the public API by key: `Authorization: Bearer ck_…`. A missing, unknown,
 * revoked or expired key answers 401 / 50008 alike, so a caller learns nothing about keys it
 * does not hold; a console login token is no key and is refused the same way.
 */
export function installKeyAuth(
  app: FastifyInstance,
  db: Database,
  options: PublicApiOptions,
): KeyAuth {
  app.decorateRequest('apiKey', null);
  const window = new SlidingWindow(options.keyRequestsPerMinute, WINDOW_MS);
  const lastUsed = new LastUsed(db, options.lastUsedIntervalMs);

  const identify = async (request: FastifyRequest) => {
    const secret = bearerToken(request);
    return secret ? keyOfSecret(db, secret) : null;
  };

  const require = (scope: ApiKeyScope): preValidationAsyncHookHandler =>
    async function requireKey(request, reply) {
      const key = await identify(request);
      if (!key) throw new AppError(Code.TOKEN_INVALID, 'tokenInvalid');
      if (!key.scopes.includes(scope)) throw forbidden();
      if (window.isExhausted(key.id)) {
        reply.header('retry-after', String(WINDOW_MS / 1000));
        throw new AppError(Code.TOO_MANY, 'tooMany');
      }
      window.hit(key.id);
      request.apiKey = key;
      void lastUsed.touch(key.id);
    };

  return { require, identify, lastUsed };
}

/** Whether the key may act on a scene: an unrestricted key on every one. */
export function keyCovers(key: KeyCaller, sceneCode: string | null): boolean {
  if (!key.sceneCodes) return true;
  return sceneCode !== null && key.sceneCodes.includes(sceneCode);
}
