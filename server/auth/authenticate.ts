import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { Code } from '../../contract/envelope';
import type { Database } from '../db/client';
import { AppError } from '../http/app-error';
import { DEFAULT_SESSION_CACHE_ENTRIES, registerSessionCache, SessionCache } from './session-cache';
import { lookupSession, type AuthUser, type SessionLookup } from './sessions';
import { TokenHashes } from './tokens';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `authenticate`; identity comes from the token alone, never from headers. */
    user: AuthUser | null;
    /** The sha256 of the caller's token, so logout can revoke exactly this session. */
    sessionTokenHash: string | null;
  }
}

const BEARER = /^Bearer\s+(\S+)\s*$/i;

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header ? BEARER.exec(header)?.[1] : undefined;
}

export interface AuthenticationOptions {
  /** SESSION_CACHE_MS: trust a confirmed session this long without a lookup; 0 or unset: off. */
  sessionCacheMs?: number;
  sessionCacheEntries?: number;
}

export function installAuthentication(
  app: FastifyInstance,
  db: Database,
  options: AuthenticationOptions = {},
): preValidationAsyncHookHandler {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionTokenHash', null);
  const cache = new SessionCache({
    ttlMs: options.sessionCacheMs ?? 0,
    ...(options.sessionCacheEntries ? { maxEntries: options.sessionCacheEntries } : {}),
  });
  const hashes = new TokenHashes(options.sessionCacheEntries ?? DEFAULT_SESSION_CACHE_ENTRIES);
  if (cache.enabled) {
    const unregister = registerSessionCache(db, cache);
    app.addHook('onClose', async () => unregister());
  }

  async function sessionOf(token: string): Promise<SessionLookup> {
    if (!cache.enabled) return lookupSession(db, token);
    const cached = cache.get(hashes.of(token));
    if (cached) return { status: 'active', ...cached };
    const mark = cache.mark();
    const session = await lookupSession(db, token);
    if (session.status === 'active') {
      // Shared by every request of this token for the TTL: nobody may change it underneath.
      const user = Object.freeze({ ...session.user });
      cache.put(mark, { tokenHash: session.tokenHash, user, expiresAt: session.expiresAt });
      hashes.remember(token, session.tokenHash);
    }
    return session;
  }

  return async function authenticate(request) {
    const token = bearerToken(request);
    if (!token) throw new AppError(Code.TOKEN_INVALID, 'tokenInvalid');
    const session = await sessionOf(token);
    switch (session.status) {
      case 'active':
        request.user = session.user;
        request.sessionTokenHash = session.tokenHash;
        return;
      case 'revoked':
        throw new AppError(Code.SESSION_ENDED, 'sessionEnded');
      case 'expired':
        throw new AppError(Code.TOKEN_EXPIRED, 'tokenExpired');
      default:
        throw new AppError(Code.TOKEN_INVALID, 'tokenInvalid');
    }
  };
}

/** The authenticated caller; only valid behind `authenticate`. */
export function callerOf(request: FastifyRequest): AuthUser {
  if (!request.user) throw new AppError(Code.TOKEN_INVALID, 'tokenInvalid');
  return request.user;
}
