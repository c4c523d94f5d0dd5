import { z } from 'zod';
import { CALL_SOURCES } from './resources/prompt-call';
import { idSchema, visibleString } from './resource-schema';
import { modelErrorSchema } from './playground';

export const DEBUG_RECORD_STATES = ['ok', 'error', 'aborted'] as const;

/** debug-record/page: newest first, filtered; a user sees their own, an admin everyone's. */
export const debugRecordPageBody = z.strictObject({
  current: z.number().int().min(1).max(100_000).default(1),
  pageSize: z.number().int().min(1).max(100).default(10),
  templateId: idSchema.optional(),
  modelVersion: visibleString().trim().max(64).optional(),
  source: z.enum(CALL_SOURCES).optional(),
  state: z.enum(DEBUG_RECORD_STATES).optional(),
  /** ISO-8601 with an offset: records made at or after this. */
  from: z.iso.datetime({ offset: true }).optional(),
  /** ISO-8601 with an offset: records made before this. */
  to: z.iso.datetime({ offset: true }).optional(),
});

export const debugRecordSummary = z.object({
  id: z.number().int(),
  createdAt: z.string(),
  operatorId: z.string(),
  source: z.string(),
  templateId: z.number().int().nullable(),
  templateTitle: z.string().nullable(),
  modelVersion: z.string(),
  state: z.enum(DEBUG_RECORD_STATES),
  promptTokens: z.number().int().nullable(),
  completionTokens: z.number().int().nullable(),
  tokensEstimated: z.boolean(),
  ttftMs: z.number().int().nullable(),
  latencyMs: z.number().int().nullable(),
  cost: z.number().nullable(),
  callId: z.number().int().nullable(),
  error: modelErrorSchema.nullable(),
});

export const debugRecordDetail = debugRecordSummary.extend({
  request: z.unknown(),
  answer: z.string().nullable(),
});
