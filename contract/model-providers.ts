/**
 * How the console reaches a model version: an OpenAI-compatible HTTP endpoint, or the built-in
 * demo model that answers from the prompt itself. A version without a provider cannot be run.
 */
export const MODEL_PROVIDERS = ['openai-compatible', 'mock'] as const;
export type ModelProvider = (typeof MODEL_PROVIDERS)[number];

/** Bounds of a version's connection settings, shared by the form and the server's checks. */
export const PROVIDER_LIMITS = {
  timeoutMs: { min: 1_000, max: 600_000, default: 60_000 },
  maxConcurrency: { min: 1, max: 256, default: 4 },
  retries: { min: 0, max: 10, default: 2 },
  mockLatencyMs: { min: 0, max: 10_000, default: 200 },
  baseUrl: { max: 2048 },
  model: { max: 128 },
  apiKey: { max: 4096 },
} as const;

/** What a run reports when a model does not answer: the kind picks the translated message. */
export const MODEL_ERROR_KINDS = [
  'notConfigured',
  'blockedUrl',
  'connection',
  'timeout',
  'rateLimited',
  'unauthorized',
  'http',
  'malformed',
  'aborted',
] as const;
export type ModelErrorKind = (typeof MODEL_ERROR_KINDS)[number];
