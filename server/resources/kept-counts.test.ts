import { sql } from 'drizzle-orm';
import { beforeAll, expect, it } from 'vitest';
import { apiPath } from '../../contract/api';
import type { Database } from '../db/client';
import { describeBackends } from '../test/backends';
import { useTestApp } from '../test/harness';

/**
 * Issue 12: a list's total is counted once and kept until a table its WHERE reads changes
 * (server/resources/paging.ts keptCount, server/db/table-changes.ts). A write the channel does
 * not announce (triggers off: session_replication_role = replica) shows that the kept count is
 * what answers; an announced one shows that it is dropped at once.
 */
describeBackends('list totals kept until their tables change', (backend) => {
  const t = useTestApp(backend);
  let token = '';
  let sceneCode = '';
  beforeAll(async () => {
    token = await t.login('user');
    const rows = (await t.db.execute(
      sql`select c.scene_code from prompt_calls c left join prompts p on p.id = c.template_id
          where c.scene_code is not null and (c.template_id is null or p.is_public = 1) limit 1`,
    )) as unknown as { rows: { scene_code: string }[] };
    sceneCode = rows.rows[0]!.scene_code;
  });

  const list = async (body: object) => {
    const answer = await t.post(apiPath('prompt', 'call', 'page'), body, { token });
    expect(answer.body.code, JSON.stringify(answer.body)).toBe(0);
    return answer.body.data as { total: number; totalExact: boolean; list: unknown[] };
  };
  const byScene = () => ({ filters: [{ field: 'sceneCode', operator: 'eq', value: sceneCode }] });

  /** A call of the scene, without a template (visible to everyone). */
  const insertCall = (db: Database) =>
    db.execute(sql`
      insert into prompt_calls (title, question, answer, call_time, user_id, scene_code,
        model_type, model_version, prompt_tokens, completion_tokens, total_tokens)
      values ('kept', 'q', 'a', now(), 'someone', ${sceneCode}, 'chat', 'v1', 1, 1, 2)`);
  const unannounced = () =>
    t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await insertCall(tx as unknown as Database);
    });

  /** Lists until the total differs from `from` (the notification is on its way), ≤ 3 s. */
  async function totalAfterChange(body: object, from: number): Promise<number> {
    const until = Date.now() + 3_000;
    let total = (await list(body)).total;
    while (total === from && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 25));
      total = (await list(body)).total;
    }
    return total;
  }

  it('answers the kept total until a change is announced, then counts again', async () => {
    const first = await list({ pageSize: 5, ...byScene() });
    expect(first.totalExact).toBe(true);
    const n = first.total;
    await unannounced();
    // Not announced: the kept count answers, on any page or sort of the same WHERE.
    expect((await list({ pageSize: 5, ...byScene() })).total).toBe(n);
    const sorted = await list({
      pageSize: 3,
      current: 2,
      sorters: [{ field: 'totalTokens', order: 'asc' }],
      ...byScene(),
    });
    expect(sorted.total).toBe(n);
    // Announced: the next list counts both new calls.
    await insertCall(t.db);
    expect(await totalAfterChange({ pageSize: 5, ...byScene() }, n)).toBe(n + 2);
    // Another WHERE was never counted: it counts now.
    const other = await list({
      pageSize: 5,
      filters: [{ field: 'userId', operator: 'eq', value: 'someone' }],
    });
    expect(other.total).toBe(2);
  });

  it('keeps an exact total the same way', async () => {
    const body = { pageSize: 5, exactTotal: true, ...byScene() };
    const n = (await list(body)).total;
    await unannounced();
    expect((await list(body)).total).toBe(n);
    await insertCall(t.db);
    expect(await totalAfterChange(body, n)).toBe(n + 2);
  });

  it('a change to a table the visibility follows drops the kept total too', async () => {
    // A call is visible to the user while its template is: its count reads prompts as well.
    const rows = (await t.db.execute(sql`
      select p.id, count(*)::int as n from prompt_calls c join prompts p on p.id = c.template_id
      where p.is_public = 1 group by p.id order by count(*) desc limit 1`)) as unknown as {
      rows: { id: number; n: number }[];
    };
    const template = rows.rows[0]!;
    const body = {
      pageSize: 5,
      filters: [{ field: 'templateId', operator: 'eq', value: template.id }],
    };
    const visible = (await list(body)).total;
    expect(visible).toBe(template.n);
    // The admin makes the template personal (theirs): the user no longer sees its calls.
    await t.db.execute(
      sql`update prompts set is_public = 0, owner_id = '0' where id = ${template.id}`,
    );
    expect(await totalAfterChange(body, visible)).toBe(0);
  });

  it('counts a write made through this server before its announcement arrives', async () => {
    // The channel says nothing about scenes for a while (their trigger off): only this
    // server's own bookkeeping can tell the list that its total moved (crud.ts markWrites).
    const admin = await t.login('admin');
    const scenes = async () => {
      const answer = await t.post(apiPath('scene', 'page'), { pageSize: 5 }, { token: admin });
      expect(answer.body.code).toBe(0);
      return (answer.body.data as { total: number }).total;
    };
    const before = await scenes();
    await t.db.execute(sql`alter table scenes disable trigger scenes_changes`);
    try {
      expect(await scenes()).toBe(before);
      const created = await t.post(
        apiPath('scene', 'create'),
        { sceneName: '计数场景', sceneCode: 'kept-count-own-write', type: 0 },
        { token: admin },
      );
      expect(created.body.code).toBe(0);
      expect(await scenes()).toBe(before + 1);
    } finally {
      await t.db.execute(sql`alter table scenes enable trigger scenes_changes`);
    }
  });
});
