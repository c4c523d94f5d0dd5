import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PUBLIC_API_PREFIX } from '../../contract/api-keys';
import { envelopeOf, errorEnvelope } from '../../contract/envelope-schema';
import { LABEL_RE, PRODUCTION_LABEL } from '../../contract/prompt-labels';
import { renderTemplate, type PromptVariable } from '../../contract/prompt-variables';
import { checkedValues } from '../resources/prompt/values';
import type { Database } from '../db/client';
import { promptLabels, prompts, promptVersions, scenes } from '../db/schema';
import { notFound } from '../http/app-error';
import { success } from '../http/reply';
import { keyCovers, type KeyAuth } from './auth';

const labelQuery = z.strictObject({
  label: z
    .string()
    .default(PRODUCTION_LABEL)
    .refine((s) => LABEL_RE.test(s), { params: { key: 'badLabel' } }),
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

export const renderBody = z.strictObject({
  label: labelQuery.shape.label,
  variables: z.record(z.string().max(64), z.unknown()).default({}),
});

const renderedPrompt = z.object({
  templateId: z.number().int(),
  version: z.number().int(),
  label: z.string(),
  text: z.string(),
});

const errors = { '4xx': errorEnvelope, '5xx': errorEnvelope };

/**
 * The template version a label points at, as the platform's runtime fetches it: `production`
 * is the live version (the template row's own content), any other label a stored version.
 * Only enabled platform templates are served, never a personal one.
 */
async function servedTemplate(
  db: Database,
  templateId: number,
  label: string,
): Promise<ServedPrompt> {
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
  let version: {
    title: unknown;
    sceneCode: unknown;
    type: unknown;
    content: unknown;
    variables: unknown;
    number: unknown;
  } = { ...row, number: row.liveVersion };
  if (label !== PRODUCTION_LABEL) {
    const [labelled] = await db
      .select({
        title: promptVersions.title,
        sceneCode: promptVersions.sceneCode,
        type: promptVersions.type,
        content: promptVersions.content,
        variables: promptVersions.variables,
        number: promptVersions.number,
      })
      .from(promptLabels)
      .innerJoin(
        promptVersions,
        and(
          eq(promptVersions.promptId, promptLabels.promptId),
          eq(promptVersions.number, promptLabels.number),
        ),
      )
      .where(and(eq(promptLabels.promptId, templateId), eq(promptLabels.label, label)))
      .limit(1);
    if (!labelled) throw notFound();
    version = labelled;
  }
  return {
    templateId: row.id as number,
    title: version.title as string,
    sceneCode: (version.sceneCode as string | null) ?? null,
    modelType: version.type as string,
    version: version.number as number,
    label,
    content: version.content as string,
    variables: ((version.variables as PromptVariable[] | null) ?? []) as unknown as Record<
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

  r.post(`${PUBLIC_API_PREFIX}/prompts/:templateId/render`, {
    preValidation: [auth.require('prompts:read')],
    schema: {
      ...docs(
        'The text of a template version with the given values, checked by their declared types; interface variables take the value given',
      ),
      params: z.strictObject({ templateId: z.coerce.number().int().min(1).max(2_147_483_647) }),
      body: renderBody,
      response: { 200: envelopeOf(renderedPrompt), ...errors },
    },
    handler: async (request) => {
      const { label, variables } = request.body;
      const prompt = await servedTemplate(db, request.params.templateId, label);
      if (!keyCovers(request.apiKey!, prompt.sceneCode)) throw notFound();
      const texts = checkedValues(prompt.variables as unknown as PromptVariable[], variables);
      return success(request, {
        templateId: prompt.templateId,
        version: prompt.version,
        label: prompt.label,
        text: renderTemplate(prompt.content, texts),
      });
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
