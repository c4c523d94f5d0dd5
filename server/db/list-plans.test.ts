import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allFields, tableNameOf, type FieldDef, type ResourceDef } from '../../contract/resource';
import type { PageQuery } from '../../contract/resource-schema';
import { RESOURCES } from '../../contract/resources';
import type { Caller } from '../resources/engine/visibility';
import { POSTGRES_SKIP_REASON, testBackends } from '../test/backends';
import { fillGenerated, KEYWORD_OF } from '../test/generated-rows';
import { builtInStores } from '../test/stores';
import type { Database } from './client';
import { recordMessages } from './schema';

/**
 * No list query reads a table over 10,000 rows sequentially. The big tables get ROWS generated
 * rows each, the others a few hundred, then every list query the console can send (first page,
 * each sort both ways, each filter, the keyword, each scope) is planned as page() runs it
 * (ResourceStore.listStatements: the rows and the count) and its plan walked for a Seq Scan on
 * a large table. PostgreSQL only: the question is what a production database does at scale.
 */
const ROWS = 20_000;
const BIG = ['record', 'prompt-call', 'corpus-item', 'scene', 'prompt'];
const SMALL_ROWS = 300;
/** Tables above this many rows must not be read by a Seq Scan. */
const LARGE = 10_000;

/**
 * A Seq Scan is allowed only when a LIMIT above it stops it early and the planner expects at
 * least this share of the rows it reads to match: it then reads at most 1 / share × the limit's
 * rows, whatever the table's size (the capped count of an unfiltered list). A selective filter
 * under a LIMIT is not stopped early: it may read the whole table to find its rows.
 */
const MATCHING_SHARE = 0.25;
/**
 * Seq Scans this test finds that indexes cannot remove, each with why and whose it is. The
 * test fails when one stops happening (delete it here then) as well as on any other.
 */
const KNOWN: Record<string, { pattern: RegExp; why: string }> = {};

/** Nodes that read all their input before answering: a Seq Scan below one is not stopped. */
const BLOCKING = new Set([
  'Sort',
  'Hash',
  'Aggregate',
  'Materialize',
  'SetOp',
  'WindowAgg',
  'Unique',
  'Group',
  'BitmapAnd',
  'BitmapOr',
]);

interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Plan Rows': number;
  'Parent Relationship'?: string;
  Filter?: string;
  Plans?: PlanNode[];
}

/** Every node of a plan, depth first, with the chain of nodes above it. */
function* nodes(node: PlanNode, above: PlanNode[] = []): Generator<[PlanNode, PlanNode[]]> {
  yield [node, above];
  for (const child of node.Plans ?? []) yield* nodes(child, [...above, node]);
}

/** A value present in a slice of the generated rows (server/test/generated-rows.ts). */
function presentValue(f: FieldDef): unknown {
  switch (f.type) {
    case 'enum':
      return f.options?.[1] ?? f.options?.[0];
    case 'tags':
      return 'tag7';
    case 'integer':
      return 7;
    case 'reference':
      return f.reference?.key === 'id' ? 7 : `${f.reference?.key}7`;
    default:
      return `${f.name}7`;
  }
}

/** The list queries the console can send for a resource: one per sort, filter and keyword. */
function queriesOf(def: ResourceDef): { name: string; query: PageQuery }[] {
  const page = { current: 1, pageSize: 20 };
  const out: { name: string; query: PageQuery }[] = [{ name: 'first page', query: page }];
  const fields = allFields(def).filter((f) => !f.derivedFrom);
  for (const f of fields.filter((g) => g.sortable)) {
    for (const order of ['asc', 'desc'] as const) {
      out.push({
        name: `sort ${f.name} ${order}`,
        query: { ...page, sorters: [{ field: f.name, order }] },
      });
    }
  }
  for (const f of fields.filter((g) => g.filter)) {
    const filters: PageQuery['filters'] =
      f.filter === 'eq'
        ? [{ field: f.name, operator: 'eq', value: presentValue(f) }]
        : f.filter === 'contains'
          ? [{ field: f.name, operator: 'contains', value: KEYWORD_OF(123) }]
          : f.type === 'datetime'
            ? [
                {
                  field: f.name,
                  operator: 'gte',
                  value: new Date(Date.now() - 86_400_000).toISOString(),
                },
              ]
            : [{ field: f.name, operator: 'gte', value: 990 }];
    out.push({ name: `filter ${f.name}`, query: { ...page, filters } });
  }
  if (fields.some((f) => f.search)) {
    // A rare keyword (the trigram indexes), one in no row, and one in an eighth of the rows
    // (then walking the sort's index and testing each row finds a page soonest).
    for (const keyword of [KEYWORD_OF(1234), '退货地址', '退款流程']) {
      out.push({ name: `keyword ${keyword}`, query: { ...page, keyword } });
    }
  }
  for (const scope of Object.keys(def.scopes ?? {})) {
    out.push({ name: `scope ${scope}`, query: { ...page, scope } });
  }
  return out;
}

const postgres = testBackends().find((b) => b.name === 'postgres');

if (!postgres) {
  describe('list plans at scale [postgres]', () => it.skip(POSTGRES_SKIP_REASON, () => {}));
} else {
  describe('list plans at scale [postgres]', () => {
    let db: Database;
    let close: (() => Promise<void>) | undefined;
    const storeOf = builtInStores(() => db);
    const large = new Set<string>();
    const sizes = new Map<string, number>();

    beforeAll(async () => {
      const opened = await postgres.open();
      db = opened.db;
      close = opened.close;
      await fillGenerated(
        db,
        RESOURCES.filter((d) => BIG.includes(d.name)),
        ROWS,
      );
      await fillGenerated(
        db,
        RESOURCES.filter((d) => !BIG.includes(d.name)),
        SMALL_ROWS,
      );
      // Each session's transcript: a record's messages in order.
      await db.execute(sql`
        insert into record_messages (record_id, seq, role, content)
        select 1 + g % ${ROWS}, g / ${ROWS}, (array['user', 'assistant'])[1 + g % 2],
               '订单退款流程 refund request ' || g
        from generate_series(0, ${ROWS - 1}) g`);
      await db.execute(sql`vacuum analyze record_messages`);
      const tables = (await db.execute(sql`
        select relname, reltuples from pg_class
        where relkind = 'r' and relnamespace = current_schema()::regnamespace`)) as unknown as {
        rows: { relname: string; reltuples: number }[];
      };
      for (const r of tables.rows) {
        sizes.set(r.relname, Number(r.reltuples));
        if (Number(r.reltuples) > LARGE) large.add(r.relname);
      }
    }, 600_000);
    afterAll(() => close?.());

    /**
     * Whether a LIMIT stops `scan` early: one sits above it with nothing in between that reads
     * all its input first, or runs it whole (a hashed subplan) or again per outer row (a join's
     * inner side, a subplan); and most rows it reads match (MATCHING_SHARE).
     */
    const stoppedEarly = (scan: PlanNode, above: PlanNode[], tableRows: number): boolean => {
      if (scan['Plan Rows'] < tableRows * MATCHING_SHARE) return false;
      let child = scan;
      for (let i = above.length - 1; i >= 0; i--) {
        const node = above[i] as PlanNode;
        const relation = child['Parent Relationship'];
        if (relation === 'Inner' || relation === 'SubPlan' || relation === 'InitPlan') return false;
        if (node['Node Type'] === 'Limit') return true;
        if (BLOCKING.has(node['Node Type'])) return false;
        child = node;
      }
      return false;
    };

    /** The plan of an EXPLAIN's answer. */
    const planOf = (result: unknown): PlanNode => {
      const cell = Object.values((result as { rows: Record<string, unknown>[] }).rows[0] ?? {})[0];
      const plan = (typeof cell === 'string' ? JSON.parse(cell) : cell) as { Plan: PlanNode }[];
      return plan[0]?.Plan as PlanNode;
    };

    /** Seq Scan nodes on large tables in the plan of `statement`, but those stopped early. */
    const seqScans = async (statement: SQL | PlanNode): Promise<string[]> => {
      const root =
        'Node Type' in statement
          ? statement
          : planOf(await db.execute(sql`explain (format json) ${statement}`));
      const found: string[] = [];
      for (const [node, above] of nodes(root)) {
        const table = node['Relation Name'] ?? '';
        if (node['Node Type'] !== 'Seq Scan' || !large.has(table)) continue;
        if (stoppedEarly(node, above, sizes.get(table) ?? Infinity)) continue;
        found.push(`Seq Scan on ${table}${node.Filter ? ` (${node.Filter})` : ''}`);
      }
      return found;
    };

    it('has large tables to check', () => {
      for (const def of RESOURCES.filter((d) => BIG.includes(d.name))) {
        expect([...large]).toContain(tableNameOf(def));
      }
      expect([...large]).toContain('record_messages');
    });

    const callers: Caller[] = [
      { id: 'ownerId7', role: 'admin' },
      { id: 'ownerId8', role: 'user' },
    ];

    /** Seq Scans each list query of `def` makes, as "<role> <query> (<statement>): <scans>". */
    const problemsOf = async (def: ResourceDef): Promise<string[]> => {
      const store = storeOf(def.name);
      const problems: string[] = [];
      for (const caller of callers) {
        for (const { name: what, query } of queriesOf(def)) {
          const queries: [string, PageQuery][] = [[what, query]];
          if (!query.filters && !query.keyword) {
            // The page after the first, by cursor: the keyset condition must keep the index.
            const { nextCursor } = await store.page(query, caller);
            if (nextCursor) queries.push([`${what}, next page`, { ...query, cursor: nextCursor }]);
          }
          for (const [label, q] of queries) {
            const { rows, counted, count } = store.listStatements(q, caller);
            const statements = [
              ['rows', rows],
              ['counted rows', counted],
              ['count', count],
            ] as const;
            for (const [kind, statement] of statements) {
              const scans = statement ? await seqScans(statement) : [];
              if (scans.length)
                problems.push(`${caller.role} ${label} (${kind}): ${scans.join('; ')}`);
            }
          }
        }
      }
      return problems;
    };

    it.each(RESOURCES.map((d) => [d.name, d] as const))(
      '%s: no list query reads a large table sequentially',
      async (_name, def) => {
        const problems = await problemsOf(def);
        const known = KNOWN[def.name];
        if (!known) {
          expect(problems).toEqual([]);
          return;
        }
        // A known problem still happens (remove it here once it is fixed), and nothing else.
        expect(problems.filter((p) => !known.pattern.test(p))).toEqual([]);
        expect(
          problems.some((p) => known.pattern.test(p)),
          known.why,
        ).toBe(true);
      },
    );

    /** Sort nodes in the plan of `statement`: rows the index order did not give. */
    const sorts = async (statement: SQL | PlanNode): Promise<string[]> => {
      const root =
        'Node Type' in statement
          ? statement
          : planOf(await db.execute(sql`explain (format json) ${statement}`));
      return [...nodes(root)]
        .map(([node]) => node['Node Type'])
        .filter((type) => type === 'Sort' || type === 'Incremental Sort');
    };

    // The page's order is (sort field, id): with the id in the index (resource-table.ts), rows
    // sharing a timestamp come out of the index in page order instead of being sorted after it.
    it.each(BIG.map((name) => [name] as const))(
      '%s: the first page and the next come in index order, unsorted',
      async (name) => {
        const store = storeOf(name);
        const caller = callers[0] as Caller;
        const first = { current: 1, pageSize: 20 };
        const { nextCursor } = await store.page(first, caller);
        expect(nextCursor).toBeTruthy();
        for (const query of [first, { ...first, cursor: nextCursor ?? undefined }]) {
          const { rows } = store.listStatements(query, caller);
          expect(await sorts(rows)).toEqual([]);
        }
      },
    );

    it('a session transcript reads its messages by index', async () => {
      const statement = db
        .select()
        .from(recordMessages)
        .where(eq(recordMessages.recordId, 7))
        .orderBy(asc(recordMessages.seq))
        .getSQL();
      expect(await seqScans(statement)).toEqual([]);
    });
  });
}
