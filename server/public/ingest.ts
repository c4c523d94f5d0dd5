import { and, eq, inArray } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { PUBLIC_API_PREFIX } from '../../contract/api-keys';
import type { FieldIssue } from '../../contract/envelope';
import { envelopeOf, errorEnvelope } from '../../contract/envelope-schema';
import {
  INGEST_BODIES,
  ingestAnswer,
  ingestBatch,
  ingestCall,
  ingestEvent,
  MAX_BATCH_BYTES,
  MAX_BATCH_EVENTS,
  type IngestAnswer,
  type IngestType,
} from '../../contract/ingest';
import type { MessageKey } from '../../contract/messages';
import type { Database } from '../db/client';
import { modelVersions, prompts, promptVersions, records, scenes } from '../db/schema';
import { boundPending, translateIssues } from '../http/issues';
import { localeOf } from '../http/locale';
import { success } from '../http/reply';
import { keyCovers, type KeyAuth } from './auth';
import {
  ingestWriter,
  type Accepted,
  type CallRow,
  type MessageBody,
  type SessionBody,
} from './ingest-store';
import type { KeyCaller } from './keys';
import { variablePairs } from '../resources/prompt/values';

type CallBody = z.infer<typeof ingestCall>;

type Rejected = IngestAnswer['rejected'][number];

interface Problem {
  field: string;
  key: MessageKey;
  params?: Record<string, string | number>;
}

/** What the checks of a batch's calls and sessions need from the database, read at once. */
interface Known {
  templates: Map<number, { title: string; type: string; sceneCode: string | null }>;
  templateVersions: Set<string>;
  scenes: Set<string>;
  models: Set<string>;
  sessions: Map<string, string | null>;
}

async function lookups(db: Database, bodies: { type: IngestType; body: unknown }[]) {
  const calls = bodies.filter((b) => b.type === 'call').map((b) => b.body as CallBody);
  const sessions = bodies.filter((b) => b.type === 'session').map((b) => b.body as SessionBody);
  const messages = bodies.filter((b) => b.type === 'message').map((b) => b.body as MessageBody);
  const templateIds = [...new Set(calls.map((c) => c.templateId))];
  const sceneCodes = [
    ...new Set(
      [...calls.map((c) => c.sceneCode), ...sessions.map((s) => s.sceneCode)].filter(
        (c): c is string => !!c,
      ),
    ),
  ];
  const chatIds = [...new Set([...sessions, ...messages].map((s) => s.chatId))];
  const [templateRows, versionRows, sceneRows, modelRows, sessionRows] = await Promise.all([
    templateIds.length
      ? db
          .select({
            id: prompts.id,
            title: prompts.title,
            type: prompts.type,
            sceneCode: prompts.sceneCode,
          })
          .from(prompts)
          .where(inArray(prompts.id, templateIds))
      : [],
    templateIds.length
      ? db
          .select({ promptId: promptVersions.promptId, number: promptVersions.number })
          .from(promptVersions)
          .where(inArray(promptVersions.promptId, templateIds))
      : [],
    sceneCodes.length
      ? db
          .select({ code: scenes.sceneCode })
          .from(scenes)
          .where(and(inArray(scenes.sceneCode, sceneCodes), eq(scenes.isDel, 0)))
      : [],
    calls.length
      ? db
          .select({ type: modelVersions.modelType, version: modelVersions.version })
          .from(modelVersions)
      : [],
    chatIds.length
      ? db
          .select({ chatId: records.chatId, sceneCode: records.sceneCode })
          .from(records)
          .where(inArray(records.chatId, chatIds))
      : [],
  ]);
  const known: Known = {
    templates: new Map(
      templateRows.map((r) => [
        r.id as number,
        {
          title: r.title as string,
          type: r.type as string,
          sceneCode: (r.sceneCode as string | null) ?? null,
        },
      ]),
    ),
    templateVersions: new Set(versionRows.map((r) => `${r.promptId}:${r.number}`)),
    scenes: new Set(sceneRows.map((r) => r.code as string)),
    models: new Set(modelRows.map((r) => `${r.type}:${r.version}`)),
    sessions: new Map(
      sessionRows.map((r) => [r.chatId as string, (r.sceneCode as string | null) ?? null]),
    ),
  };
  return known;
}

/** A call's row, or what is wrong with it. */
function checkCall(body: CallBody, at: Date, key: KeyCaller, known: Known): Problem[] | CallRow {
  const template = known.templates.get(body.templateId);
  if (!template) {
    return [{ field: 'templateId', key: 'unknownTemplate', params: { id: body.templateId } }];
  }
  const problems: Problem[] = [];
  if (
    body.templateVersion !== undefined &&
    !known.templateVersions.has(`${body.templateId}:${body.templateVersion}`)
  ) {
    problems.push({
      field: 'templateVersion',
      key: 'noSuchVersion',
      params: { number: body.templateVersion },
    });
  }
  const sceneCode = body.sceneCode ?? template.sceneCode;
  if (body.sceneCode && !known.scenes.has(body.sceneCode)) {
    problems.push({ field: 'sceneCode', key: 'unknownScene', params: { code: body.sceneCode } });
  } else if (!keyCovers(key, sceneCode)) {
    problems.push({
      field: 'sceneCode',
      key: 'sceneNotAllowed',
      params: { code: sceneCode ?? '' },
    });
  }
  const modelType = body.modelType ?? template.type;
  if (body.modelVersion && !known.models.has(`${modelType}:${body.modelVersion}`)) {
    problems.push({
      field: 'modelVersion',
      key: 'unknownModelVersion',
      params: { version: body.modelVersion, type: modelType },
    });
  }
  if (problems.length) return problems;
  return {
    title: template.title,
    template_id: body.templateId,
    question: body.question,
    answer: body.answer ?? null,
    variables: variablePairs(body.variables),
    call_time: body.callTime ?? at.toISOString(),
    user_id: body.userId ?? null,
    prompt_tokens: body.promptTokens,
    completion_tokens: body.completionTokens,
    total_tokens: body.promptTokens + body.completionTokens,
    scene_code: sceneCode,
    model_type: modelType,
    model_version: body.modelVersion ?? null,
    template_version: body.templateVersion ?? null,
    latency_ms: body.latencyMs ?? null,
  };
}

/**
 * A session or message event's problems. A session's scene must exist; a key restricted to
 * scenes writes only sessions of its scenes, and a message only to a session it may write.
 */
function checkChat(
  type: 'session' | 'message',
  body: SessionBody | MessageBody,
  key: KeyCaller,
  known: Known,
  sceneOfNew: Map<string, string | null>,
): Problem[] {
  if (type === 'session') {
    const session = body as SessionBody;
    const existing = known.sessions.get(session.chatId);
    const scene = existing !== undefined ? existing : (session.sceneCode ?? null);
    if (session.sceneCode && !known.scenes.has(session.sceneCode)) {
      return [{ field: 'sceneCode', key: 'unknownScene', params: { code: session.sceneCode } }];
    }
    if (
      existing !== undefined &&
      session.sceneCode !== undefined &&
      session.sceneCode !== existing
    ) {
      return [{ field: 'sceneCode', key: 'immutable', params: { field: 'sceneCode' } }];
    }
    if (!keyCovers(key, scene)) {
      return [{ field: 'sceneCode', key: 'sceneNotAllowed', params: { code: scene ?? '' } }];
    }
    if (existing === undefined) sceneOfNew.set(session.chatId, scene);
    return [];
  }
  const { chatId } = body;
  const scene = known.sessions.has(chatId)
    ? known.sessions.get(chatId)!
    : sceneOfNew.has(chatId)
      ? sceneOfNew.get(chatId)!
      : null;
  if (!keyCovers(key, scene)) {
    return [{ field: 'chatId', key: 'sessionNotAllowed', params: { chatId } }];
  }
  if (!known.sessions.has(chatId) && !sceneOfNew.has(chatId)) sceneOfNew.set(chatId, null);
  return [];
}

/**
 * Checks every event of a batch on its own and stores the accepted ones in one transaction,
 * each event once by its id: a batch sent again answers as the first time and stores nothing
 * more. Calls are priced and counted in the statistics by the database as they are inserted.
 */
export async function ingest(
  db: Database,
  key: KeyCaller,
  batch: readonly unknown[],
  request: FastifyRequest,
): Promise<IngestAnswer> {
  const locale = localeOf(request);
  const rejected: Rejected[] = [];
  const reject = (index: number, id: string | null, reasons: FieldIssue[]) =>
    rejected.push({ index, id, reasons });
  const parsed: { index: number; id: string; type: IngestType; at: Date; body: unknown }[] = [];
  const seen = new Set<string>();
  batch.forEach((raw, index) => {
    const rawId = (raw as { id?: unknown } | null)?.id;
    const id = typeof rawId === 'string' ? rawId : null;
    const event = ingestEvent.safeParse(raw);
    if (!event.success) return reject(index, id, translateIssues(event.error.issues, raw, locale));
    const body = INGEST_BODIES[event.data.type].safeParse(event.data.body ?? {});
    if (!body.success) {
      return reject(index, id, translateIssues(body.error.issues, event.data.body, locale));
    }
    if (seen.has(event.data.id)) {
      return reject(
        index,
        id,
        boundPending([{ field: 'id', key: 'duplicateEvent' }], locale).issues,
      );
    }
    seen.add(event.data.id);
    parsed.push({
      index,
      id: event.data.id,
      type: event.data.type,
      at: new Date(event.data.timestamp),
      body: body.data,
    });
  });

  const known = await lookups(db, parsed);
  const sceneOfNew = new Map<string, string | null>();
  const accepted: Accepted[] = [];
  for (const event of parsed) {
    if (event.type === 'call') {
      const row = checkCall(event.body as CallBody, event.at, key, known);
      if (Array.isArray(row)) reject(event.index, event.id, boundPending(row, locale).issues);
      else accepted.push({ index: event.index, id: event.id, type: 'call', row });
      continue;
    }
    const body = event.body as SessionBody | MessageBody;
    const problems = checkChat(event.type, body, key, known, sceneOfNew);
    if (problems.length) reject(event.index, event.id, boundPending(problems, locale).issues);
    else if (event.type === 'session') {
      accepted.push({ ...event, type: 'session', body: body as SessionBody });
    } else accepted.push({ ...event, type: 'message', body: body as MessageBody });
  }

  if (accepted.length) await ingestWriter(db).write(key.id, accepted);
  rejected.sort((a, b) => a.index - b.index);
  return { accepted: accepted.length, rejected };
}

export function ingestRoutes(app: FastifyInstance, db: Database, auth: KeyAuth): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(`${PUBLIC_API_PREFIX}/ingest`, {
    preValidation: [auth.require('ingest')],
    bodyLimit: MAX_BATCH_BYTES,
    // A full batch holds far more values than a console form.
    config: { bodyLimits: { maxDepth: 20, maxKeys: 200, maxValues: MAX_BATCH_EVENTS * 400 } },
    schema: {
      tags: ['public'],
      summary: `Store a batch of sessions, messages and calls (at most ${MAX_BATCH_EVENTS} events, 5 MiB); each event once by its id. 207 when some were rejected, with the reasons of each`,
      security: [{ bearer: [] }],
      body: ingestBatch,
      response: {
        200: envelopeOf(ingestAnswer),
        207: envelopeOf(ingestAnswer),
        '4xx': errorEnvelope,
        '5xx': errorEnvelope,
      },
    },
    handler: async (request, reply) => {
      const answer = await ingest(db, request.apiKey!, request.body.batch, request);
      if (answer.rejected.length) reply.code(207);
      return success(request, answer);
    },
  });
}
