import { inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiPath } from '../../../contract/api';
import { Code } from '../../../contract/envelope';
import { envelopeOf, errorEnvelope } from '../../../contract/envelope-schema';
import {
  promptRunAnswer,
  promptRunBody,
  type PromptRunBody,
  type PromptRunEvent,
  type PromptRunResult,
} from '../../../contract/playground';
import {
  placeholdersOf,
  renderTemplate,
  type PromptVariable,
} from '../../../contract/prompt-variables';
import { requirePermission } from '../../auth/access';
import type { AuthUser } from '../../auth/auth-user';
import { callerOf } from '../../auth/authenticate';
import type { AppContext } from '../../context';
import { debugRecords, modelVersions, promptCalls, type ModelVersionRow } from '../../db/schema';
import { invalidField } from '../../http/app-error';
import { success } from '../../http/reply';
import { checkedValues, variablePairs } from './values';
import { ModelError, type ChatMessage, type Completion } from '../../models/client';

interface Template {
  id: number;
  title: string;
  sceneCode: string | null;
  type: string;
  content: string;
  variables: PromptVariable[];
}

/** The template the caller may see, as the run needs it. */
async function templateFor(ctx: AppContext, id: number, caller: AuthUser): Promise<Template> {
  const row = await ctx.stores.get('prompt')!.detail(id, caller);
  return {
    id: row.id as number,
    title: row.title as string,
    sceneCode: (row.sceneCode as string | null) ?? null,
    type: row.type as string,
    content: row.content as string,
    variables: (row.variables as PromptVariable[] | null) ?? [],
  };
}

/**
 * The prompt with the values filled in. An unsaved text may use placeholders the saved
 * variable table does not have yet: those take text.
 */
function renderedPrompt(template: Template, body: PromptRunBody): string {
  const content = body.content ?? template.content;
  const used = placeholdersOf(content);
  const declared = new Set(template.variables.map((v) => v.fieldName));
  const variables = [
    ...template.variables.filter((v) => used.includes(v.fieldName)),
    ...used
      .filter((p) => !declared.has(p))
      .map((p): PromptVariable => ({ name: p, fieldName: p, type: 'text' })),
  ];
  const values = Object.fromEntries(
    Object.entries(body.variables).filter(([field]) =>
      variables.some((v) => v.fieldName === field),
    ),
  );
  const texts = checkedValues(variables, values);
  return renderTemplate(content, texts);
}

/** The versions asked for, in the order asked; of two with one code, the template's type. */
async function versionsFor(
  ctx: AppContext,
  codes: readonly string[],
  modelType: string,
): Promise<ModelVersionRow[]> {
  const rows = await ctx.db
    .select()
    .from(modelVersions)
    .where(inArray(modelVersions.version, [...codes]));
  return codes.map((code, index) => {
    const matches = rows.filter((r) => r.version === code && r.enabled);
    const row = matches.find((r) => r.modelType === modelType) ?? matches[0];
    if (!row) {
      throw invalidField(`modelVersions.${index}`, 'unknownModelVersion', {
        version: code,
        type: modelType,
      });
    }
    return row;
  });
}

interface RunContext {
  ctx: AppContext;
  caller: AuthUser;
  template: Template;
  prompt: string;
  edited: boolean;
  variables: Record<string, unknown>;
}

/**
 * Keeps one version's run: always a debug record, and a template call when the model answered
 * (so statistics and cost count it), in one transaction.
 */
async function keepRun(
  run: RunContext,
  version: ModelVersionRow,
  messages: ChatMessage[],
  outcome: { done: Completion } | { error: ModelError },
): Promise<PromptRunResult> {
  const done = 'done' in outcome ? outcome.done : undefined;
  const error = 'error' in outcome ? outcome.error : undefined;
  return run.ctx.db.transaction(async (tx) => {
    let callId: number | null = null;
    let cost: number | null = null;
    if (done) {
      const [call] = await tx
        .insert(promptCalls)
        .values({
          title: run.template.title.slice(0, 128),
          templateId: run.template.id,
          question: run.prompt,
          answer: done.answer,
          variables: variablePairs(run.variables),
          callTime: new Date(),
          userId: run.caller.id,
          promptTokens: done.promptTokens,
          completionTokens: done.completionTokens,
          totalTokens: done.promptTokens + done.completionTokens,
          sceneCode: run.template.sceneCode,
          modelType: version.modelType,
          modelVersion: version.version,
          source: 'playground',
          latencyMs: done.latencyMs,
        } as typeof promptCalls.$inferInsert)
        .returning({ id: promptCalls.id, cost: promptCalls.cost });
      callId = (call?.id as number | undefined) ?? null;
      cost = call?.cost === null || call?.cost === undefined ? null : Number(call.cost);
    }
    const [record] = await tx
      .insert(debugRecords)
      .values({
        operatorId: run.caller.id,
        source: 'playground',
        templateId: run.template.id,
        templateTitle: run.template.title.slice(0, 128),
        modelVersion: version.version,
        state: done ? 'ok' : error?.kind === 'aborted' ? 'aborted' : 'error',
        request: {
          messages,
          modelVersion: version.version,
          provider: version.provider,
          model: version.provider === 'openai-compatible' ? version.model : null,
          edited: run.edited,
          variables: run.variables,
        },
        answer: done?.answer ?? null,
        error: error ? { kind: error.kind, message: error.message } : null,
        promptTokens: done?.promptTokens ?? null,
        completionTokens: done?.completionTokens ?? null,
        tokensEstimated: done?.tokensEstimated ?? false,
        ttftMs: done?.ttftMs ?? null,
        latencyMs: done?.latencyMs ?? null,
        cost,
        callId,
      })
      .returning({ id: debugRecords.id });
    return {
      modelVersion: version.version,
      answer: done?.answer ?? '',
      promptTokens: done?.promptTokens ?? 0,
      completionTokens: done?.completionTokens ?? 0,
      tokensEstimated: done?.tokensEstimated ?? false,
      latencyMs: done?.latencyMs ?? 0,
      ttftMs: done?.ttftMs ?? null,
      cost,
      ...(error ? { error: { kind: error.kind, message: error.message } } : {}),
      debugRecordId: record!.id,
    };
  });
}

function writeEvent(reply: FastifyReply, message: PromptRunEvent): void {
  reply.raw.write(`event: ${message.event}\ndata: ${JSON.stringify(message.data)}\n\n`);
}

function wantsStream(request: FastifyRequest): boolean {
  return (request.headers.accept ?? '').includes('text/event-stream');
}

/**
 * prompt/run: the playground. Every version runs at once; the caller leaving (or Stop, which
 * closes the request) cancels the provider requests still running.
 */
export function promptRunRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.withTypeProvider<ZodTypeProvider>().post(apiPath('prompt', 'run'), {
    preValidation: [ctx.authenticate, requirePermission(ctx.enforcer, 'prompt', 'show')],
    schema: {
      tags: ['prompt'],
      summary:
        'Run a template (or its unsaved text) on one to three model versions; with Accept: ' +
        'text/event-stream the answers stream as server-sent events',
      security: [{ bearer: [] }],
      body: promptRunBody,
      response: { 200: envelopeOf(promptRunAnswer), '4xx': errorEnvelope, '5xx': errorEnvelope },
    },
    handler: async (request, reply) => {
      const caller = callerOf(request);
      const body = request.body;
      const template = await templateFor(ctx, body.templateId, caller);
      const prompt = renderedPrompt(template, body);
      const versions = await versionsFor(ctx, body.modelVersions, template.type);
      const run: RunContext = {
        ctx,
        caller,
        template,
        prompt,
        edited: body.content !== undefined,
        variables: body.variables,
      };
      const messages: ChatMessage[] = [{ role: 'user', content: prompt }];
      const stop = new AbortController();
      const streaming = wantsStream(request);
      let finished = false;
      reply.raw.on('close', () => {
        if (!finished) stop.abort();
      });
      if (streaming) {
        reply.hijack();
        reply.raw.writeHead(200, {
          'content-type': 'text/event-stream; charset=utf-8',
          'cache-control': 'no-store',
          'x-accel-buffering': 'no',
          connection: 'keep-alive',
        });
        writeEvent(reply, { event: 'prompt', data: { prompt } });
      }
      const running = Promise.all(
        versions.map(async (version, index) => {
          const outcome = await ctx.models
            .complete(version, {
              messages,
              signal: stop.signal,
              ...(streaming
                ? {
                    onDelta: (text: string) =>
                      writeEvent(reply, { event: 'delta', data: { index, text } }),
                  }
                : {}),
            })
            .then(
              (done) => ({ done }),
              (error: unknown) => {
                if (error instanceof ModelError) return { error };
                throw error;
              },
            );
          const result = await keepRun(run, version, messages, outcome);
          if (streaming) writeEvent(reply, { event: 'run', data: { index, run: result } });
          return result;
        }),
      );
      if (!streaming) {
        const runs = await running;
        finished = true;
        return success(request, { prompt, runs });
      }
      // The answer has begun: a failure now can only be told as an event.
      try {
        const runs = await running;
        writeEvent(reply, { event: 'done', data: { prompt, runs } });
      } catch (error) {
        request.log.error({ err: error }, 'playground run failed');
        writeEvent(reply, { event: 'error', data: { code: Code.INTERNAL } });
      } finally {
        finished = true;
        reply.raw.end();
      }
      return reply;
    },
  });
}
