import { eq, sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { describeBackends } from '../test/backends';
import { useTestApp } from '../test/harness';
import type { Database } from './client';
import { pruneExpired, scheduleRetention, type RetentionCounts } from './retention';
import { promptCalls, recordMessages, records } from './schema';

/**
 * Retention: old calls and sessions go in batches, their messages with them, and the
 * statistics keep what they counted. Fixtures live in 2020 under their own scene, where the
 * demo seed has nothing.
 */
const SCENE = 'retention-fx';
const OLD_CALLS = ['2020-01-05T01:00:00Z', '2020-01-05T02:00:00Z', '2020-02-01T10:00:00Z'];
const OLD_CALLS_MORE = ['2020-03-01T10:00:00Z', '2020-05-31T23:59:00Z'];
const NEW_CALLS = ['2020-06-01T00:01:00Z', '2020-07-01T00:00:00Z'];
const OLD_SESSIONS = ['2020-01-10T00:00:00Z', '2020-02-10T00:00:00Z', '2020-05-01T00:00:00Z'];
const NEW_SESSIONS = ['2020-06-15T00:00:00Z'];
// 30 days after the cut-off: rows before 2020-06-01 00:00 UTC are past a 30-day retention.
const NOW = new Date('2020-07-01T00:00:00Z');

async function insertCall(db: Database, at: string, user: string) {
  await db.insert(promptCalls).values({
    title: 'retention fixture',
    question: 'q',
    callTime: new Date(at),
    userId: user,
    promptTokens: 100,
    completionTokens: 10,
    totalTokens: 110,
    sceneCode: SCENE,
    modelType: 'WINGPT',
    modelVersion: 'retention-model',
  });
}

async function insertSession(db: Database, at: string) {
  const [row] = await db
    .insert(records)
    .values({
      chatId: `retention-${Math.random().toString(36).slice(2)}`,
      title: 'retention fixture',
      sceneCode: SCENE,
      createdAt: new Date(at),
      modifiedAt: new Date(at),
    })
    .returning({ id: records.id });
  const id = (row as { id: number }).id;
  await db.insert(recordMessages).values([
    { recordId: id, seq: 1, role: 'user', content: 'hello', createdAt: new Date(at) },
    { recordId: id, seq: 2, role: 'assistant', content: 'hi', createdAt: new Date(at) },
  ]);
  return id;
}

/** The scene's statistics in every rollup the statistics read. */
async function statisticsOf(db: Database) {
  const one = async (query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows[0];
  return {
    hourly: await one(sql`select sum(calls)::int as calls, sum(prompt_tokens)::int as tokens,
      sum(chats)::int as chats from stat_hourly where scene_code = ${SCENE}`),
    daily:
      await one(sql`select sum(calls)::int as calls, sum(chats)::int as chats, sum(cost) as cost
      from stat_daily where scene_code = ${SCENE}`),
    users: await one(sql`select count(*)::int as pairs, sum(calls)::int as calls
      from stat_daily_users where scene_code = ${SCENE}`),
  };
}

describeBackends('retention', (backend) => {
  const t = useTestApp(backend);
  let oldSessionIds: number[] = [];
  beforeAll(async () => {
    for (const at of [...OLD_CALLS, ...OLD_CALLS_MORE]) await insertCall(t.db, at, 'u-old');
    for (const at of NEW_CALLS) await insertCall(t.db, at, 'u-new');
    oldSessionIds = [];
    for (const at of OLD_SESSIONS) oldSessionIds.push(await insertSession(t.db, at));
    for (const at of NEW_SESSIONS) await insertSession(t.db, at);
  });

  const calls = async () =>
    (
      await t.db
        .select({ at: promptCalls.callTime })
        .from(promptCalls)
        .where(eq(promptCalls.sceneCode, SCENE))
    )
      // Resource tables are derived from declarations: their columns read as unknown.
      .map((r) => new Date(r.at as string | Date).toISOString().replace('.000Z', 'Z'))
      .sort();

  it('deletes old calls and sessions in batches, with their messages; the statistics keep them', async () => {
    const before = await statisticsOf(t.db);
    expect(before.hourly).toMatchObject({ calls: 7, tokens: 700, chats: 4 });

    const counts = await pruneExpired(t.db, { callDays: 30, sessionDays: 30, batchRows: 2 }, NOW);
    // Five old calls in batches of two (2 + 2 + 1), three old sessions (2 + 1).
    expect(counts).toEqual({ calls: 5, sessions: 3 });
    expect(await calls()).toEqual(NEW_CALLS);
    const sessions = await t.db
      .select({ id: records.id })
      .from(records)
      .where(eq(records.sceneCode, SCENE));
    expect(sessions).toHaveLength(NEW_SESSIONS.length);
    const orphans = await t.db.execute(
      sql`select count(*)::int as n from record_messages where record_id in (${sql.join(
        oldSessionIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
    expect((orphans as unknown as { rows: { n: number }[] }).rows[0]?.n).toBe(0);

    // Every rollup still counts the deleted rows.
    expect(await statisticsOf(t.db)).toEqual(before);

    // A second round finds nothing more.
    expect(await pruneExpired(t.db, { callDays: 30, sessionDays: 30 }, NOW)).toEqual({
      calls: 0,
      sessions: 0,
    });
  });

  it('leaves any other delete taking its rows out of the statistics', async () => {
    const before = await statisticsOf(t.db);
    await t.db
      .delete(promptCalls)
      .where(sql`${promptCalls.sceneCode} = ${SCENE} and ${promptCalls.callTime} > '2020-06-30'`);
    const after = await statisticsOf(t.db);
    expect(after.hourly).toMatchObject({ calls: Number(before.hourly?.calls) - 1 });
    expect(after.daily).toMatchObject({ calls: Number(before.daily?.calls) - 1 });
  });

  it('keeps everything at 0 days, and runs rounds on a schedule until stopped', async () => {
    expect(await pruneExpired(t.db, { callDays: 0, sessionDays: 0 }, NOW)).toEqual({
      calls: 0,
      sessions: 0,
    });
    const rounds: RetentionCounts[] = [];
    const stop = scheduleRetention(
      t.db,
      // Nothing is a hundred thousand days old: a round that deletes nothing.
      { callDays: 100_000, sessionDays: 100_000 },
      { intervalMs: 20, onRound: (c) => rounds.push(c), onError: (e) => rounds.push(e as never) },
    );
    await expect.poll(() => rounds.length, { timeout: 5_000 }).toBeGreaterThanOrEqual(2);
    await stop();
    const seen = rounds.length;
    await new Promise((r) => setTimeout(r, 100));
    expect(rounds.length).toBe(seen);
    expect(rounds[0]).toEqual({ calls: 0, sessions: 0 });
    expect(await calls()).toEqual([NEW_CALLS[0]]);
  });
});
