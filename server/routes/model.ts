import { and, asc, eq, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiPath } from '../../contract/api';
import { envelopeOf, errorEnvelope } from '../../contract/envelope-schema';
import type { Action } from '../../contract/resource';
import { idBody, idSchema, visibleString } from '../../contract/resource-schema';
import { PROMPT_MODEL_TYPES } from '../../contract/resources/prompt';
import type { AppContext } from '../context';
import type { Database } from '../db/client';
import {
  agents,
  modelEvaluateResults,
  modelEvaluations,
  modelVersions,
  promptCalls,
  type ModelVersionRow,
} from '../db/schema';
import { invalidField, notFound } from '../http/app-error';
import { databaseErrorOf } from '../http/pg-errors';
import { success } from '../http/reply';
import { apiPermission } from './api-policy';
import { namespaceLabels } from '../http/field-labels';
import { localeOf } from '../http/locale';
import { can } from '../../contract/access';
import { callerOf } from '../auth/authenticate';
import {
  MODEL_ERROR_KINDS,
  MODEL_PROVIDERS,
  PROVIDER_LIMITS,
} from '../../contract/model-providers';
import { ModelError } from '../models/client';
import { urlRefusal } from '../models/outbound';

/** What "try it" sends a model version. */
const TEST_PROMPT = {
  'zh-CN': '请用一句话介绍你自己。',
  'en-US': 'Introduce yourself in one sentence.',
} as const;

export const modelVersionBody = z
  .strictObject({ modelType: z.enum(PROMPT_MODEL_TYPES).optional() })
  .optional();

export const modelVersionSchema = z.object({
  id: z.number(),
  modelType: z.string(),
  name: z.string(),
  version: z.string(),
  enabled: z.boolean(),
  promptPrice: z.number(),
  completionPrice: z.number(),
  provider: z.enum(MODEL_PROVIDERS).nullable(),
  // How the console reaches it: answered to admins only; the key itself never.
  baseUrl: z.string().nullable().optional(),
  model: z.string().nullable().optional(),
  apiKeySet: z.boolean().optional(),
  timeoutMs: z.number().int().optional(),
  maxConcurrency: z.number().int().optional(),
  retries: z.number().int().optional(),
  mockLatencyMs: z.number().int().optional(),
});

/** numeric(12, 6): below a million per 1 000 tokens. */
const price = z.number().min(0).max(999_999);

const bounded = (limits: { min: number; max: number }) =>
  z.number().int().min(limits.min).max(limits.max);

const versionFields = {
  modelType: z.enum(PROMPT_MODEL_TYPES),
  name: visibleString().trim().min(1).max(64),
  version: visibleString().trim().min(1).max(64),
  enabled: z.boolean(),
  promptPrice: price,
  completionPrice: price,
  provider: z.enum(MODEL_PROVIDERS).nullable(),
  baseUrl: z.string().trim().max(PROVIDER_LIMITS.baseUrl.max).nullable(),
  model: visibleString().trim().min(1).max(PROVIDER_LIMITS.model.max).nullable(),
  /** Write-only: a new key replaces the stored one, null removes it, leaving it out keeps it. */
  apiKey: z.string().trim().min(1).max(PROVIDER_LIMITS.apiKey.max).nullable(),
  timeoutMs: bounded(PROVIDER_LIMITS.timeoutMs),
  maxConcurrency: bounded(PROVIDER_LIMITS.maxConcurrency),
  retries: bounded(PROVIDER_LIMITS.retries),
  mockLatencyMs: bounded(PROVIDER_LIMITS.mockLatencyMs),
};

/** model/version/create: prices are CNY per 1 000 tokens; without a provider it cannot run. */
export const modelVersionCreateBody = z.strictObject({
  ...z.object(versionFields).partial().shape,
  modelType: versionFields.modelType,
  name: versionFields.name,
  version: versionFields.version,
  enabled: versionFields.enabled.default(true),
  promptPrice: price.default(0),
  completionPrice: price.default(0),
});

/** model/version/update: the id and the fields to change. */
export const modelVersionUpdateBody = z.strictObject({
  id: idSchema,
  ...z.object(versionFields).partial().shape,
});

/** model/version/delete and model/version/test: the version's id. */
export const modelVersionDeleteBody = idBody;

const modelVersionTestAnswer = z.object({
  answer: z.string().optional(),
  promptTokens: z.number().int().optional(),
  completionTokens: z.number().int().optional(),
  tokensEstimated: z.boolean().optional(),
  ttftMs: z.number().nullable().optional(),
  latencyMs: z.number().optional(),
  error: z.object({ kind: z.enum(MODEL_ERROR_KINDS), message: z.string() }).optional(),
});

const errors = { '4xx': errorEnvelope, '5xx': errorEnvelope };

type VersionAnswer = z.infer<typeof modelVersionSchema>;

/** A row as the list answers it; `connection` adds how the console reaches it (admins). */
function toVersion(row: ModelVersionRow, connection = true): VersionAnswer {
  const shown: VersionAnswer = {
    id: row.id,
    modelType: row.modelType,
    name: row.name,
    version: row.version,
    enabled: row.enabled,
    promptPrice: Number(row.promptPrice),
    completionPrice: Number(row.completionPrice),
    provider: row.provider ?? null,
  };
  if (!connection) return shown;
  return {
    ...shown,
    baseUrl: row.baseUrl,
    model: row.model,
    apiKeySet: row.apiKey !== null,
    timeoutMs: row.timeoutMs,
    maxConcurrency: row.maxConcurrency,
    retries: row.retries,
    mockLatencyMs: row.mockLatencyMs,
  };
}

type VersionChanges = Partial<z.infer<typeof modelVersionCreateBody>>;

/**
 * The columns a create or update writes: the key sealed, and the provider's needs checked on
 * the row as it will be (an update may change the provider and keep the URL).
 */
function connectionOf(
  ctx: AppContext,
  changes: VersionChanges,
  stored?: ModelVersionRow,
): Partial<ModelVersionRow> {
  const { apiKey, ...rest } = changes;
  // An emptied field is no value.
  if (rest.baseUrl === '') rest.baseUrl = null;
  const next = { ...stored, ...rest };
  if (next.baseUrl) {
    const refusal = urlRefusal(next.baseUrl, ctx.models.policy);
    if (refusal) {
      throw invalidField('baseUrl', refusal === 'scheme' ? 'badHttpUrl' : 'refusedAddress');
    }
  }
  if (next.provider === 'openai-compatible') {
    for (const field of ['baseUrl', 'model'] as const) {
      if (!next[field]) throw invalidField(field, 'providerNeeds');
    }
  }
  const values: Partial<ModelVersionRow> = { ...rest };
  if (apiKey !== undefined) values.apiKey = apiKey === null ? null : ctx.secrets.encrypt(apiKey);
  return values;
}

/**
 * Whether anything still names the version: an evaluation (compared or baseline), a result, a
 * prompt call of the same model type, or an agent. Rows refer to versions by their text.
 */
export async function modelVersionInUse(db: Database, row: ModelVersionRow): Promise<boolean> {
  const version = row.version;
  const array = sql`${sql.param([version])}::text[]`;
  const probes: SQL[] = [
    sql`exists (select 1 from ${modelEvaluations} where ${or(
      sql`${modelEvaluations.modelVersions} @> ${array}`,
      eq(modelEvaluations.baselineVersion, version),
    )})`,
    sql`exists (select 1 from ${modelEvaluateResults} where ${eq(
      modelEvaluateResults.modelVersion,
      version,
    )})`,
    sql`exists (select 1 from ${promptCalls} where ${and(
      eq(promptCalls.modelVersion, version),
      eq(promptCalls.modelType, row.modelType),
    )})`,
    sql`exists (select 1 from ${agents} where ${eq(agents.modelVersion, version)})`,
  ];
  const [answer] = await db
    .select({ used: sql<boolean>`${sql.join(probes, sql` or `)}` })
    .from(sql`(select 1) as one`);
  return answer?.used === true;
}

/** A (modelType, version) pair that exists already answers 40000 duplicate on `version`. */
async function guardDuplicate<T>(run: () => Promise<T>): Promise<T> {
  try {
    return await run();
  } catch (error) {
    if (databaseErrorOf(error)?.code === '23505') {
      throw invalidField('version', 'duplicate', { field: 'version' });
    }
    throw error;
  }
}

async function versionById(db: Database, id: number): Promise<ModelVersionRow> {
  if (!Number.isSafeInteger(id) || id > 2_147_483_647) throw notFound();
  const [row] = await db.select().from(modelVersions).where(eq(modelVersions.id, id)).limit(1);
  if (!row) throw notFound();
  return row;
}

/**
 * Model versions: the list (spec §7 /model/version/list) for filters and forms, any logged-in
 * role; create, update and delete as the policy allows (the admin).
 */
export function modelRoutes(app: FastifyInstance, ctx: AppContext): void {
  modelVersionAdminRoutes(app, ctx);
  app.withTypeProvider<ZodTypeProvider>().post(apiPath('model', 'version', 'list'), {
    preValidation: ctx.authenticate,
    schema: {
      tags: ['model'],
      summary: 'Model versions with their prices per 1 000 tokens (CNY)',
      security: [{ bearer: [] }],
      body: modelVersionBody,
      response: {
        200: envelopeOf(z.object({ list: z.array(modelVersionSchema), total: z.number().int() })),
        '4xx': errorEnvelope,
        '5xx': errorEnvelope,
      },
    },
    handler: async (request) => {
      const type = request.body?.modelType;
      const rows = await ctx.db
        .select()
        .from(modelVersions)
        .where(type ? eq(modelVersions.modelType, type) : undefined)
        .orderBy(asc(modelVersions.modelType), asc(modelVersions.name), asc(modelVersions.id));
      const admin = await can(ctx.enforcer, callerOf(request).role, 'model', 'edit');
      const list = rows.map((row) => toVersion(row, admin));
      return success(request, { list, total: list.length });
    },
  });
}

function modelVersionAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Error answers name fields as the model-version page labels them.
  const may = (action: Action) => ({
    ...apiPermission(app, ctx, 'model', action),
    config: { fieldLabels: namespaceLabels('model-version') },
  });
  const docs = (summary: string) => ({ tags: ['model'], summary, security: [{ bearer: [] }] });

  r.post(apiPath('model', 'version', 'create'), {
    ...may('create'),
    schema: {
      ...docs('Add a model version (admin only); a taken (modelType, version) answers 40000'),
      body: modelVersionCreateBody,
      response: { 200: envelopeOf(modelVersionSchema), ...errors },
    },
    handler: async (request) => {
      const values = { ...request.body, ...connectionOf(ctx, request.body) };
      const [row] = await guardDuplicate(() =>
        ctx.db
          .insert(modelVersions)
          .values(values as typeof modelVersions.$inferInsert)
          .returning(),
      );
      return success(request, toVersion(row as ModelVersionRow));
    },
  });

  r.post(apiPath('model', 'version', 'update'), {
    ...may('edit'),
    schema: {
      ...docs(
        'Change a model version (admin only); its type and version text stay while anything uses it',
      ),
      body: modelVersionUpdateBody,
      response: { 200: envelopeOf(modelVersionSchema), ...errors },
    },
    handler: async (request) => {
      const { id, ...changes } = request.body;
      const stored = await versionById(ctx.db, id);
      const renamed =
        (changes.version !== undefined && changes.version !== stored.version) ||
        (changes.modelType !== undefined && changes.modelType !== stored.modelType);
      // Rows name versions by their text: renaming a used one would orphan them.
      if (renamed && (await modelVersionInUse(ctx.db, stored))) {
        throw invalidField(
          changes.version !== undefined ? 'version' : 'modelType',
          'modelVersionInUse',
          {
            version: stored.version,
          },
        );
      }
      if (!Object.keys(changes).length) return success(request, toVersion(stored));
      const values = connectionOf(ctx, changes, stored);
      const [row] = await guardDuplicate(() =>
        ctx.db.update(modelVersions).set(values).where(eq(modelVersions.id, id)).returning(),
      );
      if (!row) throw notFound();
      return success(request, toVersion(row));
    },
  });

  r.post(apiPath('model', 'version', 'test'), {
    ...may('edit'),
    schema: {
      ...docs(
        'Send a short prompt to a model version through its provider (admin only); a provider ' +
          'that fails answers 200 with data.error',
      ),
      body: idBody,
      response: { 200: envelopeOf(modelVersionTestAnswer), ...errors },
    },
    handler: async (request) => {
      const stored = await versionById(ctx.db, request.body.id);
      const locale = localeOf(request);
      try {
        const done = await ctx.models.complete(stored, {
          messages: [{ role: 'user', content: TEST_PROMPT[locale] }],
        });
        return success(request, done);
      } catch (error) {
        if (!(error instanceof ModelError)) throw error;
        return success(request, { error: { kind: error.kind, message: error.message } });
      }
    },
  });

  r.post(apiPath('model', 'version', 'delete'), {
    ...may('delete'),
    schema: {
      ...docs('Delete a model version nothing uses any more (admin only)'),
      body: modelVersionDeleteBody,
      response: { 200: envelopeOf(z.object({ id: z.number().int() })), ...errors },
    },
    handler: async (request) => {
      const stored = await versionById(ctx.db, request.body.id);
      if (await modelVersionInUse(ctx.db, stored)) {
        throw invalidField('id', 'modelVersionInUse', { version: stored.version });
      }
      const rows = await ctx.db
        .delete(modelVersions)
        .where(eq(modelVersions.id, stored.id))
        .returning({ id: modelVersions.id });
      if (!rows.length) throw notFound();
      return success(request, { id: stored.id });
    },
  });
}
