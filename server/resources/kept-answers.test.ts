import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiPath } from '../../contract/api';
import { TableChanges } from '../db/table-changes';
import { describeBackends } from '../test/backends';
import { useTestApp } from '../test/harness';
import { builtInStores } from '../test/stores';
import {
  AnswerKeep,
  announcedTables,
  answerKeepOf,
  freezeAndMeasure,
  tablesIn,
} from './kept-answers';
import { readPage, type PageAnswer } from './paging';

const answer = (n: number): PageAnswer => ({
  list: [{ id: n }],
  total: n,
  totalExact: true,
  nextCursor: null,
  prevCursor: null,
});

describe('the tables a statement reads', () => {
  it('are the quoted names after FROM and JOIN, subqueries included', () => {
    const text = `select "id", ((select "scene_name" from "scenes" where "scenes"."scene_code" =
      "prompt_calls"."scene_code" limit 1)) as "sceneName", coalesce((select true from "prompts"
      where "prompts"."id" = "prompt_calls"."template_id"), false) from "prompt_calls"
      left join "records" on true where "title" = 'from "users"' order by "id"`;
    // A quoted name inside a string literal counts too: reading a table too many only means
    // the page is kept less, never that it is kept past a change.
    expect(tablesIn(text).sort()).toEqual([
      'prompt_calls',
      'prompts',
      'records',
      'scenes',
      'users',
    ]);
  });

  it('are kept over only when the channel announces every one of them', () => {
    expect(announcedTables(['select 1 from "scenes"', 'from "prompts"'])).toEqual([
      'prompts',
      'scenes',
    ]);
    expect(announcedTables(['select 1 from "records" join "record_messages" on true'])).toEqual([
      'record_messages',
      'records',
    ]);
    expect(announcedTables(['select 1 from "model_versions"'])).toBe(null);
    expect(announcedTables(['select 1 from "users"'])).toBe(null);
  });
});

describe('freezeAndMeasure', () => {
  it('freezes an answer all the way down and tells about how long its JSON is', () => {
    const page = {
      list: [
        {
          id: 1,
          title: '内存泄漏排查',
          tags: ['a', 'bb'],
          at: '2026-12-01T08:00:00.000Z',
          n: null,
        },
        { id: 2, title: 'x'.repeat(500), tags: [], nested: { deep: { ok: true } } },
      ],
      total: 2,
      totalExact: true,
      nextCursor: null,
    };
    const json = JSON.stringify(page).length;
    const measured = freezeAndMeasure(page);
    expect(measured).toBeGreaterThan(json * 0.8);
    expect(measured).toBeLessThan(json * 1.25);
    expect(Object.isFrozen(page.list)).toBe(true);
    expect(Object.isFrozen(page.list[1]!.nested!.deep)).toBe(true);
    expect(Object.isFrozen(page.list[0]!.tags)).toBe(true);
  });

  it('leaves a typed array as it is (one with elements cannot be frozen)', () => {
    const row = { id: 1, bytes: new Uint8Array([1, 2, 3]) };
    expect(freezeAndMeasure(row)).toBeGreaterThan(3);
    expect(Object.isFrozen(row)).toBe(true);
  });
});

describe('AnswerKeep', () => {
  const keep = (maxBytes: number, maxEntries?: number) =>
    new AnswerKeep(new TableChanges(), maxBytes, maxEntries);

  it('answers a page under the version it was kept with, and drops it under another', () => {
    const pages = keep(1_000);
    pages.set('a', 'v1', answer(1), 10);
    expect(pages.get('a', 'v1')).toEqual(answer(1));
    expect(pages.get('a', 'v2')).toBeUndefined();
    expect(pages.get('a', 'v1')).toBeUndefined();
    expect(pages.size).toEqual({ answers: 0, bytes: 0 });
  });

  it('lets the least recently used go first, within its bytes and its entries', () => {
    const pages = keep(1_000, 3);
    pages.set('a', 'v', answer(1), 90);
    pages.set('b', 'v', answer(2), 90);
    pages.set('c', 'v', answer(3), 90);
    pages.get('a', 'v'); // a is now the most recently used
    pages.set('d', 'v', answer(4), 90);
    expect(pages.get('b', 'v')).toBeUndefined();
    expect(pages.size).toEqual({ answers: 3, bytes: 270 });
    for (const k of ['e', 'f', 'g', 'h', 'i', 'j', 'k', 'l', 'm', 'n', 'o']) {
      pages.set(k, 'v', answer(5), 90);
    }
    expect(pages.size.answers).toBe(3);
    const bytes = keep(250);
    bytes.set('a', 'v', answer(1), 20);
    bytes.set('b', 'v', answer(2), 20);
    bytes.set('c', 'v', answer(3), 20);
    expect(bytes.size).toEqual({ answers: 3, bytes: 60 });
    for (const k of ['d', 'e', 'f', 'g', 'h', 'i', 'j', 'k', 'l', 'm', 'n', 'o']) {
      bytes.set(k, 'v', answer(6), 20);
    }
    expect(bytes.size.bytes).toBeLessThanOrEqual(250);
    expect(bytes.get('a', 'v')).toBeUndefined();
  });

  it('keeps an answer the second time it is read, and at once again after a change', () => {
    const pages = keep(10_000);
    pages.offer('a', 'v1', answer(1));
    expect(pages.get('a', 'v1')).toBeUndefined();
    pages.offer('a', 'v1', answer(1));
    expect(pages.get('a', 'v1')).toEqual(answer(1));
    expect(Object.isFrozen(pages.get('a', 'v1'))).toBe(true);
    // A change: the stale answer goes, and the next read is kept without waiting for another.
    expect(pages.get('a', 'v2')).toBeUndefined();
    pages.offer('a', 'v2', answer(2));
    expect(pages.get('a', 'v2')).toEqual(answer(2));
  });

  it('remembers at most as many keys read once as it keeps answers', () => {
    const pages = keep(10_000, 2);
    for (const k of ['a', 'b', 'c']) pages.offer(k, 'v', answer(1));
    // 'a' was forgotten: its second read is only remembered again.
    pages.offer('a', 'v', answer(1));
    expect(pages.get('a', 'v')).toBeUndefined();
    pages.offer('c', 'v', answer(3));
    expect(pages.get('c', 'v')).toEqual(answer(3));
  });

  it('keeps no page larger than a tenth of its budget', () => {
    const pages = keep(1_000);
    pages.set('big', 'v', answer(1), 101);
    expect(pages.get('big', 'v')).toBeUndefined();
    pages.set('small', 'v', answer(1), 100);
    pages.set('small', 'v', answer(2), 101); // a new answer too big for the key drops the old
    expect(pages.size).toEqual({ answers: 0, bytes: 0 });
  });
});

/**
 * Issue 12: a list's answer is read once and kept until a table it read changes
 * (kept-answers.ts). A write the channel does not announce (session_replication_role = replica)
 * shows that the kept answer is what answers; an announced one, that it is dropped.
 */
describeBackends('list answers kept until their tables change', (backend) => {
  const t = useTestApp(backend);
  let token = '';
  beforeAll(async () => {
    token = await t.login('user');
  });

  type Page = { total: number; list: { id: number; sceneName?: string; title?: string }[] };
  const list = async (path: string, body: object, as = token) => {
    const answer = await t.post(path, body, { token: as });
    expect(answer.body.code, JSON.stringify(answer.body)).toBe(0);
    return answer.body.data as Page;
  };
  const calls = apiPath('prompt', 'call', 'page');
  const unannounced = (statement: ReturnType<typeof sql>) =>
    t.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.execute(statement);
    });
  /** Lists until `done` holds (an announcement is on its way), at most 3 s. */
  async function listUntil(path: string, body: object, done: (page: Page) => boolean) {
    const until = Date.now() + 3_000;
    let page = await list(path, body);
    while (!done(page) && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 25));
      page = await list(path, body);
    }
    return page;
  }

  it('answers the kept page until a change to a table it read is announced', async () => {
    const body = { current: 1, pageSize: 5 };
    await list(calls, body); // read once: remembered
    const first = await list(calls, body); // read again: kept
    const top = first.list[0]!;
    await unannounced(sql`update prompt_calls set title = 'unheard' where id = ${top.id}`);
    expect((await list(calls, body)).list[0]!.title).toBe(top.title);
    // Another page of the same list was never read: it reads the table, and sees the change.
    expect((await list(calls, { current: 1, pageSize: 4 })).list[0]!.title).toBe('unheard');
    await t.db.execute(sql`update prompt_calls set title = 'heard' where id = ${top.id}`);
    const after = await listUntil(calls, body, (p) => p.list[0]!.title === 'heard');
    expect(after.list[0]!.title).toBe('heard');
  });

  it('drops the page when a table only its selection reads changes (a scene’s name)', async () => {
    const records = apiPath('record', 'page');
    const body = { current: 1, pageSize: 3 };
    await list(records, body);
    const first = await list(records, body);
    const rows = (await t.db.execute(
      sql`select scene_code from records where id = ${first.list[0]!.id}`,
    )) as unknown as { rows: { scene_code: string }[] };
    const code = rows.rows[0]!.scene_code;
    await t.db.execute(
      sql`update scenes set scene_name = 'renamed scene' where scene_code = ${code}`,
    );
    const after = await listUntil(records, body, (p) => p.list[0]!.sceneName === 'renamed scene');
    expect(after.list[0]!.sceneName).toBe('renamed scene');
  });

  it('answers a write made through this server at once, before its announcement', async () => {
    const admin = await t.login('admin');
    const scenes = apiPath('scene', 'page');
    const body = { current: 1, pageSize: 5, sorters: [{ field: 'id', order: 'desc' }] };
    await t.db.execute(sql`alter table scenes disable trigger scenes_changes`);
    try {
      const before = await list(scenes, body, admin);
      const created = await t.post(
        apiPath('scene', 'create'),
        { sceneName: '新场景', sceneCode: 'kept-page-own-write', type: 0 },
        { token: admin },
      );
      expect(created.body.code).toBe(0);
      const after = await list(scenes, body, admin);
      expect(after.total).toBe(before.total + 1);
      expect(after.list[0]!.id).toBe((created.body.data as { id: number }).id);
    } finally {
      await t.db.execute(sql`alter table scenes enable trigger scenes_changes`);
    }
  });

  it('never answers one caller with another’s page', async () => {
    const prompts = apiPath('prompt', 'page');
    const body = { current: 1, pageSize: 50, scope: 'personal' };
    const other = await t.login('annotator1');
    const mine = await list(prompts, body);
    const theirs = await list(prompts, body, other);
    expect(mine.total).toBeGreaterThan(0);
    const mineIds = new Set(mine.list.map((r) => r.id));
    expect(theirs.list.some((r) => mineIds.has(r.id))).toBe(false);
    expect((await list(prompts, body)).list.map((r) => r.id)).toEqual([...mineIds]);
  });

  it('keeps nothing while the channel is not heard', async () => {
    const keep = answerKeepOf(t.db)!;
    const body = { current: 1, pageSize: 6 };
    await list(calls, body);
    const top = (await list(calls, body)).list[0]!;
    keep.changes.lost();
    try {
      await unannounced(sql`update prompt_calls set title = 'while deaf' where id = ${top.id}`);
      expect((await list(calls, body)).list[0]!.title).toBe('while deaf');
    } finally {
      keep.changes.listening();
    }
    // Heard again: nothing kept before the loss answers.
    await unannounced(sql`update prompt_calls set title = 'heard again' where id = ${top.id}`);
    expect((await list(calls, body)).list[0]!.title).toBe('heard again');
  });

  it('hands out one frozen answer, and keeps none of a list built per request', async () => {
    const store = builtInStores(() => t.db)('scene');
    const caller = { id: '0', role: 'admin' as const };
    const query = { current: 1, pageSize: 2 };
    const once = await store.page(query, caller);
    const first = await store.page(query, caller);
    const again = await store.page(query, caller);
    expect(first).not.toBe(once);
    expect(again).toBe(first);
    expect(Object.isFrozen(first.list[0])).toBe(true);
    expect(() => {
      (first.list[0] as { sceneName: string }).sceneName = 'changed';
    }).toThrow(TypeError);

    // A list without compiled statements (as a configured resource's) is read every time.
    const { compiled: _compiled, ...perRequest } = store.lists;
    const read = await readPage(perRequest, query, caller);
    const id = read.list[0]!.id as number;
    await unannounced(sql`update scenes set scene_name = 'per request' where id = ${id}`);
    expect((await readPage(perRequest, query, caller)).list[0]!.sceneName).toBe('per request');
  });

  it('keeps a detail as it keeps a page, and a session’s transcript until a message changes', async () => {
    const records = (await list(apiPath('record', 'page'), { current: 1, pageSize: 1 })).list;
    const id = records[0]!.id;
    type Detail = { title: string; messages: { id: number; content: string }[] };
    const detail = async () => {
      const answer = await t.post(apiPath('record', 'detail'), { id }, { token });
      expect(answer.body.code, JSON.stringify(answer.body)).toBe(0);
      return answer.body.data as Detail;
    };
    await detail();
    const first = await detail();
    const message = first.messages[0]!;
    await unannounced(sql`update record_messages set content = 'unheard' where id = ${message.id}`);
    expect((await detail()).messages[0]!.content).toBe(message.content);
    await t.db.execute(sql`update record_messages set content = 'heard' where id = ${message.id}`);
    const until = Date.now() + 3_000;
    let after = await detail();
    while (after.messages[0]!.content !== 'heard' && Date.now() < until) {
      await new Promise((r) => setTimeout(r, 25));
      after = await detail();
    }
    expect(after.messages[0]!.content).toBe('heard');
  });

  it('answers a write with the row it wrote, not a kept detail', async () => {
    const admin = await t.login('admin');
    const scenes = (await list(apiPath('scene', 'page'), { current: 1, pageSize: 1 }, admin)).list;
    const id = scenes[0]!.id;
    await t.post(apiPath('scene', 'detail'), { id }, { token: admin });
    const shown = await t.post(apiPath('scene', 'detail'), { id }, { token: admin });
    const before = shown.body.data as { version: number; sceneName: string };
    // The channel says nothing about scenes meanwhile: only this server's bookkeeping can tell.
    await t.db.execute(sql`alter table scenes disable trigger scenes_changes`);
    try {
      const updated = await t.post(
        apiPath('scene', 'update'),
        { id, version: before.version, sceneName: '改过的名字' },
        { token: admin },
      );
      expect(updated.body.code, JSON.stringify(updated.body)).toBe(0);
      expect((updated.body.data as { sceneName: string }).sceneName).toBe('改过的名字');
      const again = await t.post(apiPath('scene', 'detail'), { id }, { token: admin });
      expect((again.body.data as { sceneName: string }).sceneName).toBe('改过的名字');
    } finally {
      await t.db.execute(sql`alter table scenes enable trigger scenes_changes`);
    }
  });

  it('does not keep a detail that was not found, nor answer one caller with another’s', async () => {
    const admin = await t.login('admin');
    const rows = (await t.db.execute(
      sql`select max(id)::int + 1000 as id from scenes`,
    )) as unknown as { rows: { id: number }[] };
    const id = rows.rows[0]!.id;
    const missing = await t.post(apiPath('scene', 'detail'), { id }, { token: admin });
    expect(missing.body.code).not.toBe(0);
    // Unannounced: a kept "not found" would still answer.
    await unannounced(
      sql`insert into scenes (id, scene_name, scene_code, type) overriding system value values (${id}, '后来的', 'kept-later', 0)`,
    );
    const found = await t.post(apiPath('scene', 'detail'), { id }, { token: admin });
    expect(found.body.code, JSON.stringify(found.body)).toBe(0);

    const mine = (await list(apiPath('prompt', 'page'), { pageSize: 1, scope: 'personal' })).list;
    const own = await t.post(apiPath('prompt', 'detail'), { id: mine[0]!.id }, { token });
    expect(own.body.code).toBe(0);
    const other = await t.login('annotator1');
    const theirs = await t.post(apiPath('prompt', 'detail'), { id: mine[0]!.id }, { token: other });
    expect(theirs.body.code).not.toBe(0);
  });
});
