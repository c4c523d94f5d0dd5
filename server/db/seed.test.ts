import { Ajv } from 'ajv';
import { and, count, eq, ne, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { agreementOfPairs } from '../../contract/agreement';
import { checkVariables, promptVariablesSchema } from '../../contract/prompt-variables';
import { writableFields, type ResourceDef } from '../../contract/resource';
import { createSchema } from '../../contract/resource-schema';
import { agent } from '../../contract/resources/agent';
import { corpus } from '../../contract/resources/corpus';
import { corpusItem } from '../../contract/resources/corpus-item';
import { directive, DIRECTIVE_COMMAND } from '../../contract/resources/directive';
import { EVALUATION_METRICS, modelEvaluate } from '../../contract/resources/model-evaluate';
import { modelEvaluateResult } from '../../contract/resources/model-evaluate-result';
import { pluginConfig } from '../../contract/resources/plugin-config';
import { verifyPassword } from '../auth/password';
import { describeBackends } from '../test/backends';
import type { Database, OpenedDatabase } from './client';
import {
  ANNOTATOR_IDS,
  DEMO_ACCOUNTS,
  DEMO_SEED,
  DEMO_USER_ID,
  generateDemo,
  type DemoData,
} from './demo';
import { corpusCounts } from './demo/corpus';
import { DEMO_MODEL_VERSIONS } from './demo/model-versions';
import { DEMO_PROMPTS } from './demo/prompt';
import { DEMO_RECORDS } from './demo/record';
import { DEMO_SCENES } from './demo/scene';
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
    const questions = (d: DemoData) => d.corpora.flatMap((c) => c.items.map((i) => i.question));
    expect(questions(other)).not.toEqual(questions(demo));
    expect(other.evaluations.flatMap((e) => e.results.map((r) => r.scores))).not.toEqual(
      demo.evaluations.flatMap((e) => e.results.map((r) => r.scores)),
    );
    // Another moment moves the times only: every time is an offset from `now`.
    const later = generateDemo(NOW + 3 * DAY);
    expect(later.prompts.map((p) => p.content)).toEqual(demo.prompts.map((p) => p.content));
    expect(later.records[10]?.messages.map((m) => m.content)).toEqual(
      demo.records[10]?.messages.map((m) => m.content),
    );
    expect(questions(later)).toEqual(questions(demo));
    expect(later.corpora.map((c) => [c.state, c.annotatedCount])).toEqual(
      demo.corpora.map((c) => [c.state, c.annotatedCount]),
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

  /** The columns a create body may carry, as the API would validate them. */
  const schemas = new Map<ResourceDef, ReturnType<typeof createSchema>>();
  function expectCreatable(def: ResourceDef, row: Record<string, unknown>, label: string) {
    if (!schemas.has(def)) schemas.set(def, createSchema(def));
    const body: Record<string, unknown> = {};
    for (const f of writableFields(def, 'create')) {
      if (!(f.name in row)) continue;
      const v = row[f.name];
      body[f.name] = v instanceof Date ? v.toISOString() : v;
    }
    const result = schemas.get(def)!.safeParse(body);
    expect(result.success, `${label}: ${JSON.stringify(result.error?.issues)}`).toBe(true);
  }

  it('has 15 directives with unique commands, real scenes, content or a platform template', () => {
    const scenes = new Set(demo.scenes.map((s) => s.sceneCode));
    const re = new RegExp(`^(?:${DIRECTIVE_COMMAND.regex})$`);
    expect(demo.directives).toHaveLength(15);
    const commands = demo.directives.map((d) => d.command);
    expect(new Set(commands).size).toBe(15);
    expect(demo.directives.map((d) => d.sortOrder)).toEqual([...Array(15).keys()]);
    for (const d of demo.directives) {
      expect(d.command).toMatch(re);
      expect(scenes.has(d.sceneCode)).toBe(true);
      // Exactly one of the two.
      expect(d.templateIndex === null).toBe(d.content !== null);
      if (d.templateIndex !== null) {
        expect(demo.prompts[d.templateIndex]).toMatchObject({ isPublic: 1, status: 1 });
      }
      expectCreatable(
        directive,
        { ...d, templateId: d.templateIndex === null ? null : 1 },
        d.command,
      );
    }
    expect(demo.directives.filter((d) => d.templateIndex !== null).length).toBeGreaterThanOrEqual(
      3,
    );
    const enabled = demo.directives.filter((d) => d.status === 1).length;
    expect(enabled).toBeGreaterThan(10);
    expect(enabled).toBeLessThan(15);
  });

  it('has 5 plugins on https example.com endpoints with JSON Schema parameters and no secret', () => {
    const ajv = new Ajv({ strict: false });
    expect(demo.plugins).toHaveLength(5);
    expect(new Set(demo.plugins.map((p) => p.type))).toEqual(new Set(['http', 'openapi']));
    for (const p of demo.plugins) {
      expect(p).not.toHaveProperty('secret');
      expect(new URL(p.endpoint).protocol).toBe('https:');
      expect(new URL(p.endpoint).hostname).toMatch(/(^|\.)example\.com$/);
      expect(ajv.validateSchema(p.parameterSchema as object), p.pluginCode).toBe(true);
      expectCreatable(pluginConfig, p, p.pluginCode);
    }
  });

  it('has 8 agents naming seeded plugins, directives, scenes and model versions', () => {
    const plugins = new Set(demo.plugins.map((p) => p.pluginCode));
    const commands = new Set(demo.directives.map((d) => d.command));
    const scenes = new Set(demo.scenes.map((s) => s.sceneCode));
    const versions = new Set(DEMO_MODEL_VERSIONS.map((m) => m.version));
    expect(demo.agents).toHaveLength(8);
    expect(new Set(demo.agents.map((a) => a.status))).toEqual(
      new Set(['draft', 'published', 'offline']),
    );
    for (const a of demo.agents) {
      for (const p of a.plugins) expect(plugins.has(p)).toBe(true);
      for (const d of a.directives) expect(commands.has(d)).toBe(true);
      for (const s of a.scenes) expect(scenes.has(s)).toBe(true);
      expect(versions.has(a.modelVersion)).toBe(true);
      expect(a.templateIndex === null).toBe(a.systemPrompt !== null);
      expectCreatable(
        agent,
        { ...a, templateId: a.templateIndex === null ? null : 1 },
        a.agentCode,
      );
    }
    expect(demo.agents.some((a) => a.templateIndex !== null)).toBe(true);
    // No made-up picture addresses: each would be a failed lookup in every operator's browser.
    expect(demo.agents.every((a) => a.avatar === null)).toBe(true);
  });

  it('has 10 corpus sets of all types with 2 000 items, counts and states as the items say', () => {
    expect(demo.corpora).toHaveLength(10);
    expect(demo.corpora.reduce((s, c) => s + c.items.length, 0)).toBe(2000);
    expect(new Set(demo.corpora.map((c) => c.type))).toEqual(
      new Set(['qa', 'dialogue', 'instruction']),
    );
    expect(new Set(demo.corpora.map((c) => c.state))).toEqual(
      new Set(['pending', 'marking', 'done']),
    );
    expect(demo.corpora.some((c) => c.requireReview && c.state === 'done')).toBe(true);
    expect(demo.corpora.some((c) => !c.requireReview && c.state === 'done')).toBe(true);
    const scenes = new Set(demo.scenes.map((s) => s.sceneCode));
    const statuses = new Set<string>();
    for (const c of demo.corpora) {
      expect(scenes.has(c.sceneCode)).toBe(true);
      expect(corpusCounts(c.items, c.requireReview)).toEqual({
        itemCount: c.itemCount,
        annotatedCount: c.annotatedCount,
        reviewedCount: c.reviewedCount,
        state: c.state,
      });
      expectCreatable(corpus, c, c.corpusName);
      const questions = c.items.map((i) => i.question);
      expect(new Set(questions).size, c.corpusName).toBe(questions.length);
      for (const [k, item] of c.items.entries()) {
        statuses.add(item.status);
        expectCreatable(corpusItem, { ...item, corpusId: 1 }, `${c.corpusName} #${k}`);
        const annotated = item.status === 'annotated' || item.status === 'reviewed';
        expect(item.label !== null, `${c.corpusName} #${k}`).toBe(annotated);
        expect(item.annotatorId !== null).toBe(annotated || item.status === 'disputed');
        expect(item.reviewResult !== null).toBe(item.status === 'reviewed');
        if (item.status === 'reviewed') {
          expect(item.reviewerId).toBe('0');
          expect(+item.reviewedAt!).toBeGreaterThanOrEqual(+item.annotatedAt!);
          expect(+item.reviewedAt!).toBeLessThan(NOW);
        }
        // Every annotation has its label row, by the item's annotator.
        if (annotated || item.status === 'disputed') {
          expect(item.labels.map((l) => l.annotatorId)).toContain(item.annotatorId);
        }
        if (item.status === 'annotated') {
          expect(new Set(item.labels.map((l) => l.label))).toEqual(new Set([item.label]));
        }
      }
    }
    expect(statuses).toEqual(new Set(['pending', 'skipped', 'annotated', 'disputed', 'reviewed']));
    // Single-annotator sets: the demo user annotated every labelled item.
    const single = demo.corpora.flatMap((c) => c.items).filter((i) => i.assignees.length === 0);
    for (const i of single.filter((x) => x.labels.length)) {
      expect(i.labels.map((l) => l.annotatorId)).toEqual([DEMO_USER_ID]);
    }
    expect(single.some((i) => i.recommendedAnswer)).toBe(true);
    expect(single.some((i) => i.reviewResult === 'corrected')).toBe(true);
  });

  it('double-annotates one set: both annotators label, mostly agreeing, disputes where not', () => {
    const doubles = demo.corpora.filter((c) => c.items.some((i) => i.assignees.length));
    expect(doubles).toHaveLength(1);
    const items = doubles[0]!.items;
    const pairs: [string, string][] = [];
    for (const item of items) {
      expect(item.assignees).toEqual([...ANNOTATOR_IDS]);
      const byAnnotator = new Map(item.labels.map((l) => [l.annotatorId, l.label]));
      for (const id of byAnnotator.keys()) expect(ANNOTATOR_IDS).toContain(id);
      if (byAnnotator.size < 2) {
        expect(item.status).toBe('pending');
        continue;
      }
      const [a, b] = ANNOTATOR_IDS.map((id) => byAnnotator.get(id)!);
      pairs.push([a!, b!]);
      if (item.status === 'annotated') expect(a).toBe(b);
      else expect(a, item.status).not.toBe(b);
      expect(['annotated', 'disputed', 'reviewed']).toContain(item.status);
    }
    const agreement = agreementOfPairs(pairs);
    expect(agreement.items).toBeGreaterThan(100);
    expect(agreement.percent).toBeGreaterThan(0.65);
    expect(agreement.percent).toBeLessThan(0.95);
    expect(agreement.kappa).toBeGreaterThan(0.3);
    expect(items.filter((i) => i.status === 'disputed').length).toBeGreaterThan(10);
  });

  it('has 6 evaluations on real sets and versions with consistent results', () => {
    const versions = new Set(DEMO_MODEL_VERSIONS.map((m) => m.version));
    expect(demo.evaluations).toHaveLength(6);
    const states = demo.evaluations.map((e) => e.state).sort();
    expect(states).toEqual(['completed', 'completed', 'completed', 'failed', 'pending', 'running']);
    for (const e of demo.evaluations) {
      const c = demo.corpora[e.corpusIndex]!;
      expect(c.items.length).toBeGreaterThan(0);
      expect(e.modelVersions.length).toBeGreaterThanOrEqual(2);
      expect(e.modelVersions.length).toBeLessThanOrEqual(3);
      for (const v of e.modelVersions) expect(versions.has(v)).toBe(true);
      expect(e.baselineVersion).toBe(e.modelVersions[0]);
      expect(e.metrics.length).toBeGreaterThanOrEqual(2);
      expect(e.metrics.length).toBeLessThanOrEqual(4);
      for (const m of e.metrics) expect(EVALUATION_METRICS).toContain(m);
      expect(demo.prompts[e.templateIndex!]).toMatchObject({ isPublic: 1, status: 1 });
      expectCreatable(modelEvaluate, { ...e, corpusId: 1, templateId: 1 }, e.evaluateName);
      const total = Math.min(c.items.length, 40) * e.modelVersions.length;
      expect(e.resultCount).toBe(e.results.length);
      expect(e.progress).toBe(Math.floor((e.resultCount * 100) / total));
      if (e.state === 'completed') expect(e.resultCount).toBe(total);
      if (e.state === 'running') {
        expect(e.progress).toBeGreaterThanOrEqual(35);
        expect(e.progress).toBeLessThanOrEqual(45);
      }
      if (e.state === 'failed') expect(e.error).toBeTruthy();
      else expect(e.error).toBeNull();
      expect(e.startedAt === null).toBe(e.state === 'pending');
      expect(e.finishedAt !== null).toBe(e.state === 'completed' || e.state === 'failed');
      for (const r of e.results) {
        const item = c.items[r.itemIndex]!;
        expect(r.question).toBe(item.question);
        expect(r.expectedAnswer).toBe(item.recommendedAnswer ?? item.answer);
        expect(Object.keys(r.scores).sort()).toEqual([...e.metrics].sort());
        expectCreatable(modelEvaluateResult, { ...r, evaluateId: 1, itemId: 1 }, e.evaluateName);
        expect(+r.createdAt!).toBeLessThan(NOW);
      }
    }
    // The report shows differences: the versions' mean accuracy differs.
    const first = demo.evaluations.find(
      (e) => e.metrics.includes('accuracy') && e.state === 'completed',
    )!;
    const means = first.modelVersions.map((v) => {
      const rs = first.results.filter((r) => r.modelVersion === v);
      return rs.reduce((s, r) => s + r.scores.accuracy!, 0) / rs.length;
    });
    expect(Math.max(...means) - Math.min(...means)).toBeGreaterThan(3);
    const results = demo.evaluations.flatMap((e) => e.results);
    expect(results.some((r) => r.humanScore !== null && r.comment)).toBe(true);
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

    // Directives, sets, items, evaluations, agents and plugins, in the issue's numbers.
    const sizes = await bad(sql`
      select ((select count(*) from directives) = 15 and (select count(*) from corpora) = 10
        and (select count(*) from corpus_items) = 2000 and (select count(*) from model_evaluations) = 6
        and (select count(*) from agents) = 8 and (select count(*) from plugin_configs) = 5)::int as bad`);
    expect(sizes).toBe(1);

    // A set's counts and state are what its items say (recounted here).
    expect(
      await bad(sql`
      select count(*)::int as bad from corpora c
      join lateral (
        select count(*)::int as n,
          count(*) filter (where i.status in ('annotated', 'reviewed'))::int as annotated,
          count(*) filter (where i.status = 'reviewed')::int as reviewed
        from corpus_items i where i.corpus_id = c.id
      ) i on true
      where i.n <> c.item_count or i.annotated <> c.annotated_count
        or i.reviewed <> c.reviewed_count
        or c.state <> case
          when i.annotated = 0 then 'pending'
          when i.annotated = i.n and (not c.require_review or i.reviewed = i.n) then 'done'
          else 'marking' end`),
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
