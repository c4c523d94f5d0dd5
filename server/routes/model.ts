import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiPath } from '../../contract/api';
import { envelopeOf, errorEnvelope } from '../../contract/envelope-schema';
import { PROMPT_MODEL_TYPES } from '../../contract/resources/prompt';
import type { AppContext } from '../context';
import { modelVersions } from '../db/schema';
import { success } from '../http/reply';

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

/** Model versions (spec §7 /model/version/list), for filters and forms; any logged-in role. */
export function modelRoutes(app: FastifyInstance, ctx: AppContext): void {
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
