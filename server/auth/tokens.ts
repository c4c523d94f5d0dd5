import { createHash, randomBytes } from 'node:crypto';

/** 256 random bits: guessing one is hopeless, so lookups need no rate limit of their own. */
export function newToken(): string {
  return randomBytes(32).toString('base64url');
}

/** Only this hash is stored; a copy of the sessions table cannot be replayed. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * The hashes of active sessions' tokens, so a request whose session is cached costs no sha256.
 * A pure function's memo: nothing in it goes stale, so revocations need not reach it. At most
 * `max` entries, oldest out first; an unknown token is never cached, so made-up tokens cannot
 * crowd out real ones.
 */
export class TokenHashes {
  private readonly hashes = new Map<string, string>();

  constructor(private readonly max: number) {}

  of(token: string): string {
    return this.hashes.get(token) ?? hashToken(token);
  }

  remember(token: string, tokenHash: string): void {
    if (this.hashes.has(token)) return;
    if (this.hashes.size >= this.max) {
      const oldest = this.hashes.keys().next();
      if (!oldest.done) this.hashes.delete(oldest.value);
    }
    this.hashes.set(token, tokenHash);
  }

  get size(): number {
    return this.hashes.size;
  }
}
