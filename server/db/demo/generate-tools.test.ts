import { Ajv } from 'ajv';
import { beforeAll, describe, expect, it } from 'vitest';
import { agreementOfPairs } from '../../../contract/agreement';
import { writableFields, type ResourceDef } from '../../../contract/resource';
import { createSchema } from '../../../contract/resource-schema';
import { agent } from '../../../contract/resources/agent';
import { corpus } from '../../../contract/resources/corpus';
import { corpusItem } from '../../../contract/resources/corpus-item';
import { directive, DIRECTIVE_COMMAND } from '../../../contract/resources/directive';
import { EVALUATION_METRICS, modelEvaluate } from '../../../contract/resources/model-evaluate';
import { modelEvaluateResult } from '../../../contract/resources/model-evaluate-result';
import { pluginConfig } from '../../../contract/resources/plugin-config';
import { ANNOTATOR_IDS, DEMO_USER_ID, generateDemo, type DemoData } from './index';
import { corpusCounts } from './corpus';
import { DEMO_MODEL_VERSIONS } from './model-versions';

/** A fixed seeding moment, so generated content can be compared run to run. */
const NOW = Date.UTC(2025, 5, 18, 4, 30);

describe('demo generation: directives, plugins, agents, corpus and evaluations (no database)', () => {
  let demo: DemoData;
  beforeAll(() => {
    demo = generateDemo(NOW);
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
