import { and, count, eq, ne, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { verifyPassword } from '../auth/password';
import { describeBackends } from '../test/backends';
import type { Database, OpenedDatabase } from './client';
import { ANNOTATOR_IDS, DEMO_USER_ID, generateDemo } from './demo';
import { DEMO_MODEL_VERSIONS } from './demo/model-versions';
import { DEMO_RECORDS } from './demo/record';
import { RESOURCE_TABLES } from './resource-tables';
import { seed } from './seed';
import {
  corpora,
  corpusItems,
  corpusLabels,
  modelEvaluateResults,
  modelEvaluations,
  modelVersions,
  promptCalls,
  prompts,
  promptVersions,
  recordMessages,
  records,
  scenes,
  sessions,
  users,
} from './schema';

/** A fixed seeding moment, so generated content can be compared run to run. */
const NOW = Date.UTC(2025, 5, 18, 4, 30);

describeBackends('seed', (backend) => {
  let opened: OpenedDatabase;
  let db: Database;
  beforeAll(async () => {
    opened = await backend.open();
    db = opened.db;
  });
  afterAll(() => opened?.close());
  beforeEach(async () => {
    // TRUNCATE: deleting 70 000 demo rows one by one would take seconds per test.
    const tables = [sessions, users, modelVersions, ...Object.values(RESOURCE_TABLES)];
    await db.execute(sql`truncate ${sql.join(tables, sql`, `)} cascade`);
  });
  const accounts = async () => db.select().from(users).orderBy(users.id);
  const sceneCount = async () => (await db.select({ n: count() }).from(scenes))[0]?.n ?? 0;
  const demoScenes = generateDemo(NOW).scenes.length;

  /** How many rows a `select count(*)::int as bad …` query found. */
  const bad = async (query: SQL) =>
    // PGlite and node-postgres both answer { rows }.
    ((await db.execute(query)) as unknown as { rows: { bad: number }[] }).rows[0]?.bad;

  /** The seeded demo is whole and consistent in the database. */
  async function expectWholeDemo() {
    const total = async (query: Promise<{ n: number }[]>) => (await query)[0]?.n ?? 0;
    expect(await total(db.select({ n: count() }).from(prompts))).toBeGreaterThanOrEqual(200);
    expect(await total(db.select({ n: count() }).from(promptCalls))).toBe(20_000);
    expect(await total(db.select({ n: count() }).from(records))).toBe(2000);
    expect(await total(db.select({ n: count() }).from(modelVersions))).toBe(
      DEMO_MODEL_VERSIONS.length,
    );

    // One scene has a release gate on a demo corpus set and the demo model.
    const gated = await db
      .select({ gate: scenes.releaseGate })
      .from(scenes)
      .where(sql`${scenes.releaseGate} is not null`);
    expect(gated).toHaveLength(1);
    expect(gated[0]!.gate).toMatchObject({ thresholds: { rougeL: 30 }, maxDrop: 10 });

    // Messages: 10–40 per session, matching the session's count, tokens and last time.
    expect(
      await bad(sql`
      select count(*)::int as bad from records r
      join lateral (
        select count(*)::int as n, max(created_at) as last,
          coalesce(sum(prompt_tokens + completion_tokens), 0)::int as tokens
        from record_messages m where m.record_id = r.id
      ) m on true
      where m.n < 10 or m.n > 40 or m.n <> r.message_count or m.last <> r.modified_at
        or m.tokens <> r.total_tokens`),
    ).toBe(0);

    // Exactly one live version per template, with the template's content.
    const live = await db
      .select({ n: count() })
      .from(promptVersions)
      .innerJoin(prompts, eq(prompts.id, promptVersions.promptId))
      .where(
        and(
          eq(promptVersions.state, 'live'),
          eq(promptVersions.content, prompts.content),
          eq(promptVersions.number, prompts.liveVersion),
        ),
      );
    expect(live[0]?.n).toBe(await total(db.select({ n: count() }).from(prompts)));
    expect(
      await bad(sql`
      select count(*)::int as bad from prompts p
      where (select count(*) from prompt_versions v where v.prompt_id = p.id and v.state = 'live') <> 1`),
    ).toBe(0);

    // Bound scenes point at platform templates; calls at templates that exist.
    expect(
      await bad(sql`
      select count(*)::int as bad from scenes s left join prompts p on p.id = s.template_id
      where s.template_id is not null and (p.id is null or p.is_public <> 1)`),
    ).toBe(0);
    expect(
      await bad(sql`
      select count(*)::int as bad from prompt_calls c left join prompts p on p.id = c.template_id
      where p.id is null or (p.is_public = 0 and c.user_id <> p.owner_id)`),
    ).toBe(0);

    // json and tags columns hold arrays, not strings.
    const [template] = await db.select().from(prompts).where(eq(prompts.title, '客服欢迎语'));
    expect(template?.variables).toEqual([
      {
        name: '产品',
        type: 'select',
        fieldName: 'product',
        options: ['会员', '订单', '物流', '退款'],
      },
    ]);
    expect(template).toMatchObject({ liveVersion: 3, reviewState: 'none', pendingVersion: null });
    const [call] = await db.select().from(promptCalls).orderBy(promptCalls.id).limit(1);
    expect(call?.variables).toEqual([{ name: 'code', value: 'for f in files: open(f)' }]);
    const [session] = await db
      .select()
      .from(records)
      .where(eq(records.chatId, DEMO_RECORDS[0].chatId));
    expect(session?.tag).toEqual(['运维']);
    expect(
      await bad(sql`
      select count(*) filter (where jsonb_typeof(variables) <> 'array')::int as bad
      from prompt_calls`),
    ).toBe(0);
    const [message] = await db
      .select()
      .from(recordMessages)
      .where(eq(recordMessages.recordId, session!.id as number))
      .orderBy(recordMessages.seq)
      .limit(1);
    expect(message?.seq).toBe(1);

    // Directives, sets, items, evaluations, agents and plugins, in the demo's planned numbers.
    const sizes = await bad(sql`
      select ((select count(*) from directives) = 15 and (select count(*) from corpora) = 10
        and (select count(*) from corpus_items) = 2000 and (select count(*) from model_evaluations) = 6
        and (select count(*) from agents) = 8 and (select count(*) from plugin_configs) = 5)::int as bad`);
    expect(sizes).toBe(1);

    // A set's counts and state are what its items say (recounted here; a disputed item is
    // annotated: both labels are in).
    expect(
      await bad(sql`
      select count(*)::int as bad from corpora c
      join lateral (
        select count(*)::int as n,
          count(*) filter (where i.status in ('annotated', 'disputed', 'reviewed'))::int as annotated,
          count(*) filter (where i.status = 'disputed')::int as disputed,
          count(*) filter (where i.status = 'reviewed')::int as reviewed
        from corpus_items i where i.corpus_id = c.id
      ) i on true
      where i.n <> c.item_count or i.annotated <> c.annotated_count
        or i.reviewed <> c.reviewed_count
        or c.state <> case
          when i.annotated = 0 then 'pending'
          when i.annotated = i.n and i.disputed = 0
            and (not c.require_review or i.reviewed = i.n) then 'done'
          else 'marking' end`),
    ).toBe(0);
    // The double-annotated set: its annotated count is the items both annotators labelled.
    expect(
      await bad(sql`
      select count(*)::int as bad from corpora c
      where exists (select 1 from corpus_items i where i.corpus_id = c.id
          and cardinality(i.assignees) = 2)
        and c.annotated_count <> (
          select count(*) from corpus_items i where i.corpus_id = c.id and (
            select count(*) from corpus_labels l where l.item_id = i.id) = 2)`),
    ).toBe(0);
    const states = await db.select({ state: corpora.state }).from(corpora);
    expect(new Set(states.map((r) => r.state))).toEqual(new Set(['pending', 'marking', 'done']));

    // Every annotation has its annotator's label row; double-annotated items only the assignees'.
    expect(
      await bad(sql`
      select count(*)::int as bad from corpus_items i
      where i.status in ('annotated', 'reviewed', 'disputed') and not exists (
        select 1 from corpus_labels l
        where l.item_id = i.id and l.corpus_id = i.corpus_id and l.annotator_id = i.annotator_id)`),
    ).toBe(0);
    expect(
      await bad(sql`
      select count(*)::int as bad from corpus_labels l join corpus_items i on i.id = l.item_id
      where l.corpus_id <> i.corpus_id
        or (cardinality(i.assignees) > 0 and not (l.annotator_id = any(i.assignees)))
        or (cardinality(i.assignees) = 0 and l.annotator_id <> ${DEMO_USER_ID})`),
    ).toBe(0);
    const disputed = await db
      .select({ n: count() })
      .from(corpusItems)
      .where(eq(corpusItems.status, 'disputed'));
    expect(disputed[0]?.n).toBeGreaterThan(0);
    const [labelled] = await db
      .select({ n: count() })
      .from(corpusLabels)
      .where(eq(corpusLabels.annotatorId, ANNOTATOR_IDS[1]));
    expect(labelled?.n).toBeGreaterThan(50);

    // Evaluations: result counts recounted, results answer items of the evaluated set with one
    // of the evaluated versions.
    expect(
      await bad(sql`
      select count(*)::int as bad from model_evaluations e
      join lateral (
        select count(*)::int as n from model_evaluate_results r where r.evaluate_id = e.id
      ) r on true
      where r.n <> e.result_count or e.baseline_version <> e.model_versions[1]
        or jsonb_typeof(e.metrics) <> 'array'`),
    ).toBe(0);
    expect(
      await bad(sql`
      select count(*)::int as bad from model_evaluate_results r
      join model_evaluations e on e.id = r.evaluate_id
      left join corpus_items i on i.id = r.item_id and i.corpus_id = e.corpus_id
      where i.id is null or i.question <> r.question or not (r.model_version = any(e.model_versions))
        or jsonb_typeof(r.scores) <> 'object'`),
    ).toBe(0);
    const [completed] = await db
      .select({ n: count() })
      .from(modelEvaluations)
      .where(eq(modelEvaluations.state, 'completed'));
    expect(completed?.n).toBe(3);
    const [results] = await db.select({ n: count() }).from(modelEvaluateResults);
    expect(results?.n).toBeGreaterThan(300);

    // Directives, agents and evaluations use platform templates; agents name seeded things.
    expect(
      await bad(sql`
      select count(*)::int as bad from (
        select template_id from directives union all select template_id from agents
        union all select template_id from model_evaluations
      ) t left join prompts p on p.id = t.template_id
      where t.template_id is not null and (p.id is null or p.is_public <> 1)`),
    ).toBe(0);
    expect(
      await bad(sql`
      select count(*)::int as bad from agents a
      where exists (select 1 from unnest(a.plugins) p(code)
          where p.code not in (select plugin_code from plugin_configs))
        or exists (select 1 from unnest(a.directives) d(cmd)
          where d.cmd not in (select command from directives))
        or exists (select 1 from unnest(a.scenes) s(code)
          where s.code not in (select scene_code from scenes))`),
    ).toBe(0);
    expect(
      await bad(sql`select count(*)::int as bad from plugin_configs where secret is not null`),
    ).toBe(0);
    const [sorted] = await db
      .select({ n: count() })
      .from(corpusItems)
      .where(ne(corpusItems.status, 'pending'));
    expect(sorted?.n).toBeGreaterThan(1000);
  }

  it('gives an empty embedded database the demo accounts and scenes, once', async () => {
    const first = await seed(db, { kind: 'pglite' });
    expect(first).toEqual({ seeded: 'demo', demoPasswordInUse: true });
    const rows = await accounts();
    expect(rows.map((u) => [u.id, u.userName, u.role, u.status])).toEqual([
      ['0', 'admin', 'admin', 1],
      ['1', 'user', 'user', 1],
      ['11', 'annotator1', 'user', 1],
      ['12', 'annotator2', 'user', 1],
      ['13', 'intern', 'user', 0],
    ]);
    expect(await verifyPassword('admin', rows[0]!.passwordHash)).toBe(true);
    expect(await verifyPassword('annotator1', rows[2]!.passwordHash)).toBe(true);
    expect(await sceneCount()).toBe(demoScenes);
    const types = new Set((await db.select({ type: scenes.type }).from(scenes)).map((r) => r.type));
    expect(types).toEqual(new Set([0, 1]));
    await expectWholeDemo();
    // Analyzed after the seed (PGlite has no autovacuum): the planner knows the table sizes
    // the lists' estimated totals come from.
    const stats = (await db.execute(
      sql`select reltuples from pg_class where relname = 'prompt_calls'`,
    )) as unknown as { rows: { reltuples: number }[] };
    const [calls] = await db.select({ n: count() }).from(promptCalls);
    expect(Number(stats.rows[0]?.reltuples)).toBe(calls?.n);

    const again = await seed(db, { kind: 'pglite' });
    expect(again).toEqual({ seeded: 'none', demoPasswordInUse: true });
    expect(await sceneCount()).toBe(demoScenes);
  }, 90_000);

  it('uses ADMIN_PASSWORD for the demo admin, leaving the others on their demo passwords', async () => {
    const result = await seed(db, { kind: 'pglite', adminPassword: 'Str0ng-admin' });
    expect(result.seeded).toBe('demo');
    const [admin] = await db.select().from(users).where(eq(users.id, '0'));
    expect(await verifyPassword('Str0ng-admin', admin!.passwordHash)).toBe(true);
    expect(result.demoPasswordInUse).toBe(true); // user/user

    await db.update(users).set({ passwordHash: admin!.passwordHash }).where(ne(users.id, '0'));
    expect((await seed(db, { kind: 'pglite' })).demoPasswordInUse).toBe(false);
  }, 90_000);

  it('skips the demo on the embedded database with SEED_DEMO=0, making only the admin', async () => {
    const result = await seed(db, { kind: 'pglite', seedDemo: '0', adminPassword: 'pw-123456' });
    expect(result).toEqual({ seeded: 'admin', demoPasswordInUse: false });
    expect((await accounts()).map((u) => u.id)).toEqual(['0']);
    expect(await sceneCount()).toBe(0);
  });

  it('on PostgreSQL makes only the admin, with a generated password when none is given', async () => {
    const result = await seed(db, { kind: 'postgres' });
    expect(result.seeded).toBe('admin');
    expect(result.generatedAdminPassword).toMatch(/^[\w-]{16}$/);
    expect(result.demoPasswordInUse).toBe(false);
    const rows = await accounts();
    expect(rows.map((u) => [u.id, u.userName, u.role])).toEqual([['0', 'admin', 'admin']]);
    expect(await verifyPassword(result.generatedAdminPassword!, rows[0]!.passwordHash)).toBe(true);
    expect(await sceneCount()).toBe(0);

    // Later starts create nothing and print nothing; ADMIN_PASSWORD then resets the password.
    expect(await seed(db, { kind: 'postgres' })).toEqual({
      seeded: 'none',
      demoPasswordInUse: false,
    });
    await seed(db, { kind: 'postgres', adminPassword: 'rotated-pw' });
    const [admin] = await db.select().from(users).where(eq(users.id, '0'));
    expect(await verifyPassword('rotated-pw', admin!.passwordHash)).toBe(true);
  });

  it('on PostgreSQL seeds the demo only with SEED_DEMO=1', async () => {
    expect((await seed(db, { kind: 'postgres', seedDemo: '1' })).seeded).toBe('demo');
    expect(await sceneCount()).toBe(demoScenes);
  }, 90_000);
});
