import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PUBLIC_API_PREFIX } from '../../contract/api-keys';
import { envelopeOf, errorEnvelope } from '../../contract/envelope-schema';
import type { PromptVariable } from '../../contract/prompt-variables';
import type { Database } from '../db/client';
import { prompts, scenes } from '../db/schema';
import { notFound } from '../http/app-error';
import { success } from '../http/reply';
import { keyCovers, type KeyAuth } from './auth';

/** The label of the approved live version; it moves only through review. */
export const PRODUCTION = 'production';
const LABEL = /^[a-z0-9-]{1,32}$/;

const labelQuery = z.strictObject({
  label: z
    .string()
    .default(PRODUCTION)
    .refine((s) => LABEL.test(s), { params: { key: 'badLabel' } }),
});

const servedPrompt = z.object({
  templateId: z.number().int(),
  title: z.string(),
  sceneCode: z.string().nullable(),
  modelType: z.string(),
  version: z.number().int(),
  label: z.string(),
  content: z.string(),
  variables: z.array(z.record(z.string(), z.unknown())),
});
type ServedPrompt = z.infer<typeof servedPrompt>;

const errors = { '4xx': errorEnvelope, '5xx': errorEnvelope };

/**
 * The template a label points at, as the platform's runtime fetches it. Only enabled platform
 * templates are served, never a personal one.
 */
async function servedTemplate(
  db: Database,
  templateId: number,
  label: string,
): Promise<ServedPrompt> {
  if (label !== PRODUCTION) throw notFound();
  const [row] = await db
    .select({
      id: prompts.id,
      title: prompts.title,
      sceneCode: prompts.sceneCode,
      type: prompts.type,
      liveVersion: prompts.liveVersion,
      content: prompts.content,
      variables: prompts.variables,
    })
    .from(prompts)
    .where(and(eq(prompts.id, templateId), eq(prompts.isPublic, 1), eq(prompts.status, 1)))
    .limit(1);
  if (!row) throw notFound();
  return {
    templateId: row.id as number,
    title: row.title as string,
    sceneCode: (row.sceneCode as string | null) ?? null,
    modelType: row.type as string,
    version: row.liveVersion as number,
    label,
    content: row.content as string,
    variables: ((row.variables as PromptVariable[] | null) ?? []) as unknown as Record<
      string,
      unknown
    >[],
  };
}

/**
 * Answers the prompt with its entity tag; a caller that already holds this copy
 * (If-None-Match) gets 304 and no body.
 */
function answerPrompt(request: FastifyRequest, reply: FastifyReply, prompt: ServedPrompt) {
  const tag = `"${createHash('sha256').update(JSON.stringify(prompt)).digest('base64url').slice(0, 27)}"`;
  // The caller keeps its copy but asks again each time: an approval must reach it at once.
  reply.header('etag', tag).header('cache-control', 'private, no-cache');
  const held = request.headers['if-none-match'];
  if (held && held.split(',').some((t) => t.trim() === tag || t.trim() === `W/${tag}`)) {
    return reply.code(304).send();
  }
  return success(request, prompt);
}

export function publicPromptRoutes(app: FastifyInstance, db: Database, auth: KeyAuth): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const docs = (summary: string) => ({
    tags: ['public'],
    summary,
    security: [{ bearer: [] }],
  });

  r.get(`${PUBLIC_API_PREFIX}/prompts/:templateId`, {
    preValidation: [auth.require('prompts:read')],
    schema: {
      ...docs('The platform template version a label points at (production: the approved one)'),
      params: z.strictObject({ templateId: z.coerce.number().int().min(1).max(2_147_483_647) }),
      querystring: labelQuery,
      response: { 200: envelopeOf(servedPrompt), ...errors },
    },
    handler: async (request, reply) => {
      const prompt = await servedTemplate(db, request.params.templateId, request.query.label);
      // A key restricted to scenes finds another scene's template as absent as a missing one.
      if (!keyCovers(request.apiKey!, prompt.sceneCode)) throw notFound();
      return answerPrompt(request, reply, prompt);
    },
  });

  r.get(`${PUBLIC_API_PREFIX}/scenes/:sceneCode/prompt`, {
    preValidation: [auth.require('prompts:read')],
    schema: {
      ...docs('The template bound to a scene, at the version a label points at'),
      params: z.strictObject({ sceneCode: z.string().min(1).max(64) }),
      querystring: labelQuery,
      response: { 200: envelopeOf(servedPrompt), ...errors },
    },
    handler: async (request, reply) => {
      const key = request.apiKey!;
      const { sceneCode } = request.params;
      if (!keyCovers(key, sceneCode)) throw notFound();
      const [scene] = await db
        .select({ templateId: scenes.templateId })
        .from(scenes)
        .where(and(eq(scenes.sceneCode, sceneCode), eq(scenes.isDel, 0)))
        .limit(1);
      const templateId = scene?.templateId as number | null | undefined;
      if (!templateId) throw notFound();
      const prompt = await servedTemplate(db, templateId, request.query.label);
      return answerPrompt(request, reply, prompt);
    },
  });
}
