import { demoAgents, type DemoAgent } from './agent';
import { demoCorpora, FULL_CORPUS_ITEMS, type DemoCorpus } from './corpus';
import { demoDirectives, type DemoDirective } from './directive';
import { DOMAINS } from './domains';
import { demoEvaluations, type DemoEvaluation } from './model-evaluate';
import { modelVersionRows } from './model-versions';
import { demoPlugins } from './plugin-config';
import { demoCalls, type DemoCall } from './prompt-call';
import { DEMO_PROMPTS, demoPrompts, type DemoPrompt } from './prompt';
import { DEMO_SEED, Random } from './random';
import { demoRecords, type DemoRecord } from './record';
import { demoScenes, type DemoScene } from './scene';

/**
 * How much the demo holds; scenes are always one per domain, and directives, the ten corpus
 * sets, evaluations, agents and plugins keep their numbers (only the items scale).
 */
export interface DemoScale {
  prompts: number;
  calls: number;
  records: number;
  /** Corpus items over all sets. */
  corpusItems: number;
}

/**
 * The embedded default's demo (issues: 200 templates, 20 000 calls, 2 000 sessions, 2 000
 * corpus items).
 */
export const FULL_SCALE: DemoScale = {
  prompts: 200,
  calls: 20_000,
  records: 2_000,
  corpusItems: FULL_CORPUS_ITEMS,
};

export interface DemoOptions {
  /** PRNG seed; the same seed and `now` always give the same rows. */
  seed?: number;
  scale?: Partial<DemoScale>;
}

export interface DemoData {
  modelVersions: ReturnType<typeof modelVersionRows>;
  scenes: DemoScene[];
  prompts: DemoPrompt[];
  calls: DemoCall[];
  records: DemoRecord[];
  plugins: ReturnType<typeof demoPlugins>;
  directives: DemoDirective[];
  corpora: DemoCorpus[];
  evaluations: DemoEvaluation[];
  agents: DemoAgent[];
}

/**
 * The demo for the seeding moment `now` (ms), without a database. Rows refer to each other by
 * index (the seed swaps in the inserted ids); each part draws from a random stream of its own.
 */
export function generateDemo(now: number, options: DemoOptions = {}): DemoData {
  const seed = options.seed ?? DEMO_SEED;
  const scale = { ...FULL_SCALE, ...options.scale };
  const prompts = demoPrompts(Random.of(seed, 'prompts'), now, {
    total: scale.prompts,
    platformShare: 0.6,
    pending: 8,
    draft: 3,
    rejected: 2,
  });
  // Binding needs an enabled template; a generated one, so hand-written bindings stay as written.
  const firstPlatformOf = (code: string | null) => {
    const i = prompts.findIndex(
      (p, k) =>
        k >= DEMO_PROMPTS.length &&
        p.isPublic === 1 &&
        p.status === 1 &&
        (code === null || p.sceneCode === code),
    );
    return i < 0 ? undefined : i;
  };
  const scenes = demoScenes(Random.of(seed, 'scenes'), now, firstPlatformOf);
  const bound = new Set(scenes.flatMap((s) => (s.templateIndex === null ? [] : [s.templateIndex])));
  const calls = demoCalls(
    Random.of(seed, 'calls'),
    now,
    prompts,
    DOMAINS.map((d) => d.code),
    bound,
    scale.calls,
  );
  const records = demoRecords(Random.of(seed, 'records'), now, scenes, scale.records);

  // Directives, agents and evaluations use an enabled platform template of their scene (any
  // enabled platform one when the scene has none at a small scale).
  const anyPlatform = firstPlatformOf(null);
  const templateOf = (code: string) => firstPlatformOf(code) ?? anyPlatform;
  const corpora = demoCorpora(Random.of(seed, 'corpora'), now, scale.corpusItems);
  return {
    modelVersions: modelVersionRows(now),
    scenes,
    prompts,
    calls,
    records,
    plugins: demoPlugins(now),
    directives: demoDirectives(now, templateOf),
    corpora,
    evaluations: demoEvaluations(Random.of(seed, 'evaluations'), now, corpora, templateOf),
    agents: demoAgents(now, templateOf),
  };
}
