import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits: guessing one is hopeless, so lookups need no rate limit of their own. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this hash is stored; a copy of the sessions table cannot be replayed. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
