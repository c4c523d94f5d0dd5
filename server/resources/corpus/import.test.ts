import { beforeAll, describe, expect, it } from 'vitest';
import { apiPath } from '../../../contract/api';
import { Code } from '../../../contract/envelope';
import { MAX_IMPORT_ROWS } from '../../../contract/resources/corpus-item';
import { hashPassword } from '../../auth/password';
import type { Database } from '../../db/client';
import { users } from '../../db/schema';
import { describeBackends } from '../../test/backends';
import { useTestApp } from '../../test/harness';

interface Corpus {
  id: number;
  itemCount: number;
  state: string;
}
interface Issues {
  issues: { field: string; message: string }[];
  omittedIssues?: number;
}

async function accounts(db: Database): Promise<void> {
  await db
    .insert(users)
    .values({ id: '1', userName: 'user', role: 'user', passwordHash: await hashPassword('user') });
}

/** Import of items from CSV and JSONL, all or nothing, and the JSONL export. */
describeBackends('corpus item import and JSONL export', (backend) => {
  const t = useTestApp(backend, { seed: false, prepare: accounts });
  let token = '';
  beforeAll(async () => {
    token = await t.login('user');
  });
  const post = (path: string, body: unknown, lang = 'zh-CN') =>
    t.post(apiPath(...path.split('/')), body, { token, lang });
  const ok = async <T>(path: string, body: unknown): Promise<T> => {
    const answer = await post(path, body);
    expect(answer.body.code, `${path}: ${JSON.stringify(answer.body)}`).toBe(0);
    return answer.body.data as T;
  };
  const newCorpus = () => ok<Corpus>('corpus/create', { corpusName: '导入测试' });
  const itemCount = async (id: number) => (await ok<Corpus>('corpus/detail', { id })).itemCount;
  const items = async (corpusId: number) =>
    (
      await ok<{ list: { question: string; answer: string | null; tags: string[] }[] }>(
        'corpus/item/page',
        {
          pageSize: 100,
          filters: [{ field: 'corpusId', operator: 'eq', value: corpusId }],
          sorters: [],
        },
      )
    ).list;
  const importFile = (corpusId: number, format: string, content: string, lang?: string) =>
    post('corpus/item/import', { corpusId, format, content }, lang);

  describe('CSV', () => {
    it('reads Chinese headers, a BOM, quoted line breaks and tags', async () => {
      const set = await newCorpus();
      const csv =
        '\uFEFF问题,回答,推荐回答,标签\r\n' +
        '如何退货？,"登录后\r\n在订单页申请",七天内可退,售后|退货\r\n' +
        '"运费谁出, 谁承担？",,,"物流,运费"\r\n' +
        '\r\n' +
        "'=1+1,公式,,\r\n";
      const answer = await ok<{ count: number }>('corpus/item/import', {
        corpusId: set.id,
        format: 'csv',
        content: csv,
      });
      expect(answer).toEqual({ count: 3 });
      expect(await itemCount(set.id)).toBe(3);
      const list = await items(set.id);
      expect(list.map((i) => [i.question, i.answer, i.tags])).toEqual([
        ['如何退货？', '登录后\n在订单页申请', ['售后', '退货']],
        ['运费谁出, 谁承担？', null, ['物流', '运费']],
        // The apostrophe export puts before a formula is taken off again.
        ['=1+1', '公式', []],
      ]);
    });

    it('a bad row on line 3 refuses the whole file; a good file afterwards is imported', async () => {
      const set = await newCorpus();
      const bad = 'question,answer\n好问题,好回答\n,没有问题\n另一个,回答\n';
      const refused = await importFile(set.id, 'csv', bad);
      expect(refused.status).toBe(400);
      expect(refused.body.code).toBe(Code.INVALID);
      const { issues } = refused.body.data as Issues;
      expect(issues).toHaveLength(1);
      expect(issues[0]!.field).toBe('content');
      // The row's field is named as the item form labels it.
      expect(issues[0]!.message).toBe('第 3 行：问题：必填');
      expect(await itemCount(set.id)).toBe(0);

      const english = await importFile(set.id, 'csv', bad, 'en-US');
      expect((english.body.data as Issues).issues[0]!.message).toBe(
        'line 3: Question: is required',
      );

      const good = 'question,answer\n好问题,好回答\n另一个,回答\n';
      expect(
        await ok('corpus/item/import', { corpusId: set.id, format: 'csv', content: good }),
      ).toEqual({ count: 2 });
      expect(await itemCount(set.id)).toBe(2);
    });

    it('counts file lines, not records, and names every bad row up to the bound', async () => {
      const set = await newCorpus();
      const long = 'x'.repeat(10_001);
      const csv = `question,tags\n"two\nlines",a\n${long},b\nok,"${'t'.repeat(33)}"\n`;
      const answer = await importFile(set.id, 'csv', csv, 'en-US');
      const { issues } = answer.body.data as Issues;
      expect(issues.map((i) => i.message)).toEqual([
        'line 4: Question: must be at most 10000 characters',
        'line 5: Tags.0: must be at most 32 characters',
      ]);
      const many = `question\n${' \n'.repeat(30)}`;
      // Blank rows are skipped, so a header with only blank lines is an empty file.
      expect((await importFile(set.id, 'csv', many, 'en-US')).body.msg).toContain('no rows');
      const bad = `question,answer\n${Array.from({ length: 30 }, () => ',x').join('\n')}\n`;
      const bounded = (await importFile(set.id, 'csv', bad)).body.data as Issues;
      expect(bounded.issues).toHaveLength(20);
      expect(bounded.omittedIssues).toBe(10);
      expect(await itemCount(set.id)).toBe(0);
    });

    it('an unterminated quote is a bad line', async () => {
      const set = await newCorpus();
      const answer = await importFile(set.id, 'csv', 'question\nok\n"never closed\n', 'en-US');
      expect((answer.body.data as Issues).issues[0]!.message).toBe('line 3: has an invalid format');
    });
  });

  describe('JSONL', () => {
    it('imports one object per line; a line that is not an object names its line', async () => {
      const set = await newCorpus();
      const good = [
        JSON.stringify({ question: '怎么开发票？', answer: '在订单页', tags: ['发票'] }),
        '',
        JSON.stringify({ question: '多久到货？', recommendedAnswer: '三天内', extra: 1 }),
      ].join('\n');
      expect(
        await ok('corpus/item/import', { corpusId: set.id, format: 'jsonl', content: good }),
      ).toEqual({ count: 2 });
      const bad = [
        JSON.stringify({ question: 'fine' }),
        '{not json',
        JSON.stringify({ question: 'x', tags: 'a,b' }),
        '[1]',
      ].join('\n');
      const answer = await importFile(set.id, 'jsonl', bad, 'en-US');
      expect((answer.body.data as Issues).issues.map((i) => i.message)).toEqual([
        'line 2: is not a JSON object',
        'line 3: Tags: must be of type array',
        'line 4: is not a JSON object',
      ]);
      expect(await itemCount(set.id)).toBe(2);
    });
  });

  describe('limits', () => {
    it('refuses an empty file, too many rows and an unknown set', async () => {
      const set = await newCorpus();
      const empty = await importFile(set.id, 'jsonl', '\n\n', 'en-US');
      expect(empty.body.code).toBe(Code.INVALID);
      expect(empty.body.msg).toBe('content: the file holds no rows to import');
      const headerOnly = await importFile(set.id, 'csv', '\uFEFFquestion,answer\n');
      expect(headerOnly.body.code).toBe(Code.INVALID);

      const rows = Array.from({ length: MAX_IMPORT_ROWS + 1 }, (_, i) =>
        JSON.stringify({ question: `q${i}` }),
      ).join('\n');
      const tooMany = await importFile(set.id, 'jsonl', rows, 'en-US');
      expect(tooMany.body.code).toBe(Code.INVALID);
      expect(tooMany.body.msg).toContain(String(MAX_IMPORT_ROWS));

      const noSet = await importFile(2_000_000_000, 'csv', 'question\nq\n');
      expect(noSet.body.code).toBe(Code.NOT_FOUND);
      expect(await itemCount(set.id)).toBe(0);
    });

    it('takes a file above the default 1 MB body limit in one transaction', async () => {
      const set = await newCorpus();
      const text = 'x'.repeat(1500);
      const rows = Array.from({ length: MAX_IMPORT_ROWS }, (_, i) => `${i} ${text}`);
      const csv = `question\n${rows.join('\n')}\n`;
      expect(Buffer.byteLength(JSON.stringify({ content: csv }))).toBeGreaterThan(5 * 1024 ** 2);
      expect(
        await ok('corpus/item/import', { corpusId: set.id, format: 'csv', content: csv }),
      ).toEqual({ count: MAX_IMPORT_ROWS });
      expect(await itemCount(set.id)).toBe(MAX_IMPORT_ROWS);
    });
  });

  describe('JSONL export', () => {
    it('answers one record per line keyed by field name, and re-imports', async () => {
      const set = await newCorpus();
      const content = [
        JSON.stringify({ question: '第一行\n有换行', tags: ['a', 'b'] }),
        JSON.stringify({ question: '第二', answer: '答' }),
      ].join('\n');
      await ok('corpus/item/import', { corpusId: set.id, format: 'jsonl', content });
      const response = await t.app.inject({
        method: 'POST',
        url: apiPath('corpus', 'item', 'export'),
        headers: { authorization: `Bearer ${token}` },
        payload: {
          format: 'jsonl',
          filters: [{ field: 'corpusId', operator: 'eq', value: set.id }],
        },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
      expect(response.headers['content-disposition']).toMatch(/corpus-item-\d{8}T\d{6}\.jsonl"$/);
      const lines = response.body.trimEnd().split('\n');
      expect(lines).toHaveLength(2);
      const records = lines.map((l) => JSON.parse(l) as Record<string, unknown>);
      expect(records[0]).toMatchObject({
        corpusId: set.id,
        corpusName: '导入测试',
        question: '第一行\n有换行',
        tags: ['a', 'b'],
        status: 'pending',
        label: null,
      });
      expect(records[1]).toMatchObject({ question: '第二', answer: '答', tags: [] });
      expect(Object.keys(records[0]!)).not.toContain('version');

      // What export writes, import reads back (unknown keys are ignored).
      const copy = await newCorpus();
      await ok('corpus/item/import', {
        corpusId: copy.id,
        format: 'jsonl',
        content: response.body,
      });
      expect((await items(copy.id)).map((i) => i.question)).toEqual(['第一行\n有换行', '第二']);

      // CSV stays the default.
      const csv = await t.app.inject({
        method: 'POST',
        url: apiPath('corpus', 'item', 'export'),
        headers: { authorization: `Bearer ${token}` },
        payload: { filters: [{ field: 'corpusId', operator: 'eq', value: set.id }] },
      });
      expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
      // The exported CSV (Chinese labels, BOM) imports again as well.
      const again = await newCorpus();
      await ok('corpus/item/import', { corpusId: again.id, format: 'csv', content: csv.body });
      expect((await items(again.id)).map((i) => [i.question, i.tags])).toEqual([
        ['第一行\n有换行', ['a', 'b']],
        ['第二', []],
      ]);
    });
  });
});
