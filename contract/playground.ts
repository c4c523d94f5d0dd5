import { z } from 'zod';
import { MODEL_ERROR_KINDS } from './model-providers';
import { idSchema, visibleString } from './resource-schema';

/** How many model versions one playground run compares side by side. */
export const MAX_RUN_VERSIONS = 3;
/** The longest unsaved template text a run takes, as long as a saved one may be. */
export const MAX_RUN_CONTENT = 20_000;

/** prompt/run: a template (or its unsaved text) with values, on one to three model versions. */
export const promptRunBody = z.strictObject({
  templateId: idSchema,
  content: z.string().min(1).max(MAX_RUN_CONTENT).optional(),
  variables: z.record(z.string(), z.unknown()).default({}),
  modelVersions: z
    .array(visibleString().trim().min(1).max(64))
    .min(1)
    .max(MAX_RUN_VERSIONS)
    .refine((v) => new Set(v).size === v.length, { params: { key: 'duplicate' } }),
});
export type PromptRunBody = z.infer<typeof promptRunBody>;

export const modelErrorSchema = z.object({
  kind: z.enum(MODEL_ERROR_KINDS),
  message: z.string(),
});

/** One model version's run: its answer and figures, or why it has none. */
export const promptRunResult = z.object({
  modelVersion: z.string(),
  answer: z.string(),
  promptTokens: z.number().int(),
  completionTokens: z.number().int(),
  tokensEstimated: z.boolean(),
  latencyMs: z.number(),
  ttftMs: z.number().nullable(),
  cost: z.number().nullable(),
  error: modelErrorSchema.optional(),
  debugRecordId: z.number().int(),
});
export type PromptRunResult = z.infer<typeof promptRunResult>;

export const promptRunAnswer = z.object({
  /** The prompt as sent, every placeholder filled. */
  prompt: z.string(),
  runs: z.array(promptRunResult),
});

/**
 * The events of a streamed run (`Accept: text/event-stream`), each an SSE `event:` with JSON
 * data: `prompt` once, then `delta` pieces and one `run` per version, then `done` with the
 * whole answer as the JSON call gives it (or `error` with the code the JSON call would answer).
 */
export type PromptRunEvent =
  | { event: 'prompt'; data: { prompt: string } }
  | { event: 'delta'; data: { index: number; text: string } }
  | { event: 'run'; data: { index: number; run: PromptRunResult } }
  | { event: 'done'; data: z.infer<typeof promptRunAnswer> }
  | { event: 'error'; data: { code: number } };

/** prompt/interface-value: the value a template's interface variable's URL gives now. */
export const interfaceValueBody = z.strictObject({
  templateId: idSchema,
  fieldName: z.string().max(64),
});

export const interfaceValueAnswer = z.object({ value: z.string() });

/** How long the server waits for an interface variable's URL. */
export const INTERFACE_TIMEOUT_MS = 5_000;
