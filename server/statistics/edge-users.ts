import { sql, type SQL } from 'drizzle-orm';
import { addDays, DEFAULT_TIME_ZONE, type StatisticQuery } from '../../contract/statistics';
import type { Database } from '../db/client';
import {
  daysMeet,
  kindsOf,
  maskOf,
  meetsRange,
  rangeMask,
  userCountsOf,
  userRowKeys,
  type UserCounts,
} from './user-bitmaps';
import { dayStart } from './zone-days';

/** A call time `column` lies in the instants [from, to) (ms since the epoch). */
function instantsIn(column: SQL, [from, to]: [number, number]): SQL {
  const iso = (t: number) => new Date(t).toISOString();
  return sql`(${column} >= ${iso(from)}::timestamptz and ${column} < ${iso(to)}::timestamptz)`;
}

/**
 * Users of the raw calls in `edges` (instants [from, to)) not already counted for the platform
 * days `days`: per scene, the (scene, user) pairs whose stat_user_days row does not meet those
 * days, and over all scenes, the users whose all-scenes row does not.
 */
export async function edgeUsers(
  db: Database,
  q: StatisticQuery,
  edges: [number, number][],
  days: { first: string; last: string } | undefined,
  narrow: SQL[],
): Promise<Omit<UserCounts, 'exact'>> {
  const inRange = sql.join(
    edges.map((edge) => instantsIn(sql`call_time`, edge)),
    sql` or `,
  );
  const met = days ? meetsRange(days.first, days.last) : sql`false`;
  const { perScene, allScenes } = kindsOf(q);
  const model = q.modelVersion ?? '';
  // LIMIT 1 makes each pair one probe of the primary key; as NOT EXISTS, the planner would
  // merge against every row active in the range instead.
  const activeInside = (kind: number, scene: SQL, user: SQL) =>
    sql`left join lateral (select 1 as hit from stat_user_days where kind = ${kind}
      and model_version = ${model} and scene_code = ${scene} and user_id = ${user} and ${met}
      limit 1) inside on true`;
  const statement = sql`with e as (
      select coalesce(scene_code, '') as scene, user_id from prompt_calls
      where (${inRange}) and ${sql.join([sql`user_id is not null`, ...narrow], sql` and `)}
      group by 1, 2)
    select e.scene as "sceneCode", count(*)::int as "users", 0 as "all" from e
    ${activeInside(perScene, sql`e.scene`, sql`e.user_id`)}
    where inside.hit is null
    group by e.scene
    union all
    select '', count(*)::int, 1 from (select distinct user_id from e) u
    ${activeInside(allScenes, sql`''`, sql`u.user_id`)}
    where inside.hit is null`;
  return userCountsOf(db, statement);
}

/**
 * edgeUsers from the bitmaps' side: the rows that could be edge-only, each probed for one raw
 * call in an edge. Null when the range would need two row years (edgeUsers answers then).
 */
export async function edgeUsersFromBitmaps(
  db: Database,
  q: StatisticQuery,
  edges: [number, number][],
  days: { first: string; last: string },
): Promise<Omit<UserCounts, 'exact'> | null> {
  const insideFrom = dayStart(days.first, DEFAULT_TIME_ZONE);
  const startEdge = edges.find(([, b]) => b === insideFrom);
  const endEdge = edges.find(([a]) => a > insideFrom);
  const startDay = addDays(days.first, -1);
  const endDay = addDays(days.last, 1);
  const rowYear = Number((endEdge ? endDay : days.last).slice(0, 4));
  if (startEdge && Number(startDay.slice(0, 4)) < rowYear - 1) return null;
  const bitOf = (day: string) => maskOf(day, day, rowYear).first;
  const inside = rangeMask(days.first, days.last, rowYear);
  // With no day inside set, a day of the edges' whole span set is an edge's day.
  const span = rangeMask(startEdge ? startDay : days.first, endEdge ? endDay : days.last, rowYear);
  const { allScenes } = kindsOf(q);
  const rows = userRowKeys(q, rowYear);
  const callIn = (edge: [number, number]) => sql`exists (select 1 from prompt_calls p
    where p.user_id = c.user_id and ${instantsIn(sql`p.call_time`, edge)}
      and (c.kind = ${allScenes} or coalesce(p.scene_code, '') = c.scene_code)
      ${q.modelVersion === undefined ? sql`` : sql`and p.model_version = ${q.modelVersion}`}
      ${q.sceneCode === undefined ? sql`` : sql`and p.scene_code = ${q.sceneCode}`})`;
  const statement = sql`with c as (
      ${
        startEdge
          ? sql`select kind, scene_code, user_id from stat_user_days
            where ${rows} and last_bit = ${bitOf(startDay)} union all `
          : sql``
      }
      select kind, scene_code, user_id from stat_user_days where ${rows} and last_bit > ${bitOf(days.last)}
        and not ${daysMeet(inside)} and ${daysMeet(span)})
    select case when kind = ${allScenes} then '' else scene_code end as "sceneCode",
      count(*)::int as "users", (kind = ${allScenes})::int as "all"
    from c where ${sql.join(
      [...(startEdge ? [callIn(startEdge)] : []), ...(endEdge ? [callIn(endEdge)] : [])],
      sql` or `,
    )}
    group by 1, 3`;
  return userCountsOf(db, statement);
}
