import { sql } from 'drizzle-orm';
import type { Database } from '../db/client';

/** Live scenes' names and monthly budgets, by code. */
export async function sceneInfo(
  db: Database,
): Promise<Map<string, { name: string; budget: number | null }>> {
  const { rows } = (await db.execute(
    sql`select scene_code as "code", scene_name as "name", monthly_budget::float8 as "budget"
      from scenes where is_del = 0`,
  )) as unknown as { rows: { code: string; name: string; budget: number | null }[] };
  return new Map(
    rows.map((r) => [
      r.code,
      { name: r.name, budget: r.budget === null ? null : Number(r.budget) },
    ]),
  );
}
