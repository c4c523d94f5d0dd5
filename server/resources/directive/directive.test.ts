import { inArray } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiPath } from '../../../contract/api';
import { Code } from '../../../contract/envelope';
import { directives } from '../../db/schema';
import { describeBackends } from '../../test/backends';
import { addUser, useTestApp } from '../../test/harness';
import { positionsFor } from './directive';

interface Directive {
  id: number;
  version: number;
  directiveName: string;
  command: string;
  content: string | null;
  templateId: number | null;
  templateTitle: string | null;
  status: number;
  sortOrder: number;
}
interface Issues {
  issues: { field: string; message: string }[];
}

describe('positionsFor', () => {
  it('hands out the same values, smallest first', () => {
    expect(positionsFor([7, 2, 5])).toEqual([2, 5, 7]);
  });
  it('renumbers a set with a repeat consecutively from its smallest value', () => {
    expect(positionsFor([4, 4, 9])).toEqual([4, 5, 6]);
  });
});

/** Directives: content or a visible template, unique slash commands, the operators' order. */
describeBackends('directives', (backend) => {
  const t = useTestApp(backend, { prepare: (db) => addUser(db, '2', 'other') });
  const tokens: Record<string, string> = {};
  beforeAll(async () => {
    for (const name of ['user', 'other']) tokens[name] = await t.login(name);
  });
  const as = (who: string, path: string, body: unknown, lang?: string) =>
    t.post(apiPath(...path.split('/')), body, { token: tokens[who], lang });
  const ok = async <T>(who: string, path: string, body: unknown): Promise<T> => {
    const answer = await as(who, path, body);
    expect(answer.body.code, `${path}: ${JSON.stringify(answer.body)}`).toBe(0);
    return answer.body.data as T;
  };
  let serial = 0;
  const create = (extra: object = {}) => {
    serial += 1;
    return ok<Directive>('user', 'directive/create', {
      directiveName: `指令 ${serial}`,
      command: `/test-${serial}`,
      content: '请总结以上对话。',
      ...extra,
    });
  };
  const invalidOn = async (path: string, body: unknown, field: string, lang = 'en-US') => {
    const answer = await as('user', path, body, lang);
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe(Code.INVALID);
    const issues = (answer.body.data as Issues).issues;
    expect(issues[0]!.field, JSON.stringify(issues)).toBe(field);
    return issues[0]!.message;
  };
  const template = (who: string, scope: string, extra: object = {}) =>
    ok<{ id: number; version: number }>(who, 'prompt/create', {
      scope,
      title: `${who} 的模板`,
      content: '总结这段对话。',
      ...extra,
    });

  describe('create and update rules', () => {
    it('a new directive goes to the end of the order', async () => {
      const a = await create();
      const b = await create();
      expect(b.sortOrder).toBe(a.sortOrder + 1);
      const given = await create({ sortOrder: 0 });
      expect(given.sortOrder).toBe(0);
    });

    it('a command not of the declared form answers 40000 on command', async () => {
      for (const command of ['summary', '/Summary', '/1st', '/a b', `/${'x'.repeat(40)}`]) {
        const message = await invalidOn(
          'directive/create',
          { directiveName: 'x', command, content: 'x' },
          'command',
        );
        expect(message.length).toBeGreaterThan(0);
      }
      const row = await create();
      await invalidOn(
        'directive/update',
        { id: row.id, version: row.version, command: 'no-slash' },
        'command',
      );
    });

    it('a command already used answers 40000 duplicate on command', async () => {
      const row = await create();
      const message = await invalidOn(
        'directive/create',
        { directiveName: 'again', command: row.command, content: 'x' },
        'command',
      );
      expect(message).toContain('already exists');
      const other = await create();
      await invalidOn(
        'directive/update',
        { id: other.id, version: other.version, command: row.command },
        'command',
      );
    });

    it('neither content nor template answers 40000 contentOrTemplate on content', async () => {
      const zh = await invalidOn(
        'directive/create',
        { directiveName: 'x', command: '/empty-one', content: '  ' },
        'content',
        'zh-CN',
      );
      expect(zh).toBe('请填写指令内容或选择提示词模板');
      await invalidOn('directive/create', { directiveName: 'x', command: '/empty-two' }, 'content');
      // On update the stored values count: clearing the content of a directive without a
      // template fails, clearing it while choosing a template succeeds.
      const row = await create();
      await invalidOn(
        'directive/update',
        { id: row.id, version: row.version, content: null },
        'content',
      );
      const mine = await template('user', 'personal');
      const moved = await ok<Directive>('user', 'directive/update', {
        id: row.id,
        version: row.version,
        content: null,
        templateId: mine.id,
      });
      expect(moved).toMatchObject({ content: null, templateId: mine.id });
      expect(moved.templateTitle).toBe('user 的模板');
      await invalidOn(
        'directive/update',
        { id: moved.id, version: moved.version, templateId: null },
        'content',
      );
    });

    it('a template the caller cannot see, or a disabled one, answers 40000 on templateId', async () => {
      const hidden = await template('other', 'personal');
      const zh = await invalidOn(
        'directive/create',
        { directiveName: 'x', command: '/hidden-template', templateId: hidden.id },
        'templateId',
        'zh-CN',
      );
      expect(zh).toBe('模板不存在、不可见或已停用');
      await invalidOn(
        'directive/create',
        { directiveName: 'x', command: '/no-template', templateId: 999_999 },
        'templateId',
      );
      const row = await create();
      await invalidOn(
        'directive/update',
        { id: row.id, version: row.version, templateId: hidden.id },
        'templateId',
      );
      // A platform template is visible to everyone.
      const shared = await template('other', 'public');
      const used = await create({ content: null, templateId: shared.id });
      expect(used.templateId).toBe(shared.id);
      // Once it is disabled, new directives cannot choose it; unrelated edits still save.
      await ok('other', 'prompt/disable', { ids: [shared.id] });
      await invalidOn(
        'directive/create',
        { directiveName: 'x', command: '/disabled-template', templateId: shared.id },
        'templateId',
      );
      const renamed = await ok<Directive>('user', 'directive/update', {
        ...used,
        directiveName: '改名',
      });
      expect(renamed.directiveName).toBe('改名');
    });

    it('a stale version answers 40900 and changes nothing', async () => {
      const row = await create();
      await ok('user', 'directive/update', { id: row.id, version: row.version, content: '新' });
      const stale = await as('user', 'directive/update', {
        id: row.id,
        version: row.version,
        content: '过期',
      });
      expect(stale.status).toBe(409);
      expect(stale.body.code).toBe(Code.CONFLICT);
      expect((await ok<Directive>('user', 'directive/detail', { id: row.id })).content).toBe('新');
    });
  });

  describe('enable and disable', () => {
    it('switch the status of the rows sent and count them', async () => {
      const a = await create();
      const b = await create();
      expect(await ok('user', 'directive/disable', { ids: [a.id, b.id, 999_999] })).toEqual({
        count: 2,
      });
      const rows = await t.db
        .select()
        .from(directives)
        .where(inArray(directives.id, [a.id, b.id]));
      expect(rows.map((r) => r.status)).toEqual([0, 0]);
      expect(await ok('user', 'directive/enable', { ids: [a.id] })).toEqual({ count: 1 });
      const detail = await ok<Directive>('user', 'directive/detail', { id: a.id });
      expect(detail).toMatchObject({ status: 1, version: a.version + 2 });
    });
  });

  describe('reorder', () => {
    const orders = async (ids: number[]) => {
      const rows = await t.db
        .select({ id: directives.id, sortOrder: directives.sortOrder, version: directives.version })
        .from(directives)
        .where(inArray(directives.id, ids));
      return new Map(rows.map((r) => [r.id, r]));
    };

    it('redistributes the set of sortOrders the rows held, in the order sent', async () => {
      const rows = [await create(), await create(), await create(), await create()];
      // A page of three out of four: the fourth (between them) keeps its place.
      const [a, b, c, d] = rows.map((r) => r.id) as [number, number, number, number];
      const before = await orders([a, b, c, d]);
      const held = [a, b, d].map((id) => before.get(id)!.sortOrder);
      const answer = await ok<{ count: number }>('user', 'directive/reorder', { ids: [d, a, b] });
      expect(answer.count).toBe(3);
      const after = await orders([a, b, c, d]);
      expect([d, a, b].map((id) => after.get(id)!.sortOrder)).toEqual(held);
      expect(after.get(c)).toEqual(before.get(c));
      for (const id of [a, b, d]) {
        expect(Number(after.get(id)!.version)).toBe(Number(before.get(id)!.version) + 1);
      }
      // The list by order shows the new order (newest positions last, so read it backwards).
      const page = await ok<{ list: Directive[] }>('user', 'directive/page', {
        current: 1,
        pageSize: 100,
        sorters: [{ field: 'sortOrder', order: 'desc' }],
      });
      const shown = page.list.map((r) => r.id).filter((id) => after.has(id));
      expect(shown).toEqual([b, c, a, d]);
      // The order already held changes nothing.
      expect(await ok('user', 'directive/reorder', { ids: [d, a, b] })).toEqual({ count: 0 });
    });

    it('renumbers colliding values consecutively from the smallest', async () => {
      const rows = [await create(), await create(), await create()];
      const ids = rows.map((r) => r.id);
      await t.db.update(directives).set({ sortOrder: 500 }).where(inArray(directives.id, ids));
      await ok('user', 'directive/reorder', { ids: [ids[2], ids[0], ids[1]] });
      const after = await orders(ids);
      expect([ids[2], ids[0], ids[1]].map((id) => after.get(id!)!.sortOrder)).toEqual([
        500, 501, 502,
      ]);
    });

    it('is all or nothing: an unknown id answers 40400 and moves no row', async () => {
      const rows = [await create(), await create()];
      const ids = rows.map((r) => r.id);
      const before = await orders(ids);
      for (const unknown of [999_999, 9_000_000_000]) {
        const answer = await as('user', 'directive/reorder', { ids: [ids[1], ids[0], unknown] });
        expect(answer.status).toBe(404);
        expect(answer.body.code).toBe(Code.NOT_FOUND);
      }
      expect(await orders(ids)).toEqual(before);
    });

    it('rejects a repeated id and an empty list with 40000', async () => {
      const row = await create();
      for (const ids of [[row.id, row.id], []]) {
        const answer = await as('user', 'directive/reorder', { ids });
        expect(answer.body.code).toBe(Code.INVALID);
      }
    });

    it('concurrent reorders of the same rows leave a permutation of the values held', async () => {
      const rows = [await create(), await create(), await create()];
      const ids = rows.map((r) => r.id);
      const held = [...(await orders(ids)).values()].map((r) => r.sortOrder).sort();
      const answers = await Promise.all([
        as('user', 'directive/reorder', { ids: [ids[2], ids[1], ids[0]] }),
        as('user', 'directive/reorder', { ids: [ids[1], ids[0], ids[2]] }),
      ]);
      expect(answers.map((a) => a.body.code)).toEqual([0, 0]);
      const after = [...(await orders(ids)).values()].map((r) => r.sortOrder).sort();
      expect(after).toEqual(held);
    });
  });
});
