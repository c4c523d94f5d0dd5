import { sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { beforeAll, expect, it, vi } from 'vitest';
import { apiPath } from '../../../contract/api';
import { decodeCursor, encodeCursor, MAX_OFFSET_ROWS } from '../../../contract/page-cursor';
import type { PageQuery } from '../../../contract/resource-schema';
import { describeBackends } from '../../test/backends';
import { useTestApp } from '../../test/harness';
import { builtInStores } from '../../test/stores';
import { COUNT_LIMIT } from './paging';

it('a cursor survives encoding, and anything else is not one', () => {
  const cursor = { after: true, key: ['2026-01-02 03:04:05.123456+00', '标题', 7, null] };
  expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
  expect(decodeCursor(encodeCursor({ after: false, key: [1] }))).toEqual({
    after: false,
    key: [1],
  });
  for (const bad of ['', 'not base64!', 'e30', btoa('{"a":2,"k":[1]}'), btoa('[1]')]) {
    expect(decodeCursor(bad)).toBeUndefined();
  }
  expect(decodeCursor('A'.repeat(5000))).toBeUndefined();
});

/** Keyset paging: cursors walk a list exactly as offsets do, both ways. */
describeBackends('list paging by cursor and bounded totals', (backend) => {
  const t = useTestApp(backend);
  let token = '';
  beforeAll(async () => {
    token = await t.login('admin');
  });
  const store = builtInStores(() => t.db);
  const admin = { id: '0', role: 'admin' as const };

  /** Every id of the list in one page, then by next cursors, then back by previous cursors. */
  async function walk(name: string, query: Omit<PageQuery, 'current' | 'pageSize'>, size: number) {
    const s = store(name);
    // The whole list as one page, in the list's plain ORDER BY (no keyset condition).
    const whole = await s.page({ ...query, current: 1, pageSize: 100_000 }, admin);
    expect(whole.nextCursor).toBeNull();
    const all = whole.list.map((r) => r.id as number);
    const forward: number[][] = [];
    let page = await s.page({ ...query, current: 1, pageSize: size }, admin);
    expect(page.prevCursor).toBeNull();
    forward.push(page.list.map((r) => r.id as number));
    while (page.nextCursor) {
      page = await s.page({ ...query, current: 1, pageSize: size, cursor: page.nextCursor }, admin);
      if (page.list.length) forward.push(page.list.map((r) => r.id as number));
    }
    const backward: number[][] = [];
    let back = page;
    while (back.prevCursor) {
      back = await s.page({ ...query, current: 1, pageSize: size, cursor: back.prevCursor }, admin);
      backward.unshift(back.list.map((r) => r.id as number));
    }
    return { all, forward, backward, last: page };
  }

  it('next cursors give every row once, in the order of the whole list', async () => {
    const cases: [string, PageQuery['sorters']][] = [
      ['prompt-call', undefined],
      ['prompt-call', [{ field: 'totalTokens', order: 'asc' }]],
      [
        'prompt-call',
        [
          { field: 'promptTokens', order: 'desc' },
          { field: 'callTime', order: 'asc' },
        ],
      ],
      ['scene', [{ field: 'sceneName', order: 'desc' }]],
      // Nullable: empty values sort last both ways, and cursors cross them.
      ['model-evaluate', [{ field: 'startedAt', order: 'asc' }]],
      ['model-evaluate', [{ field: 'startedAt', order: 'desc' }]],
    ];
    for (const [name, sorters] of cases) {
      const size = name === 'prompt-call' ? 97 : name === 'model-evaluate' ? 2 : 7;
      const { all, forward, backward } = await walk(name, { sorters }, size);
      expect(all.length, name).toBeGreaterThan(size);
      expect(forward.flat(), `${name} ${JSON.stringify(sorters)}`).toEqual(all);
      // Back from the last page: the earlier pages again, the first one as page 1 itself.
      expect(backward.flat(), `${name} back`).toEqual(all.slice(0, backward.flat().length));
      expect(backward[0]).toEqual(forward[0]);
    }
  });

  it('filters and keywords apply to cursor pages too', async () => {
    const filters = [{ field: 'assessment', operator: 'eq' as const, value: 1 }];
    const { all, forward } = await walk('prompt-call', { filters }, 5);
    expect(forward.flat()).toEqual(all);
    const offset = await store('prompt-call').page({ filters, current: 1, pageSize: 1 }, admin);
    expect(offset.total).toBe(all.length);
    expect(offset.totalExact).toBe(true);
  });

  it('rows created in the same millisecond are neither skipped nor repeated', async () => {
    // Six scenes whose creation times differ by microseconds only: a cursor holding a
    // JavaScript Date (milliseconds) would lose their order.
    await t.db.execute(sql`
      insert into scenes (scene_name, scene_code, type, created_at)
      select 'µs ' || g, 'micro-' || g, 0, timestamptz '2030-01-01 00:00:00.123' + g * interval '1 microsecond'
      from generate_series(1, 6) g`);
    const { all, forward } = await walk('scene', {}, 2);
    expect(forward.flat()).toEqual(all);
    expect(new Set(forward.flat()).size).toBe(all.length);
  });

  it('a short page tells the exact total; a result past the count limit is estimated', async () => {
    const calls = store('prompt-call');
    const small = await calls.page({ current: 1, pageSize: 10 }, admin);
    expect(small.totalExact).toBe(true);

    await t.db.execute(sql`
      insert into scenes (scene_name, scene_code, type)
      select 'bulk ' || g, 'bulk-' || g, g % 2 from generate_series(1, ${COUNT_LIMIT + 50}) g`);
    await t.db.execute(sql`analyze scenes`);
    const big = await store('scene').page({ current: 1, pageSize: 10 }, admin);
    expect(big.totalExact).toBe(false);
    expect(big.total).toBeGreaterThan(COUNT_LIMIT);
    const exact = await store('scene').page({ current: 1, pageSize: 10, exactTotal: true }, admin);
    expect(exact.totalExact).toBe(true);
    const [row] = (
      (await t.db.execute(
        sql`select count(*)::int as n from scenes where is_del = 0`,
      )) as unknown as {
        rows: { n: number }[];
      }
    ).rows;
    expect(exact.total).toBe(row?.n);
    // A filter that matches few rows is counted exactly.
    const few = await store('scene').page({ current: 1, pageSize: 1, keyword: 'bulk 1234' }, admin);
    expect(few).toMatchObject({ totalExact: true });
    expect(few.total).toBeGreaterThanOrEqual(1);

    // A large table's rows carry no count (the catalogue says the table is large, and the
    // count in the CASE never runs); the planner's estimate of the WHERE is the total.
    const statements: string[] = [];
    // Every statement, on the pool or in a transaction, is rendered by the dialect.
    const render = PgDialect.prototype.sqlToQuery;
    const spy = vi.spyOn(PgDialect.prototype, 'sqlToQuery').mockImplementation(function (
      this: PgDialect,
      ...args: Parameters<PgDialect['sqlToQuery']>
    ) {
      const built = render.apply(this, args);
      statements.push(built.sql.toLowerCase());
      return built;
    });
    const query = { current: 2, pageSize: 10, sorters: [{ field: 'sceneName', order: 'asc' }] };
    try {
      const again = await store('scene').page(query as PageQuery, admin);
      expect(again).toMatchObject({ totalExact: false });
      expect(again.total).toBeGreaterThan(COUNT_LIMIT);
      expect(again.list).toHaveLength(10);
      expect(statements).toHaveLength(2);
      expect(statements[0]).toContain('reltuples');
      expect(statements[1]).toMatch(/^explain/);

      // A small result of a large table: the estimate is small, so the result is counted.
      statements.length = 0;
      const small = await store('scene').page(
        { current: 1, pageSize: 5, keyword: 'bulk 77' },
        admin,
      );
      expect(small.totalExact).toBe(true);
      expect(statements).toHaveLength(3);
      expect(statements[1]).toMatch(/^explain/);
      expect(statements[2]).toMatch(/limit \$\d+\) "capped"/);

      // A small table's total comes with its rows, in one statement.
      statements.length = 0;
      const directives = await store('directive').page({ current: 1, pageSize: 2 }, admin);
      expect(directives.totalExact).toBe(true);
      expect(statements).toHaveLength(1);
    } finally {
      spy.mockRestore();
    }
    const { counted } = store('scene').listStatements(query as PageQuery, admin);
    const plan = (await t.db.execute(
      sql`explain (analyze, costs off, timing off, summary off) ${counted}`,
    )) as unknown as { rows: Record<string, string>[] };
    const text = plan.rows.map((r) => Object.values(r)[0]).join('\n');
    expect(text).toMatch(/Aggregate \(never executed\)/);
  });

  it('refuses offsets past the bound and foreign cursors with 40000, in both languages', async () => {
    const page = (body: object, lang = 'zh-CN') =>
      t.post(apiPath('scene', 'page'), body, { token, lang });
    const deep = await page({ current: MAX_OFFSET_ROWS / 10 + 1, pageSize: 10 });
    expect(deep.body.code).toBe(40000);
    expect(deep.body.msg).toContain('下一页');
    const deepEn = await page({ current: MAX_OFFSET_ROWS / 10 + 1, pageSize: 10 }, 'en-US');
    expect(deepEn.body.msg).toContain('Next');
    expect((await page({ current: MAX_OFFSET_ROWS / 10, pageSize: 10 })).body.code).toBe(0);

    const first = (await page({ current: 1, pageSize: 3 })).body.data as { nextCursor: string };
    expect(first.nextCursor).toEqual(expect.any(String));
    // A cursor of the default sort (two key values) does not fit a two-sorter list (three).
    const foreign = await page({
      pageSize: 3,
      cursor: first.nextCursor,
      sorters: [
        { field: 'sceneName', order: 'asc' },
        { field: 'createdAt', order: 'asc' },
      ],
    });
    expect(foreign.body.code).toBe(40000);
    expect((foreign.body.data as { issues: { field: string }[] }).issues[0]?.field).toBe('cursor');
    for (const cursor of ['garbage!', encodeCursor({ after: true, key: [1] })]) {
      const res = await page({ pageSize: 3, cursor }, 'en-US');
      expect(res.body.code).toBe(40000);
      expect(res.body.msg).toContain('first page');
    }
    // A key of the right length but the wrong type is the database's to refuse: still 40000.
    const wrongType = await page({
      pageSize: 3,
      cursor: encodeCursor({ after: true, key: ['x', 'y'] }),
    });
    expect(wrongType.body.code).toBe(40000);
  });
});
