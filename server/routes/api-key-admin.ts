import {
  and,
  count,
  desc,
  eq,
  gt,
  ilike,
  inArray,
  isNotNull,
  isNull,
  lte,
  or,
  type SQL,
} from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  apiKeyCreateAnswer,
  apiKeyCreateBody,
  apiKeyPageAnswer,
  apiKeyPageBody,
  apiKeyRevokeBody,
  apiKeySchema,
  type ApiKeyState,
} from '../../contract/api-keys';
import { apiPath } from '../../contract/api';
import { Code } from '../../contract/envelope';
import { envelopeOf, errorEnvelope } from '../../contract/envelope-schema';
import type { Action } from '../../contract/resource';
import { callerOf } from '../auth/authenticate';
import type { AppContext } from '../context';
import type { Database } from '../db/client';
import { apiKeys, scenes, users } from '../db/schema';
import { AppError, invalidField, notFound } from '../http/app-error';
import { namespaceLabels } from '../http/field-labels';
import { success } from '../http/reply';
import { newKeyId, newSecret, secretHash, shownPrefix, toApiKey } from '../public/keys';
import { apiPermission } from './api-policy';

const errors = { '4xx': errorEnvelope, '5xx': errorEnvelope };

function selection() {
  return {
    id: apiKeys.id,
    name: apiKeys.name,
    secretHash: apiKeys.secretHash,
    prefix: apiKeys.prefix,
    scopes: apiKeys.scopes,
    sceneCodes: apiKeys.sceneCodes,
    createdBy: apiKeys.createdBy,
    createdAt: apiKeys.createdAt,
    expiresAt: apiKeys.expiresAt,
    revokedAt: apiKeys.revokedAt,
    lastUsedAt: apiKeys.lastUsedAt,
    createdByName: users.userName,
  };
}

async function keyById(db: Database, id: string) {
  const [row] = await db
    .select(selection())
    .from(apiKeys)
    .leftJoin(users, eq(users.id, apiKeys.createdBy))
    .where(eq(apiKeys.id, id))
    .limit(1);
  if (!row) throw notFound();
  return toApiKey(row);
}

function stateWhere(state: ApiKeyState, now: Date): SQL | undefined {
  switch (state) {
    case 'revoked':
      return isNotNull(apiKeys.revokedAt);
    case 'expired':
      return and(isNull(apiKeys.revokedAt), lte(apiKeys.expiresAt, now));
    case 'active':
      return and(
        isNull(apiKeys.revokedAt),
        or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, now)),
      );
  }
}

/** Scene codes of the list that name no scene (a deleted scene counts as none). */
async function unknownScenes(db: Database, codes: readonly string[]): Promise<string[]> {
  if (!codes.length) return [];
  const found = await db
    .select({ code: scenes.sceneCode })
    .from(scenes)
    .where(and(inArray(scenes.sceneCode, [...codes]), eq(scenes.isDel, 0)));
  const known = new Set(found.map((r) => r.code));
  return codes.filter((c) => !known.has(c));
}

/**
 * The admin's keys of the public API: list, create (the secret is answered this once and only
 * its hash kept) and revoke. A key is never deleted, so the list keeps who had access when.
 */
export function apiKeyAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const may = (action: Action) => ({
    ...apiPermission(app, ctx, 'api-key', action),
    config: { fieldLabels: namespaceLabels('apiKey') },
  });
  const docs = (summary: string) => ({ tags: ['api-key'], summary, security: [{ bearer: [] }] });

  r.post(apiPath('api-key', 'page'), {
    ...may('list'),
    schema: {
      ...docs('Keys of the public API, newest first; keyword matches name and prefix (admin only)'),
      body: apiKeyPageBody,
      response: { 200: envelopeOf(apiKeyPageAnswer), ...errors },
    },
    handler: async (request) => {
      const { current, pageSize, keyword, state } = request.body;
      const like = keyword ? `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
      const where = and(
        like ? or(ilike(apiKeys.name, like), ilike(apiKeys.prefix, like)) : undefined,
        state ? stateWhere(state, new Date()) : undefined,
      );
      const [rows, totals] = await Promise.all([
        ctx.db
          .select(selection())
          .from(apiKeys)
          .leftJoin(users, eq(users.id, apiKeys.createdBy))
          .where(where)
          .orderBy(desc(apiKeys.createdAt), desc(apiKeys.id))
          .limit(pageSize)
          .offset((current - 1) * pageSize),
        ctx.db.select({ total: count() }).from(apiKeys).where(where),
      ]);
      return success(request, { list: rows.map(toApiKey), total: totals[0]?.total ?? 0 });
    },
  });

  r.post(apiPath('api-key', 'create'), {
    ...may('create'),
    schema: {
      ...docs('Create a key (admin only); data.secret is its secret, answered this once'),
      body: apiKeyCreateBody,
      response: { 200: envelopeOf(apiKeyCreateAnswer), ...errors },
    },
    handler: async (request) => {
      const body = request.body;
      const expiresAt = body.expiresAt ? new Date(body.expiresAt) : null;
      if (expiresAt && expiresAt.getTime() <= Date.now()) {
        throw invalidField('expiresAt', 'notInFuture');
      }
      const sceneCodes = body.sceneCodes?.length ? [...new Set(body.sceneCodes)] : null;
      const unknown = await unknownScenes(ctx.db, sceneCodes ?? []);
      if (unknown.length) {
        throw new AppError(
          Code.INVALID,
          'invalidField',
          {},
          unknown.map((code) => ({ field: 'sceneCodes', key: 'unknownScene', params: { code } })),
        );
      }
      const secret = newSecret();
      const id = newKeyId();
      await ctx.db.insert(apiKeys).values({
        id,
        name: body.name,
        secretHash: secretHash(secret),
        prefix: shownPrefix(secret),
        scopes: [...body.scopes],
        sceneCodes,
        createdBy: callerOf(request).id,
        expiresAt,
      });
      return success(request, { ...(await keyById(ctx.db, id)), secret });
    },
  });

  r.post(apiPath('api-key', 'revoke'), {
    ...may('edit'),
    schema: {
      ...docs('Revoke a key (admin only): its next call answers 401 / 50008'),
      body: apiKeyRevokeBody,
      response: { 200: envelopeOf(apiKeySchema), ...errors },
    },
    handler: async (request) => {
      const { id } = request.body;
      const revoked = await ctx.db
        .update(apiKeys)
        .set({ revokedAt: new Date() })
        .where(and(eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
        .returning({ id: apiKeys.id });
      if (!revoked.length) {
        // Either no such key, or one revoked already: say which.
        await keyById(ctx.db, id);
        throw new AppError(Code.INVALID, 'keyRevoked');
      }
      return success(request, await keyById(ctx.db, id));
    },
  });
}
