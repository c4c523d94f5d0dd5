import type { modelVersions } from '../schema';

export interface DemoModelVersion {
  modelType: 'WINGPT' | 'CHATGPT';
  name: string;
  version: string;
  enabled: boolean;
  /** CNY per 1 000 tokens. */
  promptPrice: number;
  completionPrice: number;
  /** Calls use it between these many days ago (a newer release, a retired one). */
  usedFromDaysAgo: number;
  usedUntilDaysAgo: number;
  /** How often calls of its model type pick it, relative to the others. */
  weight: number;
}

/** The model versions calls name; one retired (disabled) a month and a half ago. */
export const DEMO_MODEL_VERSIONS: readonly DemoModelVersion[] = [
  {
    modelType: 'WINGPT',
    name: 'WinGPT 7B',
    version: 'wingpt-7b-v1.2',
    enabled: true,
    promptPrice: 0.002,
    completionPrice: 0.004,
    usedFromDaysAgo: 365,
    usedUntilDaysAgo: 0,
    weight: 2,
  },
  {
    modelType: 'WINGPT',
    name: 'WinGPT 13B',
    version: 'wingpt-13b-v2.0',
    enabled: true,
    promptPrice: 0.006,
    completionPrice: 0.012,
    usedFromDaysAgo: 365,
    usedUntilDaysAgo: 0,
    weight: 3,
  },
  {
    modelType: 'WINGPT',
    name: 'WinGPT 13B',
    version: 'wingpt-13b-v2.1',
    enabled: true,
    promptPrice: 0.008,
    completionPrice: 0.016,
    usedFromDaysAgo: 30,
    usedUntilDaysAgo: 0,
    weight: 4,
  },
  {
    modelType: 'CHATGPT',
    name: 'GPT-3.5 Turbo',
    version: 'gpt-3.5-turbo-0125',
    enabled: false,
    promptPrice: 0.0036,
    completionPrice: 0.0108,
    usedFromDaysAgo: 365,
    usedUntilDaysAgo: 45,
    weight: 3,
  },
  {
    modelType: 'CHATGPT',
    name: 'GPT-4o',
    version: 'gpt-4o-2024-08-06',
    enabled: true,
    promptPrice: 0.018,
    completionPrice: 0.072,
    usedFromDaysAgo: 365,
    usedUntilDaysAgo: 0,
    weight: 2,
  },
  {
    modelType: 'CHATGPT',
    name: 'GPT-4o mini',
    version: 'gpt-4o-mini-2024-07-18',
    enabled: true,
    promptPrice: 0.0011,
    completionPrice: 0.0043,
    usedFromDaysAgo: 365,
    usedUntilDaysAgo: 0,
    weight: 5,
  },
];

/** The rows of model_versions. */
export function modelVersionRows(now: number): (typeof modelVersions.$inferInsert)[] {
  return DEMO_MODEL_VERSIONS.map((m, i) => ({
    modelType: m.modelType,
    name: m.name,
    version: m.version,
    enabled: m.enabled,
    promptPrice: m.promptPrice,
    completionPrice: m.completionPrice,
    // The demo's versions answer offline, so every run works on a fresh start.
    provider: 'mock' as const,
    createdAt: new Date(now - Math.min(m.usedFromDaysAgo, 200) * 86_400_000 + i * 60_000),
  }));
}
