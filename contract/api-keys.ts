import { z } from 'zod';
import { safeString, visibleString } from './resource-schema';

/** What a key may do on the public API: send events, read prompts. */
export const API_KEY_SCOPES = ['ingest', 'prompts:read'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** Every secret starts so: a key pasted in the wrong place is recognisable. */
export const API_KEY_PREFIX = 'ck_';
/** Characters of the secret the list shows (the prefix included), enough to tell keys apart. */
export const API_KEY_SHOWN = 11;

export const API_KEY_STATES = ['active', 'expired', 'revoked'] as const;
export type ApiKeyState = (typeof API_KEY_STATES)[number];

/** The public API's path prefix. */
export const PUBLIC_API_PREFIX = '/api/public/v1';

export const apiKeyPageBody = z.strictObject({
  current: z.number().int().min(1).max(1_000_000).default(1),
  pageSize: z.number().int().min(1).max(100).default(10),
  keyword: safeString().trim().max(100).optional(),
  state: z.enum(API_KEY_STATES).optional(),
});

const sceneCode = visibleString().trim().max(64);

export const apiKeyCreateBody = z.strictObject({
  name: visibleString().trim().max(64),
  scopes: z
    .array(z.enum(API_KEY_SCOPES))
    .min(1)
    .max(API_KEY_SCOPES.length)
    .refine((s) => new Set(s).size === s.length, { params: { key: 'duplicate' } }),
  /** ISO-8601 with its offset; must lie in the future. */
  expiresAt: z.iso.datetime({ offset: true }).nullable().optional(),
  /** The scenes the key is restricted to; none or empty: every scene. */
  sceneCodes: z.array(sceneCode).max(100).nullable().optional(),
});
export type ApiKeyCreateBody = z.infer<typeof apiKeyCreateBody>;

export const apiKeyRevokeBody = z.strictObject({ id: safeString().min(1).max(64) });

/** A key as the admin's list shows it: never its secret nor the secret's hash. */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  scopes: z.array(z.enum(API_KEY_SCOPES)),
  sceneCodes: z.array(z.string()).nullable(),
  /** The secret's first characters (`ck_` and a few more). */
  prefix: z.string(),
  createdBy: z.string().nullable(),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  expiresAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
  state: z.enum(API_KEY_STATES),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

export const apiKeyPageAnswer = z.object({ list: z.array(apiKeySchema), total: z.number().int() });

/** The create answer: the key, and its secret, shown this once. */
export const apiKeyCreateAnswer = apiKeySchema.extend({ secret: z.string() });
export type ApiKeyCreated = z.infer<typeof apiKeyCreateAnswer>;
