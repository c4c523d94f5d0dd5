import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiPath } from '../../contract/api';
import { Code } from '../../contract/envelope';
import {
  STATISTIC_CALLS,
  todayIn,
  type CostAnswer,
  type SceneListAnswer,
  type SeriesAnswer,
  type StatisticQueryInput,
  type TokensAnswer,
} from '../../contract/statistics';
import { modelVersionPrices, modelVersions, promptCalls, scenes } from '../db/schema';
import { describeBackends } from '../test/backends';
import { useTestApp } from '../test/harness';
import { cost as costOf } from './answers';
import {
  costOfCall,
  FIXTURE_CALLS,
  insertCall,
  insertChat,
  MODEL,
  OTHER,
  PRICE_AFTER,
  PRICE_BEFORE,
  PRICE_CHANGE,
  sumOf,
} from './test-calls';

/** The statistics calls against hand-computed fixtures (test-calls.ts). */
const close = (a: number, b: number) => expect(a).toBeCloseTo(b, 6);

describeBackends('statistics', (backend) => {
  const t = useTestApp(backend);
  let token = '';
  let admin = '';
  const ask = async <T>(call: keyof typeof STATISTIC_CALLS, body: StatisticQueryInput) => {
    const answer = await t.post(apiPath(...STATISTIC_CALLS[call]), body, { token });
    expect(answer.body.code, JSON.stringify(answer.body)).toBe(Code.OK);
    return answer.body.data as T;
  };
  const march = { startDate: '2020-03-01', endDate: '2020-03-31' } as const;

  beforeAll(async () => {
    token = await t.login('user');
    admin = await t.login('admin');
    const [first, second] = await t.db
      .insert(modelVersions)
      .values([
        { ...MODEL, name: 'Fixture', promptPrice: PRICE_BEFORE.prompt, completionPrice: 4 },
        { ...OTHER, name: 'Fixture 2', promptPrice: 1, completionPrice: 1 },
      ])
      .returning({ id: modelVersions.id });
    expect(second).toBeDefined();
    await t.db.insert(modelVersionPrices).values({
      modelVersionId: first!.id,
      effectiveFrom: new Date(PRICE_CHANGE),
      promptPrice: PRICE_AFTER.prompt,
      completionPrice: PRICE_AFTER.completion,
    });
    await t.db.insert(scenes).values([
      { sceneName: '夹具 A', sceneCode: 'fx-a', type: 1 },
      { sceneName: '夹具 B', sceneCode: 'fx-b', type: 0, monthlyBudget: 100 },
    ]);
    for (const c of FIXTURE_CALLS) await insertCall(t.db, c);
    await insertChat(t.db, '2020-03-01T15:59:00Z', 'fx-a');
    await insertChat(t.db, '2020-03-01T16:01:00Z', 'fx-a');
    await insertChat(t.db, '2020-03-10T08:00:00Z', 'fx-b');
  });

  it('prices each call at its call time: the price change splits the range', async () => {
    const rows = await t.db
      .select({ cost: promptCalls.cost, at: promptCalls.callTime })
      .from(promptCalls)
      .where(sql`${promptCalls.sceneCode} like 'fx-%'`)
      .orderBy(promptCalls.callTime);
    expect(rows.map((r) => Number(r.cost))).toEqual(
      [...FIXTURE_CALLS].sort((a, b) => a.at.localeCompare(b.at)).map(costOfCall),
    );
  });

  it('totals per scene with distinct users, chats and cost (Asia/Shanghai)', async () => {
    const answer = await ask<SceneListAnswer>('sceneList', march);
    const a = answer.list.find((r) => r.sceneCode === 'fx-a')!;
    const b = answer.list.find((r) => r.sceneCode === 'fx-b')!;
    const callsA = FIXTURE_CALLS.filter((c) => c.scene === 'fx-a');
    const callsB = FIXTURE_CALLS.filter((c) => c.scene === 'fx-b');
    expect(a).toMatchObject({
      sceneName: '夹具 A',
      calls: 3,
      promptTokens: 1300,
      completionTokens: 1150,
      totalTokens: 2450,
      chats: 2,
      users: 2,
    });
    close(a.cost, sumOf(callsA, costOfCall));
    // The last call of fx-b is 1 April in Shanghai: outside March.
    expect(b).toMatchObject({ calls: 3, chats: 1, users: 2, promptTokens: 1017 });
    close(b.cost, sumOf(callsB.slice(0, 3), costOfCall));
    expect(answer.totals).toMatchObject({ calls: 6, chats: 3, users: 3 });
    // Idle live scenes are listed too, with zeros, after the busy ones.
    expect(answer.list.length).toBeGreaterThan(2);
    expect(answer.list.at(-1)!.calls).toBe(0);
  });

  it('the same range in UTC moves the boundary calls and counts users from the raw rows', async () => {
    const answer = await ask<SceneListAnswer>('sceneList', { ...march, timeZone: 'UTC' });
    const b = answer.list.find((r) => r.sceneCode === 'fx-b')!;
    // 23:00 UTC on 31 March is inside March in UTC.
    expect(b).toMatchObject({ calls: 4, users: 2 });
    expect(answer.totals).toMatchObject({ calls: 7, users: 3 });
    expect(answer.usersExact).toBe(true);
  });

  it('day buckets: one per day, zeros where nothing happened, boundaries in the zone', async () => {
    const range = { startDate: '2020-03-01', endDate: '2020-03-07' };
    const sh = await ask<SeriesAnswer>('sceneTimes', { ...range, sceneCode: 'fx-a' });
    expect(sh.buckets).toEqual([
      '2020-03-01',
      '2020-03-02',
      '2020-03-03',
      '2020-03-04',
      '2020-03-05',
      '2020-03-06',
      '2020-03-07',
    ]);
    expect(sh.series).toEqual([{ key: 'fx-a', name: '夹具 A', values: [1, 1, 0, 0, 0, 0, 0] }]);
    expect(sh.total).toEqual([1, 1, 0, 0, 0, 0, 0]);
    const utc = await ask<SeriesAnswer>('sceneTimes', {
      ...range,
      sceneCode: 'fx-a',
      timeZone: 'UTC',
    });
    expect(utc.series[0]!.values).toEqual([2, 0, 0, 0, 0, 0, 0]);
    const chats = await ask<SeriesAnswer>('sceneChatTimes', { ...range, sceneCode: 'fx-a' });
    expect(chats.total).toEqual([1, 1, 0, 0, 0, 0, 0]);
    const chatsUtc = await ask<SeriesAnswer>('sceneChatTimes', {
      ...range,
      sceneCode: 'fx-a',
      timeZone: 'UTC',
    });
    expect(chatsUtc.total).toEqual([2, 0, 0, 0, 0, 0, 0]);
  });

  it('week buckets start on Monday; month buckets split at the zone’s midnight', async () => {
    const weeks = await ask<SeriesAnswer>('sceneTimes', {
      startDate: '2020-03-01',
      endDate: '2020-03-08',
      granularity: 'week',
      sceneCode: 'fx-a',
    });
    expect(weeks.buckets).toEqual(['2020-02-24', '2020-03-02']);
    expect(weeks.total).toEqual([1, 1]);
    const weeksUtc = await ask<SeriesAnswer>('sceneTimes', {
      startDate: '2020-03-01',
      endDate: '2020-03-08',
      granularity: 'week',
      sceneCode: 'fx-a',
      timeZone: 'UTC',
    });
    expect(weeksUtc.total).toEqual([2, 0]);
    const months = {
      startDate: '2020-03-01',
      endDate: '2020-04-30',
      granularity: 'month',
    } as const;
    const sh = await ask<SeriesAnswer>('sceneTokens', { ...months, sceneCode: 'fx-b' });
    expect(sh.buckets).toEqual(['2020-03-01', '2020-04-01']);
    expect(sh.total).toEqual([1000 + 10 + 20, 40]);
    const utc = await ask<SeriesAnswer>('sceneTokens', {
      ...months,
      sceneCode: 'fx-b',
      timeZone: 'UTC',
    });
    expect(utc.total).toEqual([1000 + 10 + 20 + 40, 0]);
  });

  it('the model filter narrows calls, tokens and cost but not chats', async () => {
    const answer = await ask<SceneListAnswer>('sceneList', {
      ...march,
      modelVersion: OTHER.version,
    });
    const b = answer.list.find((r) => r.sceneCode === 'fx-b')!;
    expect(b).toMatchObject({ calls: 1, promptTokens: 7, completionTokens: 3, users: 1, chats: 1 });
    close(b.cost, 0.01);
    const tokens = await ask<TokensAnswer>('tokens', { ...march, sceneCode: 'fx-b' });
    expect(tokens.models.map((m) => [m.modelVersion, m.totalTokens])).toEqual([
      [MODEL.version, 1020],
      [OTHER.version, 10],
    ]);
    expect(tokens.series.map((s) => s.key)).toEqual(['prompt', 'completion']);
    expect(tokens.series[0]!.values[2]).toBe(1007);
  });

  it('cost per bucket, per model and per scene; a price change later rewrites nothing', async () => {
    const before = await ask<CostAnswer>('cost', { ...march, sceneCode: 'fx-a' });
    close(before.total[19]!, costOfCall(FIXTURE_CALLS[4]!));
    const mv = await t.db
      .select({ id: modelVersions.id })
      .from(modelVersions)
      .where(sql`${modelVersions.version} = ${MODEL.version}`);
    const changed = await t.post(
      apiPath('model', 'version', 'update'),
      { id: mv[0]!.id, promptPrice: 1000 },
      { token: admin },
    );
    expect(changed.body.code).toBe(Code.OK);
    const after = await ask<CostAnswer>('cost', { ...march, sceneCode: 'fx-a' });
    expect(after.total).toEqual(before.total);
    expect(after.scenes).toHaveLength(1);
    close(
      after.scenes[0]!.cost,
      sumOf(
        FIXTURE_CALLS.filter((c) => c.scene === 'fx-a'),
        costOfCall,
      ),
    );
    // A call made now is priced at the new price.
    const now = await insertCall(t.db, {
      at: new Date().toISOString(),
      scene: 'fx-b',
      prompt: 1000,
      completion: 0,
    });
    close(Number(now.cost), 1000);
  });

  it('a monthly budget shows the share used this month', async () => {
    const today = todayIn('Asia/Shanghai');
    const answer = await costOf(
      t.db,
      {
        startDate: today,
        endDate: today,
        granularity: 'day',
        timeZone: 'Asia/Shanghai',
        sceneCode: 'fx-b',
      },
      new Date(),
    );
    const b = answer.scenes[0]!;
    expect(b.monthlyBudget).toBe(100);
    expect(b.monthCost).toBeGreaterThanOrEqual(1000);
    expect(b.budgetShare).toBeCloseTo(b.monthCost / 100, 4);
  });

  it('leaves out the console’s own playground runs when asked, and counts them otherwise', async () => {
    const platform = {
      at: '2020-04-02T04:00:00Z',
      scene: 'fx-t',
      user: 'u1',
      prompt: 100,
      completion: 50,
    };
    const trials = [
      { at: '2020-04-02T05:00:00Z', scene: 'fx-t', user: 'u2', prompt: 1000, completion: 1000 },
      { at: '2020-04-07T05:00:00Z', scene: 'fx-t', user: 'u2', prompt: 10, completion: 10 },
    ];
    await insertCall(t.db, platform);
    for (const c of trials) await insertCall(t.db, c, { source: 'playground' });
    const april = { startDate: '2020-04-01', endDate: '2020-04-30', sceneCode: 'fx-t' } as const;
    const all = await ask<SceneListAnswer>('sceneList', april);
    expect(all.list[0]).toMatchObject({ calls: 3, promptTokens: 1110, completionTokens: 1060 });
    const own = await ask<SceneListAnswer>('sceneList', { ...april, excludeTrials: true });
    expect(own.list[0]).toMatchObject({ calls: 1, promptTokens: 100, completionTokens: 50 });
    close(own.list[0]!.cost, costOfCall(platform));
    for (const granularity of ['day', 'week', 'month'] as const) {
      const cost = await ask<CostAnswer>('cost', { ...april, granularity, excludeTrials: true });
      close(
        cost.total.reduce((a, b) => a + b, 0),
        costOfCall(platform),
      );
      const times = await ask<SeriesAnswer>('sceneTimes', { ...april, granularity });
      expect(times.series[0]!.values.reduce((a, b) => a + b, 0)).toBe(3);
    }
  });

  describe('validation', () => {
    const invalid = async (body: unknown, field: string, message: RegExp) => {
      const answer = await t.post(apiPath(...STATISTIC_CALLS.sceneTimes), body, {
        token,
        lang: 'en-US',
      });
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe(Code.INVALID);
      const issues = (answer.body.data as { issues: { field: string; message: string }[] }).issues;
      expect(issues.find((i) => i.field === field)?.message, JSON.stringify(issues)).toMatch(
        message,
      );
    };
    it('refuses an end before the start, a range over 366 days, a bad date or zone', async () => {
      await invalid({ startDate: '2020-03-02', endDate: '2020-03-01' }, 'endDate', /before/);
      await invalid({ startDate: '2020-01-01', endDate: '2021-01-01' }, 'endDate', /366/);
      await invalid({ startDate: '2020-02-30', endDate: '2020-03-01' }, 'startDate', /YYYY-MM-DD/);
      await invalid({ ...march, timeZone: 'Mars/Olympus' }, 'timeZone', /IANA/);
      await invalid({ ...march, granularity: 'year' }, 'granularity', /day/);
      // 2020 is a leap year: 366 days is the most a range may span.
      const full = await t.post(
        apiPath(...STATISTIC_CALLS.sceneTimes),
        { startDate: '2020-01-01', endDate: '2020-12-31' },
        { token },
      );
      expect(full.body.code).toBe(Code.OK);
    });
    it('answers 401 without a login', async () => {
      const answer = await t.post(apiPath(...STATISTIC_CALLS.sceneList), march);
      expect(answer.status).toBe(401);
    });
  });
});
