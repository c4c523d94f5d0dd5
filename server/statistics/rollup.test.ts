import { sql } from 'drizzle-orm';
import { expect, it } from 'vitest';
import type { Database } from '../db/client';
import { modelVersions } from '../db/schema';
import { describeBackends } from '../test/backends';
import { useTestApp } from '../test/harness';
import { sceneList, sceneSeries } from './answers';
import { countUsers } from './rollup-query';
import { insertCall, insertChat } from './test-calls';

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
