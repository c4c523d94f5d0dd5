import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  DEFAULT_TIME_ZONE,
  todayIn,
  type StatisticQuery,
} from '../../contract/statistics';
import type { Database } from '../db/client';
import { promptCalls } from '../db/schema';
import { describeBackends, POSTGRES_SKIP_REASON, testBackends } from '../test/backends';
import { useTestApp } from '../test/harness';
import { holdTableLock } from '../test/table-lock';
import { cost, sceneList, sceneSeries } from './answers';
import { pastCacheOf, pastCutoff, setPastCache, splitAtCutoff } from './past-cache';
import { RAW_USERS_TIMEOUT_MS } from './rollup-query';

describe('splitAtCutoff', () => {
  const q = (startDate: string, endDate: string, timeZone = DEFAULT_TIME_ZONE): StatisticQuery => ({
    startDate,
    endDate,
    granularity: 'day',
    timeZone,
  });
  it('keeps the days up to the cutoff apart from the live ones', () => {
    expect(splitAtCutoff(q('2026-01-01', '2026-01-31'), '2026-01-20')).toEqual({
      past: q('2026-01-01', '2026-01-20'),
      live: q('2026-01-21', '2026-01-31'),
    });
    expect(splitAtCutoff(q('2026-01-01', '2026-01-20'), '2026-01-20')).toEqual({
      past: q('2026-01-01', '2026-01-20'),
    });
    expect(splitAtCutoff(q('2026-01-21', '2026-01-31'), '2026-01-20')).toEqual({
      live: q('2026-01-21', '2026-01-31'),
    });
  });
  it('splits another zone at the same platform day (migration 0012 covers its hours)', () => {
    expect(splitAtCutoff(q('2026-01-01', '2026-01-31', 'UTC'), '2026-01-20')).toEqual({
      past: q('2026-01-01', '2026-01-20', 'UTC'),
      live: q('2026-01-21', '2026-01-31', 'UTC'),
    });
  });
  it('puts the cutoff two days before today in the platform zone', () => {
    // 2026-03-10 01:00 in Shanghai is still 9 March in UTC.
    expect(pastCutoff(new Date('2026-03-09T17:00:00Z'))).toBe('2026-03-08');
  });
});

describe('the past cache', () => {
  it('drops the oldest entries beyond its row budget, and a part of another version', () => {
    const cache = pastCacheOf<number>({} as Database, 'usage', 5);
    cache.set('a', 1, [1, 2, 3]);
    cache.set('b', 1, [4, 5]);
    expect(cache.get('a', 1)).toEqual([1, 2, 3]);
    // 'a' was used last: 'b' goes when 'c' comes.
    cache.set('c', 1, [6, 7]);
    expect(cache.get('b', 1)).toBeUndefined();
    expect(cache.get('a', 1)).toEqual([1, 2, 3]);
    expect(cache.get('c', 2)).toBeUndefined();
    expect(cache.get('c', 1)).toBeUndefined();
    cache.set('big', 1, [1, 2, 3, 4, 5, 6]);
    expect(cache.get('big', 1)).toBeUndefined();
  });
});

describeBackends('statistics past cache', (backend) => {
  const t = useTestApp(backend, { seed: false });
  const today = todayIn(DEFAULT_TIME_ZONE, new Date());
  // Noon in Shanghai of a day `n` days back: clear of either midnight.
  const at = (n: number) => new Date(`${addDays(today, -n)}T04:00:00Z`);
  const call = (n: number, scene = 'pc-a', user = 'pu1', time = at(n)) =>
    t.db.insert(promptCalls).values({
      title: 'past cache',
      question: 'q',
      callTime: time,
      userId: user,
      promptTokens: 10,
      completionTokens: 5,
      totalTokens: 15,
      sceneCode: scene,
      modelType: 'WINGPT',
      modelVersion: 'pc-model',
    });
  const version = async (db: Database) => {
    const { rows } = (await db.execute(
      sql`select version::int as v from stat_past_version where id = 1`,
    )) as unknown as { rows: { v: number }[] };
    return rows[0]!.v;
  };
  const month: StatisticQuery = {
    startDate: addDays(today, -29),
    endDate: today,
    granularity: 'day',
    timeZone: DEFAULT_TIME_ZONE,
  };
  const uncached = async <T>(answer: () => Promise<T>) => {
    setPastCache(t.db, false);
    try {
      return await answer();
    } finally {
      setPastCache(t.db, true);
    }
  };
  const sameAsUncached = async () => {
    for (const q of [month, { ...month, granularity: 'week' as const }]) {
      const series = await sceneSeries(t.db, q, 'calls');
      expect(series).toEqual(await uncached(() => sceneSeries(t.db, q, 'calls')));
      expect(await sceneList(t.db, q)).toEqual(await uncached(() => sceneList(t.db, q)));
      const spent = await cost(t.db, q);
      expect(spent).toEqual(await uncached(() => cost(t.db, q)));
    }
  };

  it('bumps the version for a write before today, not for one of today', async () => {
    // Each rollup the write changes (stat_daily, stat_hourly, stat_daily_users) bumps it once.
    const start = await version(t.db);
    await call(0);
    expect(await version(t.db)).toBe(start);
    await call(5);
    const inserted = await version(t.db);
    expect(inserted).toBeGreaterThan(start);
    await t.db.execute(sql`update prompt_calls set prompt_tokens = 11 where title = 'past cache'`);
    const updated = await version(t.db);
    expect(updated).toBeGreaterThan(inserted);
    await t.db.execute(sql`delete from prompt_calls where title = 'past cache'`);
    expect(await version(t.db)).toBeGreaterThan(updated);
  });

  it('bumps it for an hour moved within a platform day and for a call given to another user', async () => {
    // 07:30 in Shanghai is 23:30 UTC the day before: moved to 08:30, the call keeps its platform
    // day (stat_daily nets to nothing) but changes its UTC day.
    const day = addDays(today, -5);
    await call(5, 'pc-m', 'pu-m', new Date(`${addDays(day, -1)}T23:30:00Z`));
    const before = await version(t.db);
    await t.db.execute(sql`update prompt_calls set call_time = ${`${day}T00:30:00Z`}::timestamptz
      where scene_code = 'pc-m'`);
    const moved = await version(t.db);
    expect(moved).toBeGreaterThan(before);
    // Another user, same hour and scene: only stat_daily_users changes.
    await t.db.execute(sql`update prompt_calls set user_id = 'pu-n' where scene_code = 'pc-m'`);
    expect(await version(t.db)).toBeGreaterThan(moved);
  });

  it("caches another zone's past and a past range's users whole, until the past changes", async () => {
    const utcMonth: StatisticQuery = { ...month, timeZone: 'UTC' };
    const past: StatisticQuery = { ...month, endDate: addDays(today, -3) };
    await call(12, 'pc-u', 'pu-1');
    await call(8, 'pc-u', 'pu-2');
    await call(0, 'pc-u', 'pu-3');
    const usersOf = async (q: StatisticQuery) =>
      (await sceneList(t.db, q)).list.find((r) => r.sceneCode === 'pc-u')?.users;
    for (const q of [utcMonth, past, { ...past, timeZone: 'UTC' }]) {
      expect(await sceneList(t.db, q)).toEqual(await uncached(() => sceneList(t.db, q)));
      expect(await sceneSeries(t.db, q, 'calls')).toEqual(
        await uncached(() => sceneSeries(t.db, q, 'calls')),
      );
    }
    expect(await usersOf(past)).toBe(2);
    const utcPast: StatisticQuery = { ...past, timeZone: 'UTC' };
    expect(await usersOf(utcPast)).toBe(2);

    // A call the triggers do not see (replica role), in the range's first hours, which another
    // zone reads from the raw calls: a recount finds its user; the cached answer, read under an
    // unchanged version, does not.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.insert(promptCalls).values({
        title: 'hidden',
        question: 'q',
        callTime: new Date(`${past.startDate}T02:00:00Z`),
        userId: 'pu-hidden',
        sceneCode: 'pc-u',
        modelType: 'WINGPT',
        modelVersion: 'pc-model',
      });
    });
    expect(await usersOf(utcPast)).toBe(2);
    expect(await uncached(() => usersOf(utcPast))).toBe(3);

    // A past call through the triggers bumps the version: both counts are read again.
    await call(7, 'pc-u', 'pu-4');
    expect(await usersOf(past)).toBe(3);
    expect(await usersOf(utcPast)).toBe(4);
    await t.db.execute(sql`delete from prompt_calls where title = 'hidden'`);
  });

  it('answers from the cache until a past day changes, and reads the last days live', async () => {
    await call(10);
    await call(10, 'pc-b', 'pu2');
    await call(3);
    await call(1);
    await call(0);
    await sameAsUncached();
    const daysBack = (series: Awaited<ReturnType<typeof sceneSeries>>, n: number) =>
      series.series.find((s) => s.key === 'pc-a')!.values[29 - n];
    const first = await sceneSeries(t.db, month, 'calls');
    expect(daysBack(first, 10)).toBe(1);

    // A change the triggers do not see (replica role) stays out of the cached answer: proof that
    // the past came from the cache.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update stat_daily_scene set calls = calls + 100
        where scene_code = 'pc-a' and day = ${addDays(today, -10)}::date`);
    });
    expect(daysBack(await sceneSeries(t.db, month, 'calls'), 10)).toBe(1);
    expect(daysBack(await uncached(() => sceneSeries(t.db, month, 'calls')), 10)).toBe(101);

    // Today's calls are read live, with no bump: the past still comes from the cache.
    await call(0);
    const live = await sceneSeries(t.db, month, 'calls');
    expect([daysBack(live, 10), daysBack(live, 1), daysBack(live, 0)]).toEqual([1, 1, 2]);

    // A call ten days back bumps the version: the past is read again.
    await call(10);
    expect(daysBack(await sceneSeries(t.db, month, 'calls'), 10)).toBe(102);
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(sql`update stat_daily_scene set calls = calls - 100
        where scene_code = 'pc-a' and day = ${addDays(today, -10)}::date`);
    });
    await call(20, 'pc-c', 'pu3');
    await sameAsUncached();
  });
});

const postgres = testBackends().find((b) => b.name === 'postgres');
if (!postgres) {
  describe('a past range counted past its time [postgres]', () =>
    it.skip(POSTGRES_SKIP_REASON, () => {}));
} else {
  describe('a past range counted past its time [postgres]', () => {
    const t = useTestApp(postgres, { seed: false });
    const today = todayIn(DEFAULT_TIME_ZONE, new Date());

    it('answers inexact once, then from the cache without waiting for the raw count again', async () => {
      await t.db.insert(promptCalls).values({
        title: 'slow',
        question: 'q',
        callTime: new Date(`${addDays(today, -10)}T04:00:00Z`),
        userId: 'pt-1',
        sceneCode: 'pc-t',
        modelType: 'WINGPT',
        modelVersion: 'pc-model',
      });
      const q: StatisticQuery = {
        startDate: addDays(today, -20),
        endDate: addDays(today, -5),
        granularity: 'day',
        timeZone: 'UTC',
      };
      // Another session holds the calls table: another zone's raw count waits for it until
      // RAW_USERS_TIMEOUT_MS, then the platform days' bitmaps answer, marked inexact.
      const release = await holdTableLock(t.db, 'prompt_calls');
      try {
        let started = performance.now();
        const first = await sceneList(t.db, q);
        expect(performance.now() - started).toBeGreaterThanOrEqual(RAW_USERS_TIMEOUT_MS - 100);
        expect(first.usersExact).toBe(false);
        expect(first.list.find((r) => r.sceneCode === 'pc-t')?.users).toBe(1);
        started = performance.now();
        expect(await sceneList(t.db, q)).toEqual(first);
        expect(performance.now() - started).toBeLessThan(RAW_USERS_TIMEOUT_MS / 2);
      } finally {
        await release();
      }
    });
  });
}
