import { beforeAll, describe, expect, it } from 'vitest';
import { checkVariables, promptVariablesSchema } from '../../../contract/prompt-variables';
import { DEMO_ACCOUNTS, DEMO_SEED, generateDemo, type DemoData } from './index';
import { DEMO_MODEL_VERSIONS } from './model-versions';
import { DEMO_PROMPTS } from './prompt';
import { DEMO_RECORDS } from './record';
import { DEMO_SCENES } from './scene';

const DAY = 86_400_000;
/** A fixed seeding moment, so generated content can be compared run to run. */
const NOW = Date.UTC(2025, 5, 18, 4, 30);
const ACCOUNT_IDS = new Set(DEMO_ACCOUNTS.map((a) => a.id));

describe('demo generation: scenes, templates, calls and sessions (no database)', () => {
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

  it('has the planned sizes', () => {
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
