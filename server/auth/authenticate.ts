import type { FastifyInstance, FastifyRequest, preValidationAsyncHookHandler } from 'fastify';
import { Code } from '../../contract/envelope';
import type { Database } from '../db/client';
import { AppError } from '../http/app-error';
import { lookupSession, type AuthUser } from './sessions';

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

export function installAuthentication(
  app: FastifyInstance,
  db: Database,
): preValidationAsyncHookHandler {
  app.decorateRequest('user', null);
  app.decorateRequest('sessionTokenHash', null);
  return async function authenticate(request) {
    const token = bearerToken(request);
    if (!token) throw new AppError(Code.TOKEN_INVALID, 'tokenInvalid');
    const session = await lookupSession(db, token);
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
