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
});

/** numeric(12, 6): below a million per 1 000 tokens. */
const price = z.number().min(0).max(999_999);

const versionFields = {
  modelType: z.enum(PROMPT_MODEL_TYPES),
  name: visibleString().trim().min(1).max(64),
  version: visibleString().trim().min(1).max(64),
  enabled: z.boolean(),
  promptPrice: price,
  completionPrice: price,
};

/** model/version/create: prices are CNY per 1 000 tokens. */
export const modelVersionCreateBody = z.strictObject({
  ...versionFields,
  enabled: versionFields.enabled.default(true),
  promptPrice: price.default(0),
  completionPrice: price.default(0),
});

/** model/version/update: the id and the fields to change. */
export const modelVersionUpdateBody = z.strictObject({
  id: idSchema,
  ...z.object(versionFields).partial().shape,
});

export const modelVersionDeleteBody = idBody;

const errors = { '4xx': errorEnvelope, '5xx': errorEnvelope };

function toVersion(row: ModelVersionRow): z.infer<typeof modelVersionSchema> {
  return {
    id: row.id,
    modelType: row.modelType,
    name: row.name,
    version: row.version,
    enabled: row.enabled,
    promptPrice: Number(row.promptPrice),
    completionPrice: Number(row.completionPrice),
  };
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
      const list = await ctx.db
        .select({
          id: modelVersions.id,
          modelType: modelVersions.modelType,
          name: modelVersions.name,
          version: modelVersions.version,
          enabled: modelVersions.enabled,
          promptPrice: modelVersions.promptPrice,
          completionPrice: modelVersions.completionPrice,
        })
        .from(modelVersions)
        .where(type ? eq(modelVersions.modelType, type) : undefined)
        .orderBy(asc(modelVersions.modelType), asc(modelVersions.name), asc(modelVersions.id));
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
      const [row] = await guardDuplicate(() =>
        ctx.db.insert(modelVersions).values(request.body).returning(),
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
      const [row] = await guardDuplicate(() =>
        ctx.db.update(modelVersions).set(changes).where(eq(modelVersions.id, id)).returning(),
      );
      if (!row) throw notFound();
      return success(request, toVersion(row));
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
