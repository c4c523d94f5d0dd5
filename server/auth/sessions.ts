import { and, eq, isNull, lt } from 'drizzle-orm';
import type { Database } from '../db/client';
import { sessions, users } from '../db/schema';
import type { AuthUser } from './auth-user';
import { forgetCachedSession } from './session-cache';
import { hashToken, newToken } from './tokens';

export const DEFAULT_TOKEN_TTL_MS = 7 * 24 * 3_600_000;

/** Expired rows are kept this long so an old token answers "expired", not "unknown". */
const KEEP_EXPIRED_MS = 30 * 24 * 3_600_000;

export type { AuthUser };

export type SessionLookup =
  | { status: 'active'; user: AuthUser; tokenHash: string; expiresAt: Date }
  | { status: 'unknown' | 'revoked' | 'expired' };

export async function createSession(db: Database, userId: string, ttlMs: number): Promise<string> {
  const token = newToken();
  const now = new Date();
  await db.insert(sessions).values({
    tokenHash: hashToken(token),
    userId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + ttlMs),
  });
  await db
    .delete(sessions)
    .where(lt(sessions.expiresAt, new Date(now.getTime() - KEEP_EXPIRED_MS)));
  return token;
}

export async function lookupSession(
  db: Database,
  token: string,
  now = new Date(),
): Promise<SessionLookup> {
  const tokenHash = hashToken(token);
  const [row] = await db
    .select({
      expiresAt: sessions.expiresAt,
      revokedAt: sessions.revokedAt,
      id: users.id,
      role: users.role,
      userName: users.userName,
      userStatus: users.status,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, tokenHash))
    .limit(1);
  if (!row) return { status: 'unknown' };
  // A disabled account's sessions end at once, even one a revocation missed.
  if (row.revokedAt || row.userStatus !== 1) return { status: 'revoked' };
  if (row.expiresAt.getTime() <= now.getTime()) return { status: 'expired' };
  return {
    status: 'active',
    tokenHash,
    expiresAt: row.expiresAt,
    user: { id: row.id, role: row.role, userName: row.userName },
  };
}

export async function revokeSession(db: Database, tokenHash: string): Promise<void> {
  await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(and(eq(sessions.tokenHash, tokenHash), isNull(sessions.revokedAt)));
  forgetCachedSession(db, tokenHash);
}
