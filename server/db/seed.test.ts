import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { checkVariables, promptVariablesSchema } from '../../contract/prompt-variables';
import { verifyPassword } from '../auth/password';
import { describeBackends } from '../test/backends';
import type { Database, OpenedDatabase } from './client';
import { DEMO_ACCOUNTS, DEMO_SEED, generateDemo, type DemoData } from './demo';
import { DEMO_MODEL_VERSIONS } from './demo/model-versions';
import { DEMO_PROMPTS } from './demo/prompt';
import { DEMO_RECORDS } from './demo/record';
import { DEMO_SCENES } from './demo/scene';
import { RESOURCE_TABLES } from './resource-tables';
import { seed } from './seed';
import {
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

const DAY = 86_400_000;
/** A fixed seeding moment, so generated content can be compared run to run. */
const NOW = Date.UTC(2025, 5, 18, 4, 30);
const ACCOUNT_IDS = new Set(DEMO_ACCOUNTS.map((a) => a.id));

describe('demo generation (no database)', () => {
  let demo: DemoData;
  beforeAll(() => {
    demo = generateDemo(NOW);
  });

  it('is deterministic: the same seed and moment give the same rows, another seed others', () => {
    const again = generateDemo(NOW, { seed: DEMO_SEED });
    expect(again).toEqual(demo);
    const other = generateDemo(NOW, { seed: DEMO_SEED + 1 });
    expect(other.calls.map((c) => c.question)).not.toEqual(demo.calls.map((c) => c.question));
    expect(other.records.map((r) => r.chatId)).not.toEqual(demo.records.map((r) => r.chatId));
    expect(other.prompts.map((p) => p.content)).not.toEqual(demo.prompts.map((p) => p.content));
    // Another moment moves the times only: every time is an offset from `now`.
    const later = generateDemo(NOW + 3 * DAY);
    expect(later.prompts.map((p) => p.content)).toEqual(demo.prompts.map((p) => p.content));
    expect(later.records[10]?.messages.map((m) => m.content)).toEqual(
      demo.records[10]?.messages.map((m) => m.content),
    );
  });

  it('has the issue’s sizes', () => {
    expect(demo.scenes.length).toBeGreaterThanOrEqual(30);
    expect(demo.prompts.length).toBeGreaterThanOrEqual(200);
    expect(demo.records).toHaveLength(2000);
    expect(demo.calls).toHaveLength(20_000);
    for (const r of demo.records) {
      expect(r.messages.length).toBeGreaterThanOrEqual(10);
      expect(r.messages.length).toBeLessThanOrEqual(40);
    }
    expect(demo.modelVersions.length).toBeGreaterThanOrEqual(5);
    expect(demo.modelVersions.filter((m) => !m.enabled)).toHaveLength(1);
  });

  it('keeps the hand-written rows first, as written', () => {
    expect(demo.scenes.slice(0, DEMO_SCENES.length).map((s) => s.sceneCode)).toEqual(
      DEMO_SCENES.map((s) => s.sceneCode),
    );
    expect(demo.prompts.slice(0, DEMO_PROMPTS.length).map((p) => [p.title, p.content])).toEqual(
      DEMO_PROMPTS.map((p) => [p.title, p.content]),
    );
    expect(demo.records.slice(0, DEMO_RECORDS.length).map((r) => [r.chatId, r.tag])).toEqual(
      DEMO_RECORDS.map((r) => [r.chatId, [...r.tag]]),
    );
    expect(demo.calls[0]).toMatchObject({ title: '代码审查提示词', templateIndex: 0 });
    // The newest scene is still the hand-written ops-oncall.
    const newest = [...demo.scenes].sort((a, b) => +b.createdAt - +a.createdAt)[0];
    expect(newest?.sceneCode).toBe('ops-oncall');
  });

  it('gives scenes unique kebab-case codes, both types, about two thirds bound to platform templates', () => {
    const codes = demo.scenes.map((s) => s.sceneCode);
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
    expect(new Set(demo.scenes.map((s) => s.type))).toEqual(new Set([0, 1]));
    const bound = demo.scenes.filter((s) => s.templateIndex !== null);
    expect(bound.length / demo.scenes.length).toBeGreaterThan(0.5);
    expect(bound.length / demo.scenes.length).toBeLessThan(0.85);
    for (const s of bound) expect(demo.prompts[s.templateIndex!]?.isPublic).toBe(1);
    // Bindings the demo chose go to enabled templates (the hand-written ones stay as written).
    for (const s of bound.filter((b) => b.templateIndex! >= DEMO_PROMPTS.length)) {
      expect(demo.prompts[s.templateIndex!]?.status).toBe(1);
    }
    for (const s of demo.scenes) expect(+s.createdAt).toBeLessThan(NOW);
  });

  it('gives every template variables that match its placeholders, in every version', () => {
    const schema = promptVariablesSchema();
    const types = new Set<string>();
    for (const p of demo.prompts) {
      expect(checkVariables(p.content, p.variables), p.title).toEqual({ missing: [], unused: [] });
      expect(schema.safeParse(p.variables).success, p.title).toBe(true);
      expect(p.variables.length).toBeGreaterThanOrEqual(1);
      expect(p.variables.length).toBeLessThanOrEqual(4);
      for (const v of p.variables) types.add(v.type);
      for (const v of p.versions) {
        expect(checkVariables(v.content, v.variables), `${p.title} v${v.number}`).toEqual({
          missing: [],
          unused: [],
        });
      }
    }
    expect(types).toEqual(new Set(['text', 'number', 'select', 'date', 'interface']));
    const titles = demo.prompts.map((p) => p.title);
    expect(new Set(titles).size).toBe(titles.length);
  });

  it('splits templates into platform and personal ones of both demo accounts', () => {
    const platform = demo.prompts.filter((p) => p.isPublic === 1);
    const personal = demo.prompts.filter((p) => p.isPublic === 0);
    expect(platform.length / demo.prompts.length).toBeCloseTo(0.6, 1);
    expect(new Set(personal.map((p) => p.ownerId))).toEqual(new Set(['0', '1']));
    for (const p of demo.prompts) expect(ACCOUNT_IDS.has(p.ownerId)).toBe(true);
    const enabled = demo.prompts.filter((p) => p.status === 1).length;
    expect(enabled / demo.prompts.length).toBeGreaterThan(0.8);
  });

  it('gives every template 1–5 live versions, exactly one live with its own content', () => {
    for (const p of demo.prompts) {
      expect(p.versions.map((v) => v.number)).toEqual(p.versions.map((_, i) => i + 1));
      const live = p.versions.filter((v) => v.state === 'live');
      expect(live, p.title).toHaveLength(1);
      expect(live[0]?.content).toBe(p.content);
      expect(live[0]?.variables).toEqual(p.variables);
      expect(live[0]?.number).toBe(p.liveVersion);
      const history = p.versions.filter((v) => v.number <= p.liveVersion);
      expect(history.length).toBeGreaterThanOrEqual(1);
      expect(history.length).toBeLessThanOrEqual(5);
      expect(history.slice(0, -1).every((v) => v.state === 'archived')).toBe(true);
      const times = p.versions.map((v) => +v.createdAt);
      expect([...times].sort((a, b) => a - b)).toEqual(times);
      expect(times.every((t) => t < NOW)).toBe(true);
    }
    expect(new Set(demo.prompts.map((p) => p.versions.length)).size).toBeGreaterThanOrEqual(4);
  });

  it('has changes under review only on platform templates: 8 pending, 3 drafts, 2 rejected', () => {
    const byState = (state: string) => demo.prompts.filter((p) => p.reviewState === state);
    expect(byState('pending')).toHaveLength(8);
    expect(byState('draft')).toHaveLength(3);
    expect(byState('rejected')).toHaveLength(2);
    for (const p of demo.prompts) {
      if (p.reviewState === 'none') {
        expect(p.pendingVersion).toBeNull();
        expect(p.versions.at(-1)?.state).toBe('live');
        continue;
      }
      expect(p.isPublic).toBe(1);
      const newest = p.versions.at(-1)!;
      expect(p.pendingVersion).toBe(newest.number);
      expect(newest.number).toBe(p.liveVersion + 1);
      expect(newest.state).toBe(p.reviewState);
      if (p.reviewState === 'rejected') {
        expect(newest.reason).toBeTruthy();
        expect(newest.reviewerId).toBe('0');
      }
    }
  });

  it('makes calls of existing templates over the last 90 days, by the owners of personal ones', () => {
    const versions = new Map(DEMO_MODEL_VERSIONS.map((m) => [m.version, m.modelType]));
    const weekday = [0, 0];
    for (const c of demo.calls) {
      const p = demo.prompts[c.templateIndex];
      expect(p).toBeDefined();
      expect(c.title).toBe(p!.title);
      if (p!.isPublic === 0) expect(c.userId).toBe(p!.ownerId);
      expect(ACCOUNT_IDS.has(c.userId)).toBe(true);
      expect(+c.callTime).toBeLessThanOrEqual(NOW);
      expect(+c.callTime).toBeGreaterThan(NOW - 91 * DAY);
      expect(versions.get(c.modelVersion)).toBe(c.modelType);
      expect(c.totalTokens).toBe(c.promptTokens + c.completionTokens);
      expect(c.sceneCode).toBeTruthy();
      expect(c.variables.map((v) => v.name)).toEqual(p!.variables.map((v) => v.fieldName));
      const day = new Date(+c.callTime + 8 * 3_600_000).getUTCDay();
      weekday[day === 0 || day === 6 ? 1 : 0]!++;
    }
    // Weekdays (5 of 7) are clearly busier than weekends (2 of 7) per day.
    expect(weekday[0]! / 5 / (weekday[1]! / 2)).toBeGreaterThan(1.8);
    const assessments = new Set(demo.calls.map((c) => c.assessment));
    expect(assessments).toEqual(new Set([0, 1, 2]));
    expect(demo.calls.filter((c) => c.assessment === 0).length).toBeGreaterThan(10_000);
    expect(demo.calls.some((c) => c.recommendedAnswer)).toBe(true);
    expect(new Set(demo.calls.map((c) => c.modelVersion)).size).toBe(DEMO_MODEL_VERSIONS.length);
  });

  it('makes sessions with unique chatIds and ordered, alternating, consistent messages', () => {
    const ids = demo.records.map((r) => r.chatId);
    expect(new Set(ids).size).toBe(ids.length);
    for (const r of demo.records) {
      expect(r.chatId).toMatch(/^[0-9a-f]{32}$/);
      expect(r.tag.length).toBeLessThanOrEqual(3);
      expect(+r.createdAt).toBeGreaterThan(NOW - 91 * DAY);
      const ms = r.messages;
      expect(ms.map((m) => m.seq)).toEqual(ms.map((_, i) => i + 1));
      const turns = ms.filter((m) => m.role !== 'system');
      expect(ms.findIndex((m) => m.role === 'system')).toBeLessThanOrEqual(0);
      turns.forEach((m, i) => expect(m.role).toBe(i % 2 === 0 ? 'user' : 'assistant'));
      const times = ms.map((m) => +m.createdAt);
      expect([...times].sort((a, b) => a - b)).toEqual(times);
      expect(times.at(-1)).toBeLessThanOrEqual(NOW);
      expect(+r.modifiedAt).toBe(times.at(-1));
      expect(+r.updatedAt).toBe(+r.modifiedAt);
      expect(r.messageCount).toBe(ms.length);
      expect(r.totalTokens).toBe(ms.reduce((s, m) => s + m.promptTokens + m.completionTokens, 0));
      for (const m of ms) {
        if (m.role !== 'assistant') expect(m.promptTokens + m.completionTokens).toBe(0);
        else expect(m.completionTokens).toBeGreaterThan(0);
        if (!m.feedback) expect(m.feedbackNote).toBeNull();
      }
    }
    const all = demo.records.flatMap((r) => r.messages);
    expect(all.some((m) => m.feedback === 'like' && m.feedbackNote)).toBe(true);
    expect(all.some((m) => m.feedback === 'dislike')).toBe(true);
    expect(all.some((m) => m.content.includes('```'))).toBe(true);
    expect(all.some((m) => m.content.includes('| --- |'))).toBe(true);
    expect(all.some((m) => m.content.includes('**'))).toBe(true);
    // What the transcript must render as text, never run.
    const first = demo.records[0]!.messages.map((m) => m.content).join('\n');
    expect(first).toContain('<script>alert(1)</script>');
    expect(first).toContain('[link](javascript:alert(1))');
  });
});

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
  }

  it('gives an empty embedded database the demo accounts and scenes, once', async () => {
    const first = await seed(db, { kind: 'pglite' });
    expect(first).toEqual({ seeded: 'demo', demoPasswordInUse: true });
    const rows = await accounts();
    expect(rows.map((u) => [u.id, u.userName, u.role])).toEqual([
      ['0', 'admin', 'admin'],
      ['1', 'user', 'user'],
    ]);
    expect(await verifyPassword('admin', rows[0]!.passwordHash)).toBe(true);
    expect(await sceneCount()).toBe(demoScenes);
    const types = new Set((await db.select({ type: scenes.type }).from(scenes)).map((r) => r.type));
    expect(types).toEqual(new Set([0, 1]));
    await expectWholeDemo();

    const again = await seed(db, { kind: 'pglite' });
    expect(again).toEqual({ seeded: 'none', demoPasswordInUse: true });
    expect(await sceneCount()).toBe(demoScenes);
  }, 90_000);

  it('uses ADMIN_PASSWORD for the demo admin, leaving only the user on its demo password', async () => {
    const result = await seed(db, { kind: 'pglite', adminPassword: 'Str0ng-admin' });
    expect(result.seeded).toBe('demo');
    const [admin] = await db.select().from(users).where(eq(users.id, '0'));
    expect(await verifyPassword('Str0ng-admin', admin!.passwordHash)).toBe(true);
    expect(result.demoPasswordInUse).toBe(true); // user/user

    await db.update(users).set({ passwordHash: admin!.passwordHash }).where(eq(users.id, '1'));
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
