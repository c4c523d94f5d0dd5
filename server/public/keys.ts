import { randomBytes, randomUUID } from 'node:crypto';
import { and, eq, isNull } from 'drizzle-orm';
import {
  API_KEY_PREFIX,
  API_KEY_SHOWN,
  type ApiKey,
  type ApiKeyScope,
  type ApiKeyState,
} from '../../contract/api-keys';
import { hashToken } from '../auth/tokens';
import type { Database } from '../db/client';
import { apiKeys, type ApiKeyRow } from '../db/schema';

/** A new secret: the prefix and 32 random bytes, base64url. */
export function newSecret(): string {
  return `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
}

export function newKeyId(): string {
  return randomUUID();
}

export function secretHash(secret: string): string {
  return hashToken(secret);
}

export function shownPrefix(secret: string): string {
  return secret.slice(0, API_KEY_SHOWN);
}

export function stateOf(
  row: Pick<ApiKeyRow, 'revokedAt' | 'expiresAt'>,
  now = new Date(),
): ApiKeyState {
  if (row.revokedAt) return 'revoked';
  if (row.expiresAt && row.expiresAt <= now) return 'expired';
  return 'active';
}

/** A key as the admin's list shows it; `createdBy` is the creator's user name. */
export function toApiKey(row: ApiKeyRow & { createdByName: string | null }): ApiKey {
  const iso = (d: Date | null) => (d ? d.toISOString() : null);
  return {
    id: row.id,
    name: row.name,
    scopes: row.scopes as ApiKeyScope[],
    sceneCodes: row.sceneCodes && row.sceneCodes.length ? row.sceneCodes : null,
    prefix: row.prefix,
    createdBy: row.createdByName,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: iso(row.lastUsedAt),
    expiresAt: iso(row.expiresAt),
    revokedAt: iso(row.revokedAt),
    state: stateOf(row),
  };
}

/** What a request authenticated by a key may do. */
export interface KeyCaller {
  id: string;
  scopes: readonly ApiKeyScope[];
  /** Null: every scene. */
  sceneCodes: readonly string[] | null;
}

/** The active key of a secret, or why there is none. */
export async function keyOfSecret(
  db: Database,
  secret: string,
  now = new Date(),
): Promise<KeyCaller | null> {
  if (!secret.startsWith(API_KEY_PREFIX)) return null;
  const [row] = await db
    .select()
    .from(apiKeys)
    .where(and(eq(apiKeys.secretHash, secretHash(secret)), isNull(apiKeys.revokedAt)))
    .limit(1);
  if (!row || stateOf(row, now) !== 'active') return null;
  return {
    id: row.id,
    scopes: row.scopes as ApiKeyScope[],
    sceneCodes: row.sceneCodes && row.sceneCodes.length ? row.sceneCodes : null,
  };
}

/**
 * Writes a key's last use at most once per interval: a busy key would otherwise cost a write
 * per request. Remembers per process when it last wrote each key.
 */
export class LastUsed {
  private readonly written = new Map<string, number>();

  constructor(
    private readonly db: Database,
    private readonly intervalMs = 60_000,
  ) {}

  /** Records a use; answers the pending write, if one was started (tests await it). */
  touch(keyId: string, now = Date.now()): Promise<void> | undefined {
    const last = this.written.get(keyId);
    if (last !== undefined && now - last < this.intervalMs) return undefined;
    this.written.set(keyId, now);
    if (this.written.size > 10_000) this.forgetOlderThan(now - this.intervalMs);
    return this.db
      .update(apiKeys)
      .set({ lastUsedAt: new Date(now) })
      .where(eq(apiKeys.id, keyId))
      .then(
        () => undefined,
        // Last use is a hint for the admin: a failed write must not fail the caller's request.
        () => void this.written.delete(keyId),
      );
  }

  private forgetOlderThan(time: number): void {
    for (const [id, at] of this.written) if (at < time) this.written.delete(id);
  }
}
