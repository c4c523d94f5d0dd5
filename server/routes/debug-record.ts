import { and, count, desc, eq, gte, lt, type SQL } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { can } from '../../contract/access';
import { apiPath } from '../../contract/api';
import {
  debugRecordDetail,
  debugRecordPageBody,
  debugRecordSummary,
} from '../../contract/debug-records';
import { envelopeOf, errorEnvelope } from '../../contract/envelope-schema';
import { idBody } from '../../contract/resource-schema';
import { callerOf } from '../auth/authenticate';
import type { AppContext } from '../context';
import { debugRecords, type DebugRecordRow } from '../db/schema';
import { notFound } from '../http/app-error';
import { success } from '../http/reply';
import { apiPermission } from './api-policy';

const errors = { '4xx': errorEnvelope, '5xx': errorEnvelope };

function summaryOf(row: DebugRecordRow): z.infer<typeof debugRecordSummary> {
  return {
    id: row.id,
    createdAt: row.createdAt.toISOString(),
    operatorId: row.operatorId,
    source: row.source,
    templateId: row.templateId,
    templateTitle: row.templateTitle,
    modelVersion: row.modelVersion,
    state: row.state as z.infer<typeof debugRecordSummary>['state'],
    promptTokens: row.promptTokens,
    completionTokens: row.completionTokens,
    tokensEstimated: row.tokensEstimated,
    ttftMs: row.ttftMs,
    latencyMs: row.latencyMs,
    cost: row.cost === null ? null : Number(row.cost),
    callId: row.callId,
    error: (row.error as z.infer<typeof debugRecordSummary>['error']) ?? null,
  };
}

/** Whose records the caller reads: everyone's when the policy grants it, else their own. */
async function ownerScope(ctx: AppContext, request: FastifyRequest): Promise<SQL | undefined> {
  const caller = callerOf(request);
  if (await can(ctx.enforcer, caller.role, 'debug-record-all', 'list')) return undefined;
  return eq(debugRecords.operatorId, caller.id);
}

/** The server's debug records: what each model request sent and received. */
export function debugRecordRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const docs = (summary: string) => ({
    tags: ['debug-record'],
    summary,
    security: [{ bearer: [] }],
  });

  r.post(apiPath('debug-record', 'page'), {
    ...apiPermission(app, ctx, 'debug-record', 'list'),
    schema: {
      ...docs("A page of model requests, newest first: one's own, or everyone's for an admin"),
      body: debugRecordPageBody,
      response: {
        200: envelopeOf(
          z.object({
            list: z.array(debugRecordSummary),
            total: z.number().int(),
            current: z.number().int(),
            pageSize: z.number().int(),
          }),
        ),
        ...errors,
      },
    },
    handler: async (request) => {
      const q = request.body;
      const where = and(
        await ownerScope(ctx, request),
        q.templateId !== undefined ? eq(debugRecords.templateId, q.templateId) : undefined,
        q.modelVersion ? eq(debugRecords.modelVersion, q.modelVersion) : undefined,
        q.source ? eq(debugRecords.source, q.source) : undefined,
        q.state ? eq(debugRecords.state, q.state) : undefined,
        q.from ? gte(debugRecords.createdAt, new Date(q.from)) : undefined,
        q.to ? lt(debugRecords.createdAt, new Date(q.to)) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        ctx.db
          .select()
          .from(debugRecords)
          .where(where)
          .orderBy(desc(debugRecords.createdAt), desc(debugRecords.id))
          .limit(q.pageSize)
          .offset((q.current - 1) * q.pageSize),
        ctx.db.select({ n: count() }).from(debugRecords).where(where),
      ]);
      return success(request, {
        list: rows.map(summaryOf),
        total: total?.n ?? 0,
        current: q.current,
        pageSize: q.pageSize,
      });
    },
  });

  r.post(apiPath('debug-record', 'detail'), {
    ...apiPermission(app, ctx, 'debug-record', 'show'),
    schema: {
      ...docs('One model request with what it sent and what came back'),
      body: idBody,
      response: { 200: envelopeOf(debugRecordDetail), ...errors },
    },
    handler: async (request) => {
      const id = request.body.id;
      if (!Number.isSafeInteger(id) || id > 2_147_483_647) throw notFound();
      const [row] = await ctx.db
        .select()
        .from(debugRecords)
        .where(and(eq(debugRecords.id, id), await ownerScope(ctx, request)))
        .limit(1);
      // Another operator's record is as absent as a missing one.
      if (!row) throw notFound();
      return success(request, { ...summaryOf(row), request: row.request, answer: row.answer });
    },
  });
}
