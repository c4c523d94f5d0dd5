import { z } from 'zod';
import { PROMPT_MODEL_TYPES } from './resources/prompt';
import { safeString, visibleString } from './resource-schema';

/** Events one ingest batch may carry at most. */
export const MAX_BATCH_EVENTS = 1_000;
/** Bytes one ingest body may have at most. */
export const MAX_BATCH_BYTES = 5 * 1024 * 1024;
/** Characters of a question, answer or message at most. */
export const MAX_TEXT = 100_000;

export const INGEST_TYPES = ['session', 'message', 'call'] as const;
export type IngestType = (typeof INGEST_TYPES)[number];

const MESSAGE_ROLES = ['user', 'assistant', 'system'] as const;

/** A time with its offset, between the year 2000 and a day from now (clock skew). */
const time = z.iso.datetime({ offset: true }).refine(
  (s) => {
    const t = Date.parse(s);
    return t >= Date.UTC(2000, 0, 1) && t <= Date.now() + 86_400_000;
  },
  { params: { key: 'badDate' } },
);
const code = visibleString().trim().max(64);
const text = safeString().max(MAX_TEXT);
const tokens = z.number().int().min(0).max(100_000_000);

/** The envelope of every event; its body is checked by its type. */
export const ingestEvent = z.strictObject({
  id: visibleString().max(128),
  type: z.enum(INGEST_TYPES),
  timestamp: time,
  body: z.unknown(),
});

/** The call's body as the call list names its fields. */
export const ingestCall = z.strictObject({
  templateId: z.number().int().min(1).max(2_147_483_647),
  templateVersion: z.number().int().min(1).max(2_147_483_647).optional(),
  sceneCode: code.optional(),
  question: text.min(1),
  answer: text.nullable().optional(),
  variables: z.record(z.string().max(64), z.unknown()).nullable().optional(),
  userId: safeString().max(64).nullable().optional(),
  modelType: z.enum(PROMPT_MODEL_TYPES).optional(),
  modelVersion: code.optional(),
  promptTokens: tokens.default(0),
  completionTokens: tokens.default(0),
  latencyMs: z.number().int().min(0).max(86_400_000).optional(),
  callTime: time.optional(),
});

export const ingestSession = z.strictObject({
  chatId: code,
  title: visibleString().max(200).optional(),
  sceneCode: code.nullable().optional(),
  userId: safeString().max(64).nullable().optional(),
  tags: z.array(safeString().max(64)).max(50).optional(),
  createdAt: time.optional(),
  modifiedAt: time.optional(),
});

export const ingestMessage = z.strictObject({
  chatId: code,
  role: z.enum(MESSAGE_ROLES),
  content: text,
  messageId: safeString().max(128).optional(),
  tokens: tokens.optional(),
  time: time.optional(),
});

export const INGEST_BODIES = {
  session: ingestSession,
  message: ingestMessage,
  call: ingestCall,
} as const satisfies Record<IngestType, z.ZodType>;

/** One event of each type, as the API's documentation shows them. */
export const INGEST_EXAMPLE = {
  batch: [
    {
      id: 'evt-0001',
      type: 'session',
      timestamp: '2026-12-02T08:30:00+08:00',
      body: {
        chatId: 'chat-42',
        title: 'Code review',
        sceneCode: 'code-assistant',
        userId: 'u-1001',
        tags: ['vip'],
      },
    },
    {
      id: 'evt-0002',
      type: 'message',
      timestamp: '2026-12-02T08:30:05+08:00',
      body: {
        chatId: 'chat-42',
        role: 'user',
        content: 'Please review: let total = 0',
        tokens: 12,
      },
    },
    {
      id: 'evt-0003',
      type: 'call',
      timestamp: '2026-12-02T08:30:06+08:00',
      body: {
        templateId: 1,
        templateVersion: 2,
        sceneCode: 'code-assistant',
        question: 'Please review: let total = 0',
        answer: 'Prefer const: total is never reassigned.',
        variables: { code: 'let total = 0' },
        userId: 'u-1001',
        modelType: 'CHATGPT',
        modelVersion: 'gpt-4o-2024-08-06',
        promptTokens: 420,
        completionTokens: 36,
        latencyMs: 850,
        callTime: '2026-12-02T08:30:06+08:00',
      },
    },
  ],
};

/**
 * The batch: its shape only; each event is then checked on its own (`type`: session, message or
 * call, each body as in the example).
 */
export const ingestBatch = z
  .strictObject({
    batch: z.array(z.unknown()).min(1).max(MAX_BATCH_EVENTS),
  })
  .meta({ examples: [INGEST_EXAMPLE] });

export const ingestAnswer = z.object({
  accepted: z.number().int(),
  rejected: z.array(
    z.object({
      index: z.number().int(),
      id: z.string().nullable(),
      reasons: z.array(z.object({ field: z.string(), message: z.string() })),
    }),
  ),
});
export type IngestAnswer = z.infer<typeof ingestAnswer>;
