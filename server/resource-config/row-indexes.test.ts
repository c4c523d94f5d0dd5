import { and, sql, type SQL } from 'drizzle-orm';
import { expect, it } from 'vitest';
import { resourceDeclarationSchema, toResourceDef } from '../../contract/resource-config';
import { resourceRows } from '../db/schema';
import { whereOf } from '../resources/engine/query';
import { describeBackends, useTestDatabase } from '../test/backends';
import { DocumentStore } from './document-store';
import { indexSpecsOf, searchText, syncIndexes } from './row-indexes';
import { KNOWLEDGE, type Input } from './test-declarations';

/**
 * KNOWLEDGE with its keyword reaching a number and a link too: their text is `::text` of the
 * value (query.ts textOf), which the trigram index must be built on to be used.
 */
const SEARCHED: Input = {
  ...KNOWLEDGE,
  fields: (KNOWLEDGE.fields as Input[]).map((f) =>
    f.name === 'views' || f.name === 'link' ? { ...f, search: true } : f,
  ),
};
const def = toResourceDef(resourceDeclarationSchema.parse(SEARCHED));
const searched = def.fields.filter((f) => f.search || f.filter === 'contains');

it('derives one trigram index per keyword or contains field, over the text the search reads', () => {
  const trigram = indexSpecsOf(def).filter((s) => s.create.includes('gin_trgm_ops'));
  expect(trigram.map((s) => s.field).sort()).toEqual(searched.map((f) => f.name).sort());
  for (const s of trigram) {
    const field = def.fields.find((f) => f.name === s.field);
    if (!field) throw new Error(s.field);
    expect(s.create).toContain(`(${searchText(field)}) gin_trgm_ops`);
    expect(s.create).toContain("WHERE resource = 'knowledge' AND is_del = 0");
  }
  const views = def.fields.find((f) => f.name === 'views');
  expect(views && searchText(views)).toMatch(/::text$/);
});

describeBackends('trigram indexes of configured resources', (backend) => {
  // A database alone: an app would sync the `rr_` indexes to its own declarations.
  const t = useTestDatabase(backend, async (db) => {
    await syncIndexes(db, [def]);
    // Rows of this resource and of another (the indexes are partial per resource).
    for (const resource of ['knowledge', 'other']) {
      await db.execute(sql`
        insert into resource_rows (resource, doc)
        select ${resource}, jsonb_build_object(
          'title', (array['提示模板调用', 'refund request', '订单退款流程'])[1 + g % 3] || ' k' || g,
          'body', '客服问答记录 invoice question ' || md5(g::text),
          'views', g,
          'link', 'https://example.com/' || g,
          'status', 'draft')
        from generate_series(1, 3000) g`);
    }
    // Statistics, and the GIN pending lists merged (the planner prices an unmerged one).
    await db.execute(sql`vacuum analyze resource_rows`);
  });

  const plan = async (query: SQL): Promise<string> =>
    t.db.transaction(async (tx) => {
      // Neither a sequential scan nor reading a whole (partial) B-tree can match '%…%'.
      await tx.execute(sql`set local enable_seqscan = off`);
      await tx.execute(sql`set local enable_indexscan = off`);
      const result = await tx.execute(sql`explain ${query}`);
      const rows = (result as unknown as { rows: Record<string, string>[] }).rows;
      return rows.map((r) => Object.values(r)[0]).join('\n');
    });

  const select = (where: SQL | undefined) => {
    const live = sql.raw(
      `"resource_rows"."resource" = 'knowledge' and "resource_rows"."is_del" = 0`,
    );
    return sql`select ${resourceRows.id} from ${resourceRows} where ${and(live, where)}`;
  };
  const columns = () => new DocumentStore(def, t.db).columns;
  const trigramNames = () =>
    indexSpecsOf(def)
      .filter((s) => s.create.includes('gin_trgm_ops'))
      .map((s) => s.name);

  it('the keyword reads the trigram index of every searched field', async () => {
    for (const keyword of ['退货地址', 'k1234']) {
      const text = await plan(select(whereOf(def, columns(), { keyword })));
      expect(text).not.toMatch(/Seq Scan/);
      for (const name of trigramNames()) expect(text, `${keyword}\n${text}`).toContain(name);
    }
  });

  it('a contains filter reads its field’s trigram index', async () => {
    const text = await plan(
      select(
        whereOf(def, columns(), {
          filters: [{ field: 'title', operator: 'contains', value: 'k1234' }],
        }),
      ),
    );
    const title = indexSpecsOf(def).find(
      (s) => s.field === 'title' && s.create.includes('gin_trgm_ops'),
    );
    expect(text).toContain(title?.name);
  });

  it('finds what ILIKE finds', async () => {
    const store = new DocumentStore(def, t.db);
    const page = await store.page(
      { current: 1, pageSize: 50, keyword: 'k1234' },
      { id: 'u', role: 'admin' },
    );
    // Among rows 1…3,000 only row 1234 says k1234 (k12340… would be past the end).
    expect(page.list.map((r) => r.title)).toEqual([expect.stringMatching(/ k1234$/)]);
  });
});
