import { DOMAINS } from './domains';
import { modelVersionRows } from './model-versions';
import { demoCalls, type DemoCall } from './prompt-call';
import { DEMO_PROMPTS, demoPrompts, type DemoPrompt } from './prompt';
import { DEMO_SEED, Random } from './random';
import { demoRecords, type DemoRecord } from './record';
import { demoScenes, type DemoScene } from './scene';

/** How much the demo holds; scenes are always one per domain. */
export interface DemoScale {
  prompts: number;
  calls: number;
  records: number;
}

/** The embedded default's demo (issue: 200 templates, 20 000 calls, 2 000 sessions). */
export const FULL_SCALE: DemoScale = { prompts: 200, calls: 20_000, records: 2_000 };

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
}

/**
 * The demo's scenes, templates (with versions), calls and sessions (with messages) for the
 * seeding moment `now` (ms), without a database: rows refer to templates by index, and the
 * seed swaps in the ids the inserts answer. Each part draws from a stream of its own.
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
  const firstPlatformOf = (code: string) => {
    const i = prompts.findIndex(
      (p, k) =>
        k >= DEMO_PROMPTS.length && p.isPublic === 1 && p.status === 1 && p.sceneCode === code,
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
  return { modelVersions: modelVersionRows(now), scenes, prompts, calls, records };
}
