import { sql } from 'drizzle-orm';
import type { StatisticQuery } from '../../contract/statistics';
import type { Database } from '../db/client';
import type { GroupKey, UsageRow } from './usage';

/**
 * The calls of a query's range that the console made itself (source other than `platform`),
 * grouped as usage() groups. Read from the calls, not the rollups, which count every source:
 * trial calls are few, and the source index finds them.
 */
export async function trialUsage(
  db: Database,
  q: StatisticQuery,
  groups: readonly GroupKey[],
): Promise<UsageRow[]> {
  const local = sql`call_time at time zone ${q.timeZone}`;
  const bucket = groups.includes('bucket')
    ? sql`to_char(date_trunc(${q.granularity}, ${local}), 'YYYY-MM-DD')`
    : sql`''`;
  const scene = groups.includes('scene') ? sql`coalesce(scene_code, '')` : sql`''`;
  const model = groups.includes('model') ? sql`coalesce(model_version, '')` : sql`''`;
  const where = [
    sql`source <> 'platform'`,
    sql`call_time >= (${q.startDate}::date::timestamp at time zone ${q.timeZone})`,
    sql`call_time < ((${q.endDate}::date + 1)::timestamp at time zone ${q.timeZone})`,
  ];
  if (q.sceneCode !== undefined) where.push(sql`scene_code = ${q.sceneCode}`);
  if (q.modelVersion !== undefined) where.push(sql`model_version = ${q.modelVersion}`);
  const { rows } = (await db.execute(sql`
    select ${bucket} as bucket, ${scene} as scene, ${model} as model, count(*)::float8 as calls,
      coalesce(sum(prompt_tokens), 0)::float8 as prompt_tokens,
      coalesce(sum(completion_tokens), 0)::float8 as completion_tokens,
      coalesce(sum(cost), 0)::float8 as cost
    from prompt_calls where ${sql.join(where, sql` and `)}
    group by 1, 2, 3`)) as unknown as {
    rows: Record<string, string | number>[];
  };
  return rows.map((r) => ({
    bucket: String(r.bucket),
    sceneCode: String(r.scene),
    modelVersion: String(r.model),
    calls: Number(r.calls),
    promptTokens: Number(r.prompt_tokens),
    completionTokens: Number(r.completion_tokens),
    cost: Number(r.cost),
    chats: 0,
  }));
}
