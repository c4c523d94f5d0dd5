import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { apiPath } from '../../../contract/api';
import { Code } from '../../../contract/envelope';
import { RESOURCE_CONFIG_PATHS } from '../../../contract/resource-config-api';
import { normalizeTags, type TagsInUse } from '../../../contract/tags';
import { hashPassword } from '../../auth/password';
import type { Database } from '../../db/client';
import { MIGRATIONS_FOLDER } from '../../db/client';
import { corpusItems, records, users } from '../../db/schema';
import { describeBackends } from '../../test/backends';
import { useTestApp } from '../../test/harness';
import { KNOWLEDGE } from '../../resource-config/test-declarations';

/** Accounts of our own, so every tag in use is one these tests wrote: admin, user, other. */
async function accounts(db: Database): Promise<void> {
  const rows = [
    { id: '0', userName: 'admin', role: 'admin' as const },
    { id: '1', userName: 'user', role: 'user' as const },
    { id: '2', userName: 'other', role: 'user' as const },
  ];
  for (const row of rows) {
    await db.insert(users).values({ ...row, passwordHash: await hashPassword(row.userName) });
  }
}

interface Row {
  id: number;
  version: number;
  tags: string[];
}

/**
 * Free tags: one spelling whichever call writes them, and `<prefix>/tags` answering the tags in
 * use with counts over the rows the caller may see (personal templates are their owner's alone).
 */
describeBackends('tags in use', (backend) => {
  const t = useTestApp(backend, { seed: false, prepare: accounts });
  const tokens: Record<string, string> = {};
  const as = (who: string, path: string, body: unknown) =>
    t.post(apiPath(...path.split('/')), body, { token: tokens[who] });
  const ok = async <T>(who: string, path: string, body: unknown): Promise<T> => {
    const answer = await as(who, path, body);
    expect(answer.body.code, `${path}: ${JSON.stringify(answer.body)}`).toBe(0);
    return answer.body.data as T;
  };
  const inUse = (who: string, path: string, body: object) =>
    ok<TagsInUse>(who, path, { field: 'tags', ...body });
  const template = (who: string, scope: string, title: string, tags: string[]) =>
    ok<Row>(who, 'prompt/create', { title, content: '你好', scope, tags });

  let shared: Row;
  let secret: Row;
  beforeAll(async () => {
    for (const name of ['admin', 'user', 'other']) tokens[name] = await t.login(name);
    // The same tag typed three ways, on two platform templates and one personal one.
    shared = await template('user', 'public', '甲', ['ＡＰＩ　文档', 'GPT-4o']);
    await template('other', 'public', '乙', ['api 文档', 'Alpha-API']);
    secret = await template('user', 'personal', '丙', [' API  文档 ', '机密']);
  });

  describe('one spelling on every write', () => {
    it('create stores the normalised tags, repeats dropped', async () => {
      expect(shared.tags).toEqual(['api 文档', 'gpt-4o']);
      expect(secret.tags).toEqual(['api 文档', '机密']);
      const twice = await template('user', 'personal', '丁', ['VIP', 'ｖｉｐ', ' vip ']);
      expect(twice.tags).toEqual(['vip']);
      await ok('user', 'prompt/delete', { id: twice.id });
    });

    it('update stores them so too, on a template and on a session', async () => {
      const changed = await ok<Row>('user', 'prompt/update', {
        id: shared.id,
        version: shared.version,
        tags: ['ＡＰＩ　文档', 'GPT-4O', 'Beta'],
      });
      expect(changed.tags).toEqual(['api 文档', 'gpt-4o', 'beta']);
      shared = changed;

      const [session] = await t.db
        .insert(records)
        .values({ chatId: 'tags-session', title: '会话' })
        .returning();
      const updated = await ok<{ tag: string[] }>('user', 'record/update', {
        id: session!.id,
        version: session!.version,
        tag: ['ＶＩＰ', '高优先级　'],
      });
      expect(updated.tag).toEqual(['vip', '高优先级']);
    });

    it('an import stores them so too', async () => {
      const set = await ok<{ id: number }>('user', 'corpus/create', { corpusName: '标签集' });
      await ok('user', 'corpus/item/import', {
        corpusId: set.id,
        format: 'csv',
        content: 'question,tags\n问一,ＦＡＱ;Faq\n问二,faq;退款\n',
      });
      const stored = await t.db
        .select({ tags: corpusItems.tags })
        .from(corpusItems)
        .where(eq(corpusItems.corpusId, set.id))
        .orderBy(corpusItems.id);
      expect(stored.map((r) => r.tags)).toEqual([['faq'], ['faq', '退款']]);
      // Counted within the set, as its list's tag filter asks.
      const filters = [{ field: 'corpusId', operator: 'eq', value: set.id }];
      expect(await inUse('other', 'corpus/item/tags', { filters })).toEqual({
        list: [
          { tag: 'faq', count: 2 },
          { tag: '退款', count: 1 },
        ],
        total: 2,
      });
    });

    it('a list filter finds a tag however it is typed', async () => {
      const page = await ok<{ list: Row[] }>('other', 'prompt/page', {
        pageSize: 100,
        filters: [{ field: 'tags', operator: 'eq', value: 'ＡＰＩ　文档' }],
      });
      expect(page.list.map((r) => r.id)).toHaveLength(2);
    });
  });

  describe('<prefix>/tags', () => {
    it('counts each tag over the rows the caller may see, most used first', async () => {
      // The owner sees the personal template's tags.
      expect(await inUse('user', 'prompt/tags', {})).toEqual({
        list: [
          { tag: 'api 文档', count: 3 },
          { tag: 'alpha-api', count: 1 },
          { tag: 'beta', count: 1 },
          { tag: 'gpt-4o', count: 1 },
          { tag: '机密', count: 1 },
        ],
        total: 5,
      });
    });

    it('a tag only on another account’s personal row does not exist for anyone else', async () => {
      for (const who of ['other', 'admin']) {
        const answer = await inUse(who, 'prompt/tags', {});
        expect(answer.list.map((r) => r.tag)).not.toContain('机密');
        expect(answer.list).toContainEqual({ tag: 'api 文档', count: 2 });
        expect(answer.total).toBe(4);
      }
      expect(await inUse('other', 'prompt/tags', { keyword: '机' })).toEqual({
        list: [],
        total: 0,
      });
    });

    it('counts within a scope', async () => {
      expect(await inUse('user', 'prompt/tags', { scope: 'personal' })).toEqual({
        list: [
          { tag: 'api 文档', count: 1 },
          { tag: '机密', count: 1 },
        ],
        total: 2,
      });
    });

    it('searches by substring, tags that start with it first, however it is typed', async () => {
      const answer = await inUse('other', 'prompt/tags', { keyword: 'ＡＰＩ' });
      expect(answer.list).toEqual([
        { tag: 'api 文档', count: 2 },
        { tag: 'alpha-api', count: 1 },
      ]);
      const prefix = await inUse('other', 'prompt/tags', { keyword: 'a' });
      // Both start with "a": the more used first; "beta" only contains it.
      expect(prefix.list.map((r) => r.tag)).toEqual(['api 文档', 'alpha-api', 'beta']);
      // LIKE's wildcards are plain characters.
      expect((await inUse('other', 'prompt/tags', { keyword: '%' })).list).toEqual([]);
    });

    it('is bounded by limit; total counts every match', async () => {
      const answer = await inUse('user', 'prompt/tags', { limit: 2 });
      expect(answer.list).toHaveLength(2);
      expect(answer.total).toBe(5);
      const tooMany = await as('user', 'prompt/tags', { field: 'tags', limit: 1000 });
      expect(tooMany.body.code).toBe(Code.INVALID);
    });

    it('answers only for free tag fields', async () => {
      const assignees = await as('user', 'corpus/item/tags', { field: 'assignees' });
      expect(assignees.body.code).toBe(Code.INVALID);
      // A resource without free tags has no such call.
      const scenes = await as('user', 'scene/tags', { field: 'tags' });
      expect(scenes.body.code).toBe(Code.NOT_FOUND);
    });

    it('asks for a login', async () => {
      const anonymous = await t.post(apiPath('prompt', 'tags'), { field: 'tags' });
      expect(anonymous.body.code).toBe(Code.TOKEN_INVALID);
    });
  });

  it('a configured resource’s tags: one spelling on write, and its tags in use', async () => {
    const declared = await t.post(
      RESOURCE_CONFIG_PATHS.create,
      { declaration: KNOWLEDGE },
      { token: tokens.admin },
    );
    expect(declared.body.code, JSON.stringify(declared.body)).toBe(0);
    const first = await ok<Row>('user', 'knowledge/create', {
      title: '甲',
      tags: ['ＡＰＩ　Docs', 'x'],
    });
    expect(first.tags).toEqual(['api docs', 'x']);
    await ok('user', 'knowledge/create', { title: '乙', tags: [' API docs '] });
    expect(await inUse('other', 'knowledge/tags', {})).toEqual({
      list: [
        { tag: 'api docs', count: 2 },
        { tag: 'x', count: 1 },
      ],
      total: 2,
    });
    const page = await ok<{ total: number }>('other', 'knowledge/page', {
      filters: [{ field: 'tags', operator: 'eq', value: 'API DOCS' }],
    });
    expect(page.total).toBe(2);
  });

  it('the migration gives stored tags the spelling the server writes now', async () => {
    const typed = [
      ['ＡＰＩ　文档', 'api 文档', ' API\t文档 '],
      ['ＧＰＴ－４ｏ', 'Café', 'ÉCOLE', '', '　'],
      ['高优先级（Ｐ０）', '售后\u00a0\u00a0退款', 'Q3 目标复盘', 'ΑΒΓ'],
    ];
    const ids: number[] = [];
    for (const [i, tag] of typed.entries()) {
      // Written past the store, as rows were before: exactly as given.
      const [row] = await t.db
        .insert(records)
        .values({ chatId: `tags-migration-${i}`, title: '旧会话', tag })
        .returning({ id: records.id });
      ids.push(row!.id as number);
    }
    const migration = readFileSync(`${MIGRATIONS_FOLDER}/0016_tags_one_spelling.sql`, 'utf8');
    const statements = migration
      .split('--> statement-breakpoint')
      .map((s) => s.trim())
      .filter((s) => !/^(--.*\n)*(ALTER TABLE|CREATE INDEX)/.test(s));
    await t.db.transaction(async (tx) => {
      for (const statement of statements) await tx.execute(sql.raw(statement));
    });
    for (const [i, id] of ids.entries()) {
      const [row] = await t.db.select({ tag: records.tag }).from(records).where(eq(records.id, id));
      expect(row!.tag).toEqual(normalizeTags(typed[i]!));
    }
  });
});
