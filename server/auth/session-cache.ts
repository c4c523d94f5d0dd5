import type { Database } from '../db/client';
import type { AuthUser } from './auth-user';

/** SESSION_CACHE_MS when unset: how stale a revocation made on another instance may be. */
export const DEFAULT_SESSION_CACHE_MS = 5_000;
/** About 4.5 MB at most (~450 B an entry); a busier server looks the rest up as before. */
export const DEFAULT_SESSION_CACHE_ENTRIES = 10_000;

/** An active session as the database last confirmed it. */
export interface CachedSession {
  tokenHash: string;
  user: AuthUser;
  expiresAt: Date;
}

export interface SessionCacheOptions {
  /** How long a confirmed session is trusted without asking the database; 0 turns caching off. */
  ttlMs: number;
  maxEntries?: number;
  now?: () => number;
}

/** Taken before the database lookup whose answer `put` stores. */
export interface LookupMark {
  readonly generation: number;
  readonly at: number;
}

interface Entry {
  session: CachedSession;
  until: number;
}

/**
 * Active sessions by token hash, trusted for `ttlMs` after the database said so and never past
 * the session's own expiry; least recently used first out. This instance's revocations reach
 * it at once (`forget…`), and so does any other's while the sessions channel is listened to
 * (session-channel.ts); otherwise they are seen once the entry runs out.
 */
export class SessionCache {
  readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;
  // Map order is insertion order: re-inserting on every hit keeps the coldest entry first.
  private readonly entries = new Map<string, Entry>();
  private generation = 0;

  constructor(options: SessionCacheOptions) {
    this.ttlMs = Math.max(0, options.ttlMs);
    this.maxEntries = Math.max(1, options.maxEntries ?? DEFAULT_SESSION_CACHE_ENTRIES);
    this.now = options.now ?? (() => Date.now());
  }

  get enabled(): boolean {
    return this.ttlMs > 0;
  }

  get size(): number {
    return this.entries.size;
  }

  get(tokenHash: string): CachedSession | undefined {
    const entry = this.entries.get(tokenHash);
    if (!entry) return undefined;
    this.entries.delete(tokenHash);
    if (this.now() >= entry.until) return undefined;
    this.entries.set(tokenHash, entry);
    return entry.session;
  }

  mark(): LookupMark {
    return { generation: this.generation, at: this.now() };
  }

  /**
   * Stores what a lookup begun at `mark` found. Nothing is stored when something was forgotten
   * meanwhile: the lookup may have read the session just before its revocation, and caching that
   * would undo the revocation for a whole TTL. The TTL counts from the mark, so an entry is never
   * older than `ttlMs` counted from before the database read.
   */
  put(mark: LookupMark, session: CachedSession): void {
    if (!this.enabled || mark.generation !== this.generation) return;
    const until = Math.min(mark.at + this.ttlMs, session.expiresAt.getTime());
    if (until <= this.now()) return;
    this.entries.delete(session.tokenHash);
    this.entries.set(session.tokenHash, { session, until });
    while (this.entries.size > this.maxEntries) {
      const coldest = this.entries.keys().next();
      if (coldest.done) break;
      this.entries.delete(coldest.value);
    }
  }

  forgetToken(tokenHash: string): void {
    this.generation++;
    this.entries.delete(tokenHash);
  }

  forgetUser(userId: string): void {
    this.generation++;
    // A scan of at most maxEntries, only on revocations and role changes (rare, admin-driven).
    for (const [tokenHash, entry] of this.entries) {
      if (entry.session.user.id === userId) this.entries.delete(tokenHash);
    }
  }

  clear(): void {
    this.generation++;
    this.entries.clear();
  }
}

/**
 * The caches authenticating against each database object, so the code that revokes a session
 * (sessions.ts, user-admin.ts) drops it from every cache of this process without each route
 * having to know a cache exists. Keyed weakly: a closed test database leaves nothing behind.
 */
const cachesByDatabase = new WeakMap<Database, Set<SessionCache>>();

/** Makes `forget…(db, …)` reach `cache`; answers the undo, for the app's onClose. */
export function registerSessionCache(db: Database, cache: SessionCache): () => void {
  let caches = cachesByDatabase.get(db);
  if (!caches) {
    caches = new Set();
    cachesByDatabase.set(db, caches);
  }
  caches.add(cache);
  return () => {
    cachesByDatabase.get(db)?.delete(cache);
  };
}

/**
 * Call after the revocation is committed, with the app's `db` (not a transaction's): a lookup
 * that starts before the commit could otherwise cache the session again.
 */
export function forgetCachedSession(db: Database, tokenHash: string): void {
  for (const cache of cachesByDatabase.get(db) ?? []) cache.forgetToken(tokenHash);
}

/** Every cached session of `userId`: revocations, disabling, a new role. Same rule as above. */
export function forgetCachedUserSessions(db: Database, userId: string): void {
  for (const cache of cachesByDatabase.get(db) ?? []) cache.forgetUser(userId);
}

/** Every cached session: the sessions channel was not listened to for a while (session-channel.ts). */
export function forgetAllCachedSessions(db: Database): void {
  for (const cache of cachesByDatabase.get(db) ?? []) cache.clear();
}
