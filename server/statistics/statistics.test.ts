import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiPath } from '../../contract/api';
import { Code } from '../../contract/envelope';
import {
  addDays,
  STATISTIC_CALLS,
  type CostAnswer,
  type SceneListAnswer,
  type SeriesAnswer,
  type StatisticQueryInput,
  type TokensAnswer,
} from '../../contract/statistics';
import type { Database } from '../db/client';
import { modelVersionPrices, modelVersions, promptCalls, records, scenes } from '../db/schema';
import { describeBackends } from '../test/backends';
import { useTestApp } from '../test/harness';
import { cost as costOf, sceneList, sceneSeries } from './answers';
import { todayIn } from '../../contract/statistics';
import { countUsers, edgeSourceFor, rangeMask, wholeMonths } from './rollup-query';

/**
 * The statistics calls against hand-computed fixtures (issue 10). Fixtures live in 2020, where
 * the demo seed has no calls, under their own scene codes and model versions.
 */
const MODEL = { modelType: 'WINGPT', version: 'fx-model-1' } as const;
const OTHER = { modelType: 'WINGPT', version: 'fx-model-2' } as const;
// Prices per 1 000 tokens: before and from the change at 2020-03-15 00:00 in Shanghai.
const PRICE_BEFORE = { prompt: 2, completion: 4 };
const PRICE_AFTER = { prompt: 10, completion: 20 };
const PRICE_CHANGE = '2020-03-14T16:00:00Z';

interface Call {
  at: string;
  scene: string;
  model?: typeof MODEL | typeof OTHER;
  user?: string;
  prompt: number;
  completion: number;
}

const FIXTURE_CALLS: Call[] = [
  // 23:30 on 1 March in Shanghai, 15:30 UTC: Sunday.
  { at: '2020-03-01T15:30:00Z', scene: 'fx-a', user: 'u1', prompt: 100, completion: 50 },
  // 00:30 on 2 March in Shanghai (Monday), still 1 March in UTC.
  { at: '2020-03-01T16:30:00Z', scene: 'fx-a', user: 'u2', prompt: 200, completion: 100 },
  { at: '2020-03-03T04:00:00Z', scene: 'fx-b', user: 'u1', prompt: 1000, completion: 0 },
  { at: '2020-03-03T05:00:00Z', scene: 'fx-b', model: OTHER, user: 'u3', prompt: 7, completion: 3 },
  // After the price change.
  { at: '2020-03-20T02:00:00Z', scene: 'fx-a', user: 'u1', prompt: 1000, completion: 1000 },
  // 23:30 on 31 March in Shanghai; then 07:00 on 1 April in Shanghai = 23:00 on 31 March UTC.
  { at: '2020-03-31T15:30:00Z', scene: 'fx-b', prompt: 10, completion: 10 },
  { at: '2020-03-31T23:00:00Z', scene: 'fx-b', prompt: 20, completion: 20 },
];

function priceAt(call: Call) {
  if ((call.model ?? MODEL) === OTHER) return { prompt: 1, completion: 1 };
  return call.at < PRICE_CHANGE ? PRICE_BEFORE : PRICE_AFTER;
}
function costOfCall(call: Call): number {
  const p = priceAt(call);
  return (call.prompt * p.prompt + call.completion * p.completion) / 1000;
}
const sumOf = (calls: Call[], f: (c: Call) => number) => calls.reduce((a, c) => a + f(c), 0);
const close = (a: number, b: number) => expect(a).toBeCloseTo(b, 6);

async function insertCall(db: Database, c: Call, extra: Record<string, unknown> = {}) {
  const model = c.model ?? MODEL;
  const [row] = await db
    .insert(promptCalls)
    .values({
      title: 'fixture',
      question: 'q',
      callTime: new Date(c.at),
      userId: c.user ?? null,
      promptTokens: c.prompt,
      completionTokens: c.completion,
      totalTokens: c.prompt + c.completion,
      sceneCode: c.scene,
      modelType: model.modelType,
      modelVersion: model.version,
      ...extra,
    })
    .returning({ id: promptCalls.id, cost: promptCalls.cost });
  return row as { id: number; cost: number | null };
}

async function insertChat(db: Database, at: string, scene: string) {
  const [row] = await db
    .insert(records)
    .values({
      chatId: `fx-${Math.random().toString(36).slice(2)}`,
      title: 'fixture chat',
      sceneCode: scene,
      createdAt: new Date(at),
    })
    .returning({ id: records.id });
  return row as { id: number };
}

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

describeBackends('statistics rollup', (backend) => {
  const t = useTestApp(backend, { seed: false });

  /** The rollups as recomputed from the raw rows, in the same key order. */
  async function recount(db: Database) {
    const q = async (text: string) =>
      ((await db.execute(sql.raw(text))) as unknown as { rows: unknown[] }).rows;
    const calls = `select call_time as t, coalesce(scene_code, '') as scene,
      coalesce(model_version, '') as model, user_id, prompt_tokens::bigint as pt,
      completion_tokens::bigint as ct, coalesce(cost, 0) as cost from prompt_calls`;
    const chats = `select created_at as t, coalesce(scene_code, '') as scene from records`;
    const measures = (key: string) => `
      with c as (select ${key} as k, scene, model, count(*) as calls, sum(pt) as pt, sum(ct) as ct,
          sum(cost) as cost from (${calls}) x group by 1, 2, 3),
        h as (select ${key} as k, scene, '' as model, count(*) as chats from (${chats}) y group by 1, 2)
      select coalesce(c.k, h.k)::text as k, coalesce(c.scene, h.scene) as scene,
        coalesce(c.model, h.model) as model, coalesce(c.calls, 0)::float8 as calls,
        coalesce(c.pt, 0)::float8 as pt, coalesce(c.ct, 0)::float8 as ct,
        coalesce(c.cost, 0)::float8 as cost, coalesce(h.chats, 0)::float8 as chats
      from c full join h on c.k = h.k and c.scene = h.scene and c.model = h.model
      order by 1, 2, 3`;
    const rolled = (key: string, table: string) => `
      select ${key}::text as k, scene_code as scene, model_version as model, calls::float8 as calls,
        prompt_tokens::float8 as pt, completion_tokens::float8 as ct, cost::float8 as cost,
        chats::float8 as chats
      from ${table} where calls <> 0 or chats <> 0 or prompt_tokens <> 0 or completion_tokens <> 0
        or cost <> 0
      order by 1, 2, 3`;
    const hourKey = `date_trunc('hour', t, 'UTC')`;
    const dayKey = `(t at time zone 'Asia/Shanghai')::date`;
    const monthKey = `date_trunc('month', (t at time zone 'Asia/Shanghai'))::date`;
    // All model versions of a (day, scene) together: the recount's rows summed over the model.
    const perScene = (from: string) => `
      select k, scene, '' as model, sum(calls) as calls, sum(pt) as pt, sum(ct) as ct,
        round(sum(cost)::numeric, 6)::float8 as cost, sum(chats) as chats
      from (${from}) x group by 1, 2 order by 1, 2, 3`;
    // The day bitmaps of every kind as the days each row covers, from the raw rows: a day
    // belongs to the rows of its year and of the next.
    const activeDays = `
      with a as (select distinct (call_time at time zone 'Asia/Shanghai')::date as d,
          coalesce(scene_code, '') as s, coalesce(model_version, '') as m, user_id as u
        from prompt_calls where user_id is not null),
      r as (select extract(year from d)::int + h as year, d, s, m, u
        from a cross join (values (0), (1)) v (h))
      select year, 0 as kind, m, s, u, string_agg(distinct d::text, ',') as days
        from r group by year, m, s, u
      union all select year, 1, '', s, u, string_agg(distinct d::text, ',') from r group by year, s, u
      union all select year, 2, m, '', u, string_agg(distinct d::text, ',') from r group by year, m, u
      union all select year, 3, '', '', u, string_agg(distinct d::text, ',') from r group by year, u
      order by 1, 2, 3, 4, 5`;
    const bitmapDays = `
      select year::int as year, kind::int as kind, model_version as m, scene_code as s,
        user_id as u, string_agg(d::text, ',' order by d) as days
      from (select year, kind, model_version, scene_code, user_id,
          case when i < 366 then make_date(year - 1, 1, 1) + i
            else make_date(year, 1, 1) + (i - 366) end as d
        from stat_user_days, generate_series(0, 731) i
        where substring(days::text from i + 1 for 1) = '1') x
      group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`;
    return {
      hourly: [await q(measures(hourKey)), await q(rolled('hour', 'stat_hourly'))],
      daily: [await q(measures(dayKey)), await q(rolled('day', 'stat_daily'))],
      dailyScene: [
        await q(perScene(measures(dayKey))),
        await q(
          perScene(
            rolled(
              'day',
              `(select day, scene_code, '' as model_version, calls,
            prompt_tokens, completion_tokens, cost, chats from stat_daily_scene) s`,
            ),
          ),
        ),
      ],
      monthly: [await q(measures(monthKey)), await q(rolled('month', 'stat_monthly'))],
      userDays: [await q(activeDays), await q(bitmapDays)],
      // The bitmap rows per last active day and its month (migration 0011), from the rows.
      ...(Object.fromEntries(
        await Promise.all(
          (
            [
              ['lastDays', 'stat_user_last_days', 'last_day', 'd'],
              ['lastMonths', 'stat_user_last_months', 'last_month', `date_trunc('month', d)::date`],
            ] as const
          ).map(async ([name, table, column, key]) => [
            name,
            [
              await q(`select year::int as year, kind::int as kind, model_version as m,
                  ${key}::text as k, scene_code as s, count(*)::int as n
                from (select *, case when last_bit <= 366
                    then make_date(year - 1, 1, 1) + (last_bit - 1)
                    else make_date(year, 1, 1) + (last_bit - 367) end as d
                  from stat_user_days where position(B'1' in days) > 0) x
                group by 1, 2, 3, 4, 5 order by 1, 2, 3, 4, 5`),
              await q(`select year::int as year, kind::int as kind, model_version as m,
                  ${column}::text as k, scene_code as s, users::int as n
                from ${table} where users <> 0 order by 1, 2, 3, 4, 5`),
            ],
          ]),
        ),
      ) as Record<'lastDays' | 'lastMonths', [unknown[], unknown[]]>),
      users: [
        await q(`select (call_time at time zone 'Asia/Shanghai')::date::text as day,
            coalesce(scene_code, '') as scene, coalesce(model_version, '') as model, user_id,
            count(*)::float8 as calls
          from prompt_calls where user_id is not null group by 1, 2, 3, 4 order by 1, 2, 3, 4`),
        await q(`select day::text as day, scene_code as scene, model_version as model, user_id,
            calls::float8 as calls from stat_daily_users where calls <> 0 order by 1, 2, 3, 4`),
      ],
    };
  }

  it('equals a recount of the raw rows after a random mix of writes', async () => {
    await t.db.insert(modelVersions).values([
      { modelType: 'CHATGPT', name: 'R1', version: 'r-1', promptPrice: 1.5, completionPrice: 3 },
      { modelType: 'CHATGPT', name: 'R2', version: 'r-2', promptPrice: 0.25, completionPrice: 0.5 },
    ]);
    // A seeded generator: the same mix every run, so a failure can be replayed.
    let state = 20260311;
    const rand = () => {
      state = (state * 1103515245 + 12345) % 2147483648;
      return state / 2147483648;
    };
    const pick = <T>(xs: readonly T[]) => xs[Math.floor(rand() * xs.length)]!;
    const scenesPool = ['s1', 's2', 's3', null] as const;
    const models = ['r-1', 'r-2', 'none', null] as const;
    const users = ['a', 'b', 'c', null] as const;
    // Ten days across a new year (and so a month) in the platform zone.
    const at = () =>
      new Date(Date.UTC(2020, 11, 27) + Math.floor(rand() * 10 * 24 * 3600 * 1000)).toISOString();
    const callIds: number[] = [];
    const chatIds: number[] = [];
    for (let step = 0; step < 300; step++) {
      const r = rand();
      if (r < 0.35 || callIds.length === 0) {
        const row = await insertCall(
          t.db,
          {
            at: at(),
            scene: pick(scenesPool) as string,
            user: pick(users) ?? undefined,
            prompt: Math.floor(rand() * 500),
            completion: Math.floor(rand() * 500),
          },
          { modelVersion: pick(models), modelType: 'CHATGPT' },
        );
        callIds.push(row.id);
      } else if (r < 0.45) {
        // A batch insert in one statement.
        await t.db.execute(sql`insert into prompt_calls (title, question, call_time, scene_code,
            model_type, model_version, user_id, prompt_tokens, completion_tokens)
          select 'batch', 'q', ${at()}::timestamptz + (g || ' minutes')::interval, ${pick(['s1', 's2'])},
            'CHATGPT', ${pick(['r-1', 'r-2'])}, ${pick(['a', 'b'])}, g * 10, g
          from generate_series(1, 5) g`);
      } else if (r < 0.6) {
        chatIds.push((await insertChat(t.db, at(), pick(['s1', 's2', 's3']))).id);
      } else if (r < 0.7) {
        const id = pick(callIds);
        await t.db.execute(sql`update prompt_calls set scene_code = ${pick(['s1', 's4'])},
          prompt_tokens = prompt_tokens + 7, call_time = ${at()}::timestamptz, user_id = ${pick(['a', 'd'])}
          where id = ${id}`);
      } else if (r < 0.78) {
        // An operator's rating changes no measure.
        await t.db.execute(sql`update prompt_calls set assessment = 1 where id = ${pick(callIds)}`);
      } else if (r < 0.88) {
        await t.db.execute(sql`delete from prompt_calls where id = ${pick(callIds)}`);
      } else if (r < 0.95 && chatIds.length) {
        await t.db.execute(sql`delete from records where id = ${pick(chatIds)}`);
      } else if (chatIds.length) {
        await t.db
          .execute(sql`update records set scene_code = 's9', created_at = ${at()}::timestamptz
          where id = ${pick(chatIds)}`);
      }
      if (step === 150) {
        // A rolled-back transaction leaves the rollups as they were.
        await t.db
          .transaction(async (tx) => {
            await insertCall(tx as unknown as Database, {
              at: at(),
              scene: 's1',
              prompt: 1,
              completion: 1,
            });
            throw new Error('rollback');
          })
          .catch(() => undefined);
      }
    }
    const { hourly, daily, users: userRows } = await recount(t.db);
    expect(hourly[0]!.length).toBeGreaterThan(50);
    expect(hourly[1]).toEqual(hourly[0]);
    expect(daily[1]).toEqual(daily[0]);
    expect(userRows[1]).toEqual(userRows[0]);
    const derived = await recount(t.db);
    expect(new Set(derived.monthly[0]!.map((r) => (r as { k: string }).k))).toEqual(
      new Set(['2020-12-01', '2021-01-01']),
    );
    expect(derived.dailyScene[1]).toEqual(derived.dailyScene[0]);
    expect(derived.monthly[1]).toEqual(derived.monthly[0]);
    expect(derived.userDays[0]!.length).toBeGreaterThan(5);
    expect(derived.userDays[1]).toEqual(derived.userDays[0]);
    expect(derived.lastDays[0].length).toBeGreaterThan(5);
    expect(derived.lastDays[1]).toEqual(derived.lastDays[0]);
    expect(derived.lastMonths[1]).toEqual(derived.lastMonths[0]);

    // Answers composed of whole months and partial-month days, and users from the day bitmaps,
    // against the raw rows, for ranges with and without whole months inside.
    const ranges = [
      ['2020-12-27', '2021-01-05'],
      ['2020-12-01', '2021-01-31'],
      ['2020-12-31', '2021-01-01'],
      ['2021-01-01', '2021-01-31'],
      ['2020-12-28', '2020-12-28'],
      // A whole December and the first days of January; the last days of December and a
      // whole January.
      ['2020-12-01', '2021-01-03'],
      ['2020-12-29', '2021-01-31'],
    ] as const;
    // Other zones take the platform days inside their range from the bitmaps and the hours
    // around them from the raw calls: zones behind and ahead of it, one with DST.
    const zones = ['Asia/Shanghai', 'UTC', 'America/New_York', 'Etc/GMT+12', 'Pacific/Kiritimati'];
    for (const [startDate, endDate] of ranges) {
      for (const [modelVersion, timeZone] of zones.flatMap((z) =>
        [undefined, 'r-1'].map((m) => [m, z] as const),
      )) {
        const q = { startDate, endDate, granularity: 'month', timeZone } as const;
        const asked = modelVersion === undefined ? q : { ...q, modelVersion };
        const answer = await sceneList(t.db, asked);
        const from = `('${startDate}'::date::timestamp at time zone '${timeZone}')`;
        const to = `(('${endDate}'::date + 1)::timestamp at time zone '${timeZone}')`;
        const { rows } = (await t.db.execute(
          sql.raw(`select coalesce(scene_code, '') as "sceneCode", count(*)::int as "calls",
            sum(prompt_tokens + completion_tokens)::int as "tokens",
            round(sum(cost), 6)::float8 as "cost", count(distinct user_id)::int as "users"
          from prompt_calls where call_time >= ${from} and call_time < ${to}
            ${modelVersion ? `and model_version = '${modelVersion}'` : ''}
          group by 1 order by 1`),
        )) as unknown as {
          rows: { sceneCode: string; calls: number; tokens: number; cost: number; users: number }[];
        };
        const got = answer.list
          .filter((r) => r.calls > 0)
          .map((r) => ({
            sceneCode: r.sceneCode,
            calls: r.calls,
            tokens: r.totalTokens,
            cost: r.cost,
            users: r.users,
          }))
          .sort((a, b) => a.sceneCode.localeCompare(b.sceneCode));
        expect(got, `${startDate}..${endDate} ${timeZone} ${modelVersion ?? ''}`).toEqual(
          rows.filter((r) => r.calls > 0),
        );
        // Both ways of counting another zone's edge hours, per scene and over all scenes, and
        // with a scene filter.
        const { rows: raw } = (await t.db.execute(
          sql.raw(`select coalesce(scene_code, '') as "sceneCode",
              count(distinct user_id)::int as "users", grouping(coalesce(scene_code, ''))::int as "all"
            from prompt_calls where call_time >= ${from} and call_time < ${to}
              and user_id is not null
              ${modelVersion ? `and model_version = '${modelVersion}'` : ''}
            group by grouping sets ((coalesce(scene_code, '')), ())`),
        )) as unknown as { rows: { sceneCode: string; users: number; all: number }[] };
        const expected = {
          byScene: Object.fromEntries(
            raw.filter((r) => r.all === 0).map((r) => [r.sceneCode, r.users]),
          ),
          all: raw.find((r) => r.all === 1)?.users ?? 0,
        };
        const s1 = expected.byScene.s1 ?? 0;
        for (const source of ['calls', 'bitmaps'] as const) {
          const label = `${startDate}..${endDate} ${timeZone} ${modelVersion ?? ''} ${source}`;
          const counted = await countUsers(t.db, asked, source);
          expect(
            {
              byScene: Object.fromEntries([...counted.byScene].filter(([, n]) => n > 0)),
              all: counted.all,
            },
            label,
          ).toEqual(expected);
          const one = await countUsers(t.db, { ...asked, sceneCode: 's1' }, source);
          expect([one.byScene.get('s1') ?? 0, one.all], label).toEqual([s1, s1]);
        }
        const monthly = await sceneSeries(t.db, q, 'calls');
        const daily = await sceneSeries(t.db, { ...q, granularity: 'day' }, 'calls');
        const byMonth = new Map<string, number>();
        daily.buckets.forEach((b, i) =>
          byMonth.set(
            `${b.slice(0, 8)}01`,
            (byMonth.get(`${b.slice(0, 8)}01`) ?? 0) + daily.total[i]!,
          ),
        );
        expect(monthly.total).toEqual(monthly.buckets.map((b) => byMonth.get(b) ?? 0));
      }
    }

    // TRUNCATE empties the measures too.
    await t.db.execute(sql`truncate prompt_calls, records cascade`);
    const empty = await recount(t.db);
    expect(empty.hourly[1]).toEqual([]);
    expect(empty.users[1]).toEqual([]);
    expect(empty.dailyScene[1]).toEqual([]);
    expect(empty.monthly[1]).toEqual([]);
    expect(empty.userDays[1]).toEqual([]);
  });
});

describe('rollup ranges', () => {
  it('takes another zone’s edge users from the bitmaps only for a range ending lately', () => {
    expect(edgeSourceFor({ last: '2026-11-23' }, '2026-11-24')).toBe('bitmaps');
    expect(edgeSourceFor({ last: '2026-11-22' }, '2026-11-24')).toBe('bitmaps');
    expect(edgeSourceFor({ last: '2026-11-21' }, '2026-11-24')).toBe('calls');
    expect(edgeSourceFor(undefined, '2026-11-24')).toBe('calls');
  });

  it('finds the whole months inside a range', () => {
    expect(wholeMonths('2020-12-01', '2021-01-31')).toEqual({
      first: '2020-12-01',
      last: '2021-01-01',
    });
    expect(wholeMonths('2020-12-02', '2021-01-31')).toEqual({
      first: '2021-01-01',
      last: '2021-01-01',
    });
    expect(wholeMonths('2020-12-02', '2021-01-30')).toBeNull();
    expect(wholeMonths('2024-02-01', '2024-02-29')).toEqual({
      first: '2024-02-01',
      last: '2024-02-01',
    });
    expect(wholeMonths('2023-02-01', '2023-02-27')).toBeNull();
    expect(wholeMonths('2025-11-24', '2026-11-23')).toEqual({
      first: '2025-12-01',
      last: '2026-10-01',
    });
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2021-01-01', -1)).toBe('2020-12-31');
  });

  it('masks a range’s days in a two-year row, bit 0 being 1 January of the year before', () => {
    // 2020 is a leap year: its 30 and 31 December are bits 364 and 365; 1 January 2021 is 366.
    expect(rangeMask('2020-12-30', '2021-01-02', 2021)).toBe(
      `${'0'.repeat(364)}1111${'0'.repeat(364)}`,
    );
    expect(rangeMask('2021-01-02', '2021-01-04', 2021)).toBe(
      `${'0'.repeat(367)}111${'0'.repeat(362)}`,
    );
    // In the row of 2022 the same days are its first half.
    expect(rangeMask('2021-01-02', '2021-01-04', 2022)).toBe(`0111${'0'.repeat(728)}`);
    // Days before the row's two years are left out.
    expect(rangeMask('2019-12-31', '2020-01-01', 2021)).toBe(`1${'0'.repeat(731)}`);
    const year = rangeMask('2025-11-24', '2026-11-23', 2026);
    expect(year).toHaveLength(732);
    expect(year.replace(/0/g, '')).toHaveLength(365);
  });
});
