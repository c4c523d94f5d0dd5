import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { encodeCursor } from '../../contract/page-cursor';
import {
  allFields,
  operatorsFor,
  type FieldDef,
  type FilterOperator,
  type ResourceDef,
} from '../../contract/resource';
import type { PageQuery } from '../../contract/resource-schema';
import { resourceByName } from '../../contract/resources';
import type { Preparable, Prepared } from '../db/prepared';
import { describeBackends } from '../test/backends';
import { useTestApp } from '../test/harness';
import { builtInStores, demoUserCaller } from '../test/stores';
import { MAX_NAMED_LIST_STATEMENTS, prepareList, ShapeCache, shapeOf } from './list-statements';
import { readPage, shapeTexts } from './paging';
import type { Row } from './rows';
import type { Caller } from './visibility';

const page = (extra: Partial<PageQuery> = {}): PageQuery => ({
  current: 1,
  pageSize: 10,
  ...extra,
});

describe('the shape of a list request', () => {
  it('is the same for other values and differs for another statement text', () => {
    const eq = (value: unknown): PageQuery['filters'] => [
      { field: 'userId', operator: 'eq', value },
    ];
    const one = shapeOf(page({ filters: eq('a'), keyword: '内存' }), undefined);
    expect(shapeOf(page({ filters: eq('b'), keyword: '泄漏 ' }), undefined)).toBe(one);
    const others = [
      page({ filters: eq('a') }),
      page({ filters: eq(['a']), keyword: 'x' }),
      page({ filters: [{ field: 'userId', operator: 'in', value: [] }], keyword: 'x' }),
      page({ filters: [{ field: 'userId', operator: 'ne', value: 'a' }], keyword: 'x' }),
      page({ filters: eq('a'), keyword: 'x', pageSize: 20 }),
      page({ filters: eq('a'), keyword: 'x', current: 2 }),
      page({ filters: eq('a'), keyword: 'x', scope: 'public' }),
      page({ filters: eq('a'), keyword: 'x', sorters: [{ field: 'callTime', order: 'asc' }] }),
    ].map((q) => shapeOf(q, undefined));
    expect(new Set([one, ...others]).size).toBe(others.length + 1);
    // Pages 2 and 3 share a shape (OFFSET is a placeholder); page 1 has none.
    expect(shapeOf(page({ current: 2 }), undefined)).toBe(shapeOf(page({ current: 3 }), undefined));
  });

  it('tells cursors apart by direction and by which key values are empty', () => {
    const q = page();
    const after = shapeOf(q, { after: true, key: ['2026-01-01', 7] });
    expect(shapeOf(q, { after: true, key: ['2025-12-31', 9] })).toBe(after);
    expect(shapeOf(q, { after: false, key: ['2026-01-01', 7] })).not.toBe(after);
    expect(shapeOf(q, { after: true, key: [null, 7] })).not.toBe(after);
    expect(shapeOf(q, undefined)).not.toBe(after);
  });
});

describe('compiled statements kept per store', () => {
  it('keeps at most its bound of shapes per database, the least recently used going first', () => {
    const cache = new ShapeCache<number>(3);
    const db = {} as never;
    let built = 0;
    const get = (shape: string) => cache.get(db, shape, () => ++built);
    expect([get('a'), get('b'), get('c'), get('a')]).toEqual([1, 2, 3, 1]);
    get('d'); // b was used least recently
    expect(cache.size(db)).toBe(3);
    expect(get('a')).toBe(1);
    expect(get('b')).toBe(5);
    // Another database handle (the lists' pool) has statements of its own.
    const other = {} as never;
    expect(cache.get(other, 'a', () => 99)).toBe(99);
  });

  it('names a statement after its text while the budget lasts, then runs new texts unnamed', () => {
    const names: string[] = [];
    const fake = (text: string): Preparable<Row> => ({
      toSQL: () => ({ sql: text }),
      prepare: (name: string): Prepared<Row> => {
        names.push(name);
        return { execute: async () => [] };
      },
    });
    const budget = new Set<string>();
    prepareList(fake('select 1 -- keyword'), false, budget);
    expect(names.pop()).toBe('');
    for (let i = 0; i <= MAX_NAMED_LIST_STATEMENTS; i++) {
      prepareList(fake(`select ${i}`), true, budget);
    }
    const named = names.filter((n) => n !== '');
    expect(named.length).toBe(MAX_NAMED_LIST_STATEMENTS);
    expect(names.at(-1)).toBe('');
    // A text named before keeps its name: the same name it had on every connection.
    prepareList(fake('select 0'), true, budget);
    expect(names.at(-1)).toBe(named[0]);
    expect(named[0]).toMatch(/^list_[\w-]{24}$/);
  });
});

/**
 * Every kind of list request, compiled once per shape and run with each request's values,
 * answers what the same request built with its values answers (server/resources/paging.ts).
 */
describeBackends('compiled list statements', (backend) => {
  const t = useTestApp(backend);
  const store = builtInStores(() => t.db);
  const admin: Caller = { id: '0', role: 'admin' };
  let user: Caller;
  beforeAll(async () => {
    user = await demoUserCaller(t.db);
  });

  /** The request answered without compiling, and compiled (twice: built, then kept). */
  async function both(name: string, query: PageQuery, caller: Caller) {
    const s = store(name);
    const direct = await readPage({ ...s.lists, compiled: undefined }, query, caller);
    const compiled = await s.page(query, caller);
    const again = await s.page(query, caller);
    return { direct, compiled, again };
  }

  /** Queries of every operator each filterable field offers, with values from real rows. */
  function queriesFor(def: ResourceDef, rows: Row[]): PageQuery[] {
    const out: PageQuery[] = [page(), page({ current: 2, pageSize: 3 })];
    const fields = allFields(def);
    for (const f of fields.filter((x) => x.sortable)) {
      out.push(page({ sorters: [{ field: f.name, order: 'asc' }], pageSize: 4 }));
      out.push(page({ sorters: [{ field: f.name, order: 'desc' }], current: 2, pageSize: 4 }));
    }
    for (const f of fields.filter(
      (x): x is FieldDef & { filter: NonNullable<FieldDef['filter']> } => Boolean(x.filter),
    )) {
      const values = rows.map((r) => r[f.name]).filter((v) => v !== null && v !== undefined);
      const [a, b] = [values[0], values[values.length - 1]];
      if (a === undefined) continue;
      const scalar = (v: unknown) => (Array.isArray(v) ? v[0] : v);
      for (const operator of operatorsFor(f.filter) as FilterOperator[]) {
        if (f.type === 'tags' && !['eq', 'ne', 'in'].includes(operator)) continue;
        const value =
          operator === 'in'
            ? [scalar(a), scalar(b)].filter((v) => v !== undefined)
            : operator === 'contains'
              ? String(scalar(a)).slice(1, 3)
              : scalar(a);
        out.push(page({ filters: [{ field: f.name, operator, value: value as never }] }));
        // Other values, the same statement.
        if (operator !== 'in' && b !== undefined) {
          const other = operator === 'contains' ? String(scalar(b)).slice(0, 2) : scalar(b);
          out.push(page({ filters: [{ field: f.name, operator, value: other as never }] }));
        }
      }
      if (f.filter === 'eq') {
        out.push(page({ filters: [{ field: f.name, operator: 'in', value: [] }] }));
      }
    }
    const searchable = fields.find((x) => x.search);
    const text = searchable ? rows.map((r) => r[searchable.name]).find((v) => v) : undefined;
    if (typeof text === 'string') out.push(page({ keyword: text.slice(0, 2) }));
    for (const scope of Object.keys(def.scopes ?? {})) out.push(page({ scope }));
    return out;
  }

  it('answers as the uncompiled list does, for every filter, sort, keyword and scope', async () => {
    const names = ['scene', 'prompt', 'prompt-call', 'record', 'corpus', 'model-evaluate'];
    let checked = 0;
    for (const name of names) {
      const def = resourceByName(name) as ResourceDef;
      const sample = await store(name).page(page({ pageSize: 50 }), admin);
      for (const caller of [admin, user]) {
        for (const query of queriesFor(def, sample.list)) {
          const { direct, compiled, again } = await both(name, query, caller);
          const what = `${name} as ${caller.role}: ${JSON.stringify(query)}`;
          expect(compiled, what).toEqual(direct);
          expect(again, what).toEqual(direct);
          checked++;
        }
      }
    }
    expect(checked).toBeGreaterThan(200);
  });

  it('walks cursors both ways, empty sort values included, as the uncompiled list does', async () => {
    const cases: [string, PageQuery['sorters']][] = [
      ['prompt-call', undefined],
      ['scene', [{ field: 'sceneName', order: 'desc' }]],
      ['model-evaluate', [{ field: 'startedAt', order: 'asc' }]],
      ['model-evaluate', [{ field: 'startedAt', order: 'desc' }]],
    ];
    for (const [name, sorters] of cases) {
      let next: string | null = (await store(name).page(page({ sorters, pageSize: 2 }), admin))
        .nextCursor;
      for (let i = 0; next && i < 6; i++) {
        const query = page({ sorters, pageSize: 2, cursor: next });
        const { direct, compiled } = await both(name, query, admin);
        expect(compiled, `${name} ${i}`).toEqual(direct);
        if (compiled.prevCursor) {
          const back = await both(
            name,
            page({ sorters, pageSize: 2, cursor: compiled.prevCursor }),
            admin,
          );
          expect(back.compiled).toEqual(back.direct);
        }
        next = compiled.nextCursor;
      }
    }
    // A cursor whose key holds an empty value (NULLS LAST) is a shape of its own.
    const nullKey = encodeCursor({ after: true, key: [null, 1] });
    const query = page({ sorters: [{ field: 'startedAt', order: 'asc' }], cursor: nullKey });
    const { direct, compiled } = await both('model-evaluate', query, admin);
    expect(compiled).toEqual(direct);
  });

  it("writes the declaration's constants into the text, and no request value", async () => {
    // A partial index (scenes' live codes: `where is_del = 0`) serves a constant only.
    const { rows, generic } = shapeTexts(
      store('prompt-call').lists,
      page({ filters: [{ field: 'userId', operator: 'eq', value: 'someone' }] }),
    );
    expect(generic).toBe(true);
    expect(rows).toContain('"scenes"."is_del" = 0');
    expect(rows).toContain('"prompts"."is_public" = 1');
    expect(rows).toMatch(/"prompt_calls"\."user_id" = \$\d+/);
    expect(rows).not.toContain('someone');
    expect(rows).toMatch(/limit 11$/);
    const scoped = shapeTexts(store('prompt').lists, page({ scope: 'personal', keyword: 'x' }));
    expect(scoped.generic).toBe(false);
    expect(scoped.rows).toContain('"prompts"."is_public" = 0');
  });

  it('one statement serves every caller, each seeing only what they may', async () => {
    // Personal templates: the same shape, compiled once, for the admin and the user.
    const query = page({ scope: 'personal', pageSize: 100 });
    const mine = await store('prompt').page(query, user);
    const theirs = await store('prompt').page(query, admin);
    expect(mine.list.length).toBeGreaterThan(0);
    const ids = (p: { list: Row[] }) => new Set(p.list.map((r) => r.id));
    for (const id of ids(mine)) expect(ids(theirs).has(id)).toBe(false);
    expect(mine).toEqual((await both('prompt', query, user)).direct);
    expect(theirs).toEqual((await both('prompt', query, admin)).direct);
  });

  it.runIf(backend.name === 'postgres')(
    'names a filtered list on PostgreSQL and leaves a keyword list unnamed',
    async () => {
      const named = async () =>
        (
          (await t.db.execute(
            sql`select count(*)::int as n from pg_prepared_statements where name like 'list_%'`,
          )) as unknown as { rows: { n: number }[] }
        ).rows[0]!.n;
      // The pool may hand any connection: run on each until this one has the statement.
      const query = page({ filters: [{ field: 'assessment', operator: 'eq', value: 2 }] });
      let seen = 0;
      for (let i = 0; i < 20 && seen === 0; i++) {
        await store('prompt-call').page(query, user);
        seen = await named();
      }
      expect(seen).toBeGreaterThan(0);
      await store('prompt-call').page(page({ keyword: '内存' }), user);
      const keyword = (await t.db.execute(
        sql`select count(*)::int as n from pg_prepared_statements where statement ilike '%ilike%'`,
      )) as unknown as { rows: { n: number }[] };
      expect(keyword.rows[0]!.n).toBe(0);
    },
  );
});
