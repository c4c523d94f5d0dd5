import { eq, sql } from 'drizzle-orm';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiPath } from '../../contract/api';
import { Code } from '../../contract/envelope';
import { buildApp } from '../app';
import type { Database } from '../db/client';
import { sessions, users } from '../db/schema';
import { describeBackends } from '../test/backends';
import { addUser, useTestApp } from '../test/harness';
import { hashPassword } from './password';
import {
  forgetCachedSession,
  forgetCachedUserSessions,
  registerSessionCache,
  SessionCache,
  type CachedSession,
} from './session-cache';
import { lookupSession } from './sessions';
import { hashToken } from './tokens';

// Every importer (authenticate.ts through buildApp) sees the counting wrapper: a call is a
// session query, since lookupSession is the one query authentication makes.
vi.mock('./sessions', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./sessions')>();
  return { ...actual, lookupSession: vi.fn(actual.lookupSession) };
});
const lookups = vi.mocked(lookupSession);

function session(tokenHash: string, userId: string, expiresAt = Date.now() + 3_600_000) {
  return {
    tokenHash,
    user: { id: userId, role: 'user' as const, userName: `u${userId}` },
    expiresAt: new Date(expiresAt),
  } satisfies CachedSession;
}

describe('SessionCache', () => {
  let now = 1_000_000;
  const clock = () => now;

  it('keeps an entry for the TTL counted from before the lookup, then drops it', () => {
    const cache = new SessionCache({ ttlMs: 5_000, now: clock });
    const mark = cache.mark();
    now += 300; // the database lookup
    cache.put(mark, session('a', '1'));
    now += 4_699;
    expect(cache.get('a')?.user.id).toBe('1');
    now += 1;
    expect(cache.get('a')).toBeUndefined();
    expect(cache.size).toBe(0);
  });

  it('never keeps a session past its own expiry', () => {
    const cache = new SessionCache({ ttlMs: 5_000, now: clock });
    cache.put(cache.mark(), session('a', '1', now + 1_000));
    now += 999;
    expect(cache.get('a')).toBeDefined();
    now += 1;
    expect(cache.get('a')).toBeUndefined();
    cache.put(cache.mark(), session('b', '1', now));
    expect(cache.size).toBe(0);
  });

  it('stores nothing with a TTL of 0', () => {
    const cache = new SessionCache({ ttlMs: 0, now: clock });
    expect(cache.enabled).toBe(false);
    cache.put(cache.mark(), session('a', '1'));
    expect(cache.get('a')).toBeUndefined();
  });

  it('drops the least recently used entry beyond its size', () => {
    const cache = new SessionCache({ ttlMs: 5_000, maxEntries: 2, now: clock });
    cache.put(cache.mark(), session('a', '1'));
    cache.put(cache.mark(), session('b', '2'));
    expect(cache.get('a')).toBeDefined(); // now b is the coldest
    cache.put(cache.mark(), session('c', '3'));
    expect(cache.size).toBe(2);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('c')).toBeDefined();
  });

  it('forgets one token, or every token of a user', () => {
    const cache = new SessionCache({ ttlMs: 5_000, now: clock });
    for (const [hash, user] of [
      ['a', '1'],
      ['b', '1'],
      ['c', '2'],
    ] as const) {
      cache.put(cache.mark(), session(hash, user));
    }
    cache.forgetToken('c');
    expect(cache.get('c')).toBeUndefined();
    cache.forgetUser('1');
    expect(cache.size).toBe(0);
  });

  it('does not store a lookup that began before a revocation', () => {
    const cache = new SessionCache({ ttlMs: 5_000, now: clock });
    const mark = cache.mark(); // the lookup reads the row, still active…
    cache.forgetUser('1'); // …the revocation commits and is forgotten…
    cache.put(mark, session('a', '1')); // …and the stale answer must not come back.
    expect(cache.get('a')).toBeUndefined();
    cache.put(cache.mark(), session('a', '1'));
    expect(cache.get('a')).toBeDefined();
  });

  it('reaches every cache registered on a database, and none after unregistering', () => {
    const db = {} as Database;
    const first = new SessionCache({ ttlMs: 5_000, now: clock });
    const second = new SessionCache({ ttlMs: 5_000, now: clock });
    const unregisterFirst = registerSessionCache(db, first);
    registerSessionCache(db, second);
    for (const cache of [first, second]) {
      cache.put(cache.mark(), session('a', '1'));
      cache.put(cache.mark(), session('b', '2'));
    }
    forgetCachedSession(db, 'a');
    forgetCachedUserSessions(db, '2');
    expect([first.size, second.size]).toEqual([0, 0]);
    unregisterFirst();
    first.put(first.mark(), session('a', '1'));
    forgetCachedSession(db, 'a');
    expect(first.size).toBe(1);
    forgetCachedSession({} as Database, 'x'); // a database nobody registered: nothing to do
  });
});

const TTL_MS = 5_000;
const DETAIL = apiPath('user', 'detail');
const PAGE = apiPath('user', 'page');

describeBackends('session cache in the app', (backend) => {
  const t = useTestApp(backend, {
    seed: false,
    sessionCacheMs: TTL_MS,
    prepare: async (db) => {
      await db.insert(users).values({
        id: '0',
        userName: 'admin',
        role: 'admin',
        passwordHash: await hashPassword('admin'),
      });
      for (let i = 1; i <= 8; i++) await addUser(db, String(i), `member${i}`);
    },
  });

  // Only Date is faked: the database drivers and Fastify keep their real timers.
  let clock = 0;
  beforeEach(() => {
    clock = Date.now();
    vi.useFakeTimers({ toFake: ['Date'], now: clock });
    lookups.mockClear();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const advance = (ms: number) => {
    clock += ms;
    vi.setSystemTime(clock);
  };

  const detail = (token: string, id: string) => t.post(DETAIL, { id }, { token });
  const code = async (answer: Promise<{ body: { code: number } }>) => (await answer).body.code;
  const versionOf = async (id: string) =>
    (await t.db.select({ version: users.version }).from(users).where(eq(users.id, id)))[0]!.version;

  it('asks the database once per token within the TTL', async () => {
    const token = await t.login('member1');
    expect(lookups).toHaveBeenCalledTimes(0);
    for (let i = 0; i < 5; i++) expect(await code(detail(token, '1'))).toBe(Code.OK);
    expect(lookups).toHaveBeenCalledTimes(1);
    // Another token of the same account is its own entry.
    const other = await t.login('member1');
    expect(await code(detail(other, '1'))).toBe(Code.OK);
    expect(lookups).toHaveBeenCalledTimes(2);
  });

  it('ends a session at logout, on the very next request', async () => {
    const token = await t.login('member2');
    expect(await code(detail(token, '2'))).toBe(Code.OK);
    expect(await code(t.post(apiPath('user', 'logout'), undefined, { token }))).toBe(Code.OK);
    const after = await detail(token, '2');
    expect(after.status).toBe(401);
    expect(after.body.code).toBe(Code.SESSION_ENDED);
  });

  it("ends a disabled account's cached sessions at once", async () => {
    const admin = await t.login('admin');
    const member = await t.login('member3');
    expect(await code(detail(member, '3'))).toBe(Code.OK);
    expect(await code(t.post(apiPath('user', 'disable'), { id: '3' }, { token: admin }))).toBe(
      Code.OK,
    );
    expect(await code(detail(member, '3'))).toBe(Code.SESSION_ENDED);
  });

  it('applies a new role from the next request, promotion and demotion alike', async () => {
    const admin = await t.login('admin');
    const member = await t.login('member4');
    const update = async (role: 'admin' | 'user') =>
      code(
        t.post(
          apiPath('user', 'update'),
          { id: '4', version: await versionOf('4'), role },
          { token: admin },
        ),
      );
    expect(await code(t.post(PAGE, {}, { token: member }))).toBe(Code.FORBIDDEN);
    expect(await update('admin')).toBe(Code.OK);
    expect(await code(t.post(PAGE, {}, { token: member }))).toBe(Code.OK);
    expect(await update('user')).toBe(Code.OK);
    expect(await code(t.post(PAGE, {}, { token: member }))).toBe(Code.FORBIDDEN);
  });

  it("ends an account's other sessions when it changes its password, and all at an admin's reset", async () => {
    const first = await t.login('member5');
    const second = await t.login('member5');
    expect(await code(detail(first, '5'))).toBe(Code.OK);
    expect(await code(detail(second, '5'))).toBe(Code.OK);
    const change = t.post(
      apiPath('user', 'password'),
      { oldPassword: 'member5', newPassword: 'NewPassword5' },
      { token: first },
    );
    expect(await code(change)).toBe(Code.OK);
    expect(await code(detail(second, '5'))).toBe(Code.SESSION_ENDED);
    expect(await code(detail(first, '5'))).toBe(Code.OK);

    const admin = await t.login('admin');
    const reset = t.post(
      apiPath('user', 'reset-password'),
      { id: '5', password: 'OtherPassword5' },
      { token: admin },
    );
    expect(await code(reset)).toBe(Code.OK);
    expect(await code(detail(first, '5'))).toBe(Code.SESSION_ENDED);
  });

  it('sees a revocation it was not told about once the TTL has passed', async () => {
    const token = await t.login('member6');
    expect(await code(detail(token, '6'))).toBe(Code.OK);
    // The session ends without a notification (triggers off, as while the channel is not
    // listened to): this server's cache is not told.
    // (revocation-channel.test.ts: an announced revocation reaches every server at once.)
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx
        .update(sessions)
        .set({ revokedAt: new Date() })
        .where(eq(sessions.tokenHash, hashToken(token)));
    });
    advance(TTL_MS - 1);
    expect(await code(detail(token, '6'))).toBe(Code.OK);
    expect(lookups).toHaveBeenCalledTimes(1);
    advance(1);
    expect(await code(detail(token, '6'))).toBe(Code.SESSION_ENDED);
    expect(lookups).toHaveBeenCalledTimes(2);
  });

  it('answers expired for a session that expires inside the TTL', async () => {
    const token = await t.login('member7');
    await t.db
      .update(sessions)
      .set({ expiresAt: new Date(clock + 1_000) })
      .where(eq(sessions.tokenHash, hashToken(token)));
    expect(await code(detail(token, '7'))).toBe(Code.OK);
    advance(999);
    expect(await code(detail(token, '7'))).toBe(Code.OK);
    advance(1);
    const expired = await detail(token, '7');
    expect(expired.status).toBe(401);
    expect(expired.body.code).toBe(Code.TOKEN_EXPIRED);
  });

  it('asks the database on every request with a TTL of 0', async () => {
    const app = await buildApp({ db: t.db, sessionCacheMs: 0 });
    try {
      await app.ready();
      const token = await t.login('member8');
      for (let i = 0; i < 3; i++) {
        const answer = await app.inject({
          method: 'POST',
          url: DETAIL,
          headers: { authorization: `Bearer ${token}` },
          payload: { id: '8' },
        });
        expect(answer.json().code).toBe(Code.OK);
      }
      expect(lookups).toHaveBeenCalledTimes(3);
    } finally {
      await app.close();
    }
  });
});
