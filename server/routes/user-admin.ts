import { and, count, desc, eq, ilike, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { apiPath } from '../../contract/api';
import {
  resetPasswordBody,
  userAdminSchema,
  userCreateBody,
  userIdBody,
  userPageAnswer,
  userPageBody,
  userUpdateBody,
  type UserAdmin,
} from '../../contract/auth';
import { Code } from '../../contract/envelope';
import type { Action } from '../../contract/resource';
import { envelopeOf, errorEnvelope } from '../../contract/envelope-schema';
import { callerOf } from '../auth/authenticate';
import { hashPassword } from '../auth/password';
import { forgetCachedUserSessions } from '../auth/session-cache';
import type { AppContext } from '../context';
import type { Database } from '../db/client';
import { sessions, users } from '../db/schema';
import { AppError, invalidField, notFound } from '../http/app-error';
import { databaseErrorOf } from '../http/pg-errors';
import { success } from '../http/reply';
import { namespaceLabels } from '../http/field-labels';
import { apiPermission } from './api-policy';

const errors = { '4xx': errorEnvelope, '5xx': errorEnvelope };

/**
 * Ends every live session of an account, or every one but `keep` (the caller's own token when
 * it changes its own password). Answers how many were ended.
 */
export async function revokeUserSessions(
  db: Database,
  userId: string,
  keep?: string | null,
): Promise<number> {
  const rows = await db
    .update(sessions)
    .set({ revokedAt: new Date() })
    .where(
      and(
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        keep ? ne(sessions.tokenHash, keep) : undefined,
      ),
    )
    .returning({ tokenHash: sessions.tokenHash });
  // The spared session too: it is looked up again once, which costs less than tracking it.
  forgetCachedUserSessions(db, userId);
  return rows.length;
}

/** The columns the admin's list shows; the password hash is never selected. */
function adminSelection(db: Database) {
  const lastLogin = db
    .select({ at: sql<Date | null>`max(${sessions.createdAt})` })
    .from(sessions)
    .where(eq(sessions.userId, users.id));
  return {
    id: users.id,
    userName: users.userName,
    name: users.name,
    role: users.role,
    status: users.status,
    email: users.email,
    version: users.version,
    createdAt: users.createdAt,
    lastLoginAt: sql<Date | string | null>`(${lastLogin})`.as('last_login_at'),
  };
}

type AdminRow = {
  [K in keyof UserAdmin]: K extends 'createdAt' | 'lastLoginAt' ? Date | string | null : unknown;
};

function toAdminUser(row: AdminRow): UserAdmin {
  const iso = (v: Date | string | null) =>
    v === null ? null : (v instanceof Date ? v : new Date(v)).toISOString();
  return {
    id: row.id as string,
    userName: row.userName as string,
    name: (row.name as string | null) ?? null,
    role: row.role as UserAdmin['role'],
    status: row.status as number,
    email: (row.email as string | null) ?? null,
    version: row.version as number,
    createdAt: iso(row.createdAt) as string,
    lastLoginAt: iso(row.lastLoginAt),
  };
}

async function adminUser(db: Database, id: string): Promise<UserAdmin> {
  const [row] = await db.select(adminSelection(db)).from(users).where(eq(users.id, id)).limit(1);
  if (!row) throw notFound();
  return toAdminUser(row);
}

/** '' clears an optional text like null does. */
function blankToNull(value: string | null | undefined): string | null | undefined {
  return value === '' ? null : value;
}

/** The next numeric id: ids are text (spec §6) and the admin's is '0'. */
async function nextUserId(db: Database): Promise<string> {
  const [row] = await db
    .select({
      max: sql<
        string | null
      >`max(case when ${users.id} ~ '^[0-9]{1,15}$' then ${users.id}::bigint end)`,
    })
    .from(users);
  return String(Number(row?.max ?? 0) + 1);
}

/** A unique violation on the user name answers 40000 `duplicate` naming it. */
function duplicateUserName(error: unknown): AppError | undefined {
  const dbError = databaseErrorOf(error);
  if (dbError?.code !== '23505') return undefined;
  if (dbError.constraint?.includes('user_name') || dbError.detail?.includes('user_name')) {
    return invalidField('userName', 'duplicate', { field: 'userName' });
  }
  return undefined;
}

/**
 * Account administration: list, create, edit, disable/enable and password reset, as the policy
 * allows (the admin). Disabling an account or resetting its password ends its sessions at once.
 */
export function userAdminRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // Error answers name fields as the accounts page labels them.
  const may = (action: Action) => ({
    ...apiPermission(app, ctx, 'user', action),
    config: { fieldLabels: namespaceLabels('user') },
  });
  const docs = (summary: string) => ({ tags: ['user'], summary, security: [{ bearer: [] }] });

  r.post(apiPath('user', 'page'), {
    ...may('list'),
    schema: {
      ...docs('Accounts, newest first; keyword matches user name, name and email (admin only)'),
      body: userPageBody,
      response: { 200: envelopeOf(userPageAnswer), ...errors },
    },
    handler: async (request) => {
      const { current, pageSize, keyword, role, status } = request.body;
      const like = keyword ? `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%` : undefined;
      const where: SQL | undefined = and(
        like
          ? or(ilike(users.userName, like), ilike(users.name, like), ilike(users.email, like))
          : undefined,
        role ? eq(users.role, role) : undefined,
        status === undefined ? undefined : eq(users.status, status),
      );
      const [rows, totals] = await Promise.all([
        ctx.db
          .select(adminSelection(ctx.db))
          .from(users)
          .where(where)
          .orderBy(desc(users.createdAt), desc(users.id))
          .limit(pageSize)
          .offset((current - 1) * pageSize),
        ctx.db.select({ total: count() }).from(users).where(where),
      ]);
      return success(request, { list: rows.map(toAdminUser), total: totals[0]?.total ?? 0 });
    },
  });

  r.post(apiPath('user', 'create'), {
    ...may('create'),
    schema: {
      ...docs('Create an account (admin only); a taken user name answers 40000 duplicate'),
      body: userCreateBody,
      response: { 200: envelopeOf(userAdminSchema), ...errors },
    },
    handler: async (request) => {
      const body = request.body;
      const passwordHash = await hashPassword(body.password);
      // Two admins creating at once may pick the same id: the loser tries the next one.
      for (let attempt = 0; ; attempt++) {
        const id = await nextUserId(ctx.db);
        try {
          await ctx.db.insert(users).values({
            id,
            userName: body.userName,
            passwordHash,
            role: body.role,
            name: blankToNull(body.name) ?? null,
            email: blankToNull(body.email) ?? null,
            registrationDate: new Date(),
          });
          return success(request, await adminUser(ctx.db, id));
        } catch (error) {
          const duplicate = duplicateUserName(error);
          if (duplicate) throw duplicate;
          if (databaseErrorOf(error)?.code !== '23505' || attempt >= 3) throw error;
        }
      }
    },
  });

  r.post(apiPath('user', 'update'), {
    ...may('edit'),
    schema: {
      ...docs('Change name, email or role (admin only); a stale version answers 40900'),
      body: userUpdateBody,
      response: { 200: envelopeOf(userAdminSchema), ...errors },
    },
    handler: async (request) => {
      const { id, version, name, email, role } = request.body;
      if (role && role !== 'admin' && id === callerOf(request).id) {
        throw invalidField('role', 'selfDisable');
      }
      const set: Partial<typeof users.$inferInsert> = {};
      if (name !== undefined) set.name = blankToNull(name);
      if (email !== undefined) set.email = blankToNull(email);
      if (role !== undefined) set.role = role;
      const [row] = await ctx.db
        .update(users)
        .set({ ...set, version: sql`${users.version} + 1`, updatedAt: new Date() })
        .where(and(eq(users.id, id), eq(users.version, version)))
        .returning({ id: users.id });
      if (!row) {
        await adminUser(ctx.db, id); // 40400 when there is no such account
        throw new AppError(Code.CONFLICT, 'conflict');
      }
      // Cached sessions carry the role: the new one applies from the next request.
      if (role !== undefined) forgetCachedUserSessions(ctx.db, id);
      return success(request, await adminUser(ctx.db, id));
    },
  });

  const setStatus = (status: 0 | 1) =>
    async function handler(request: { body: { id: string } }) {
      const id = request.body.id;
      const [row] = await ctx.db
        .update(users)
        .set({ status, version: sql`${users.version} + 1`, updatedAt: new Date() })
        .where(and(eq(users.id, id), ne(users.status, status)))
        .returning({ id: users.id });
      // Even when it was disabled already: no session of a disabled account may survive.
      if (status === 0) await revokeUserSessions(ctx.db, id);
      if (!row) await adminUser(ctx.db, id); // 40400 when there is no such account
    };

  r.post(apiPath('user', 'disable'), {
    ...may('edit'),
    schema: {
      ...docs('Disable an account: it cannot log in and its sessions end at once (admin only)'),
      body: userIdBody,
      response: { 200: envelopeOf(userAdminSchema), ...errors },
    },
    handler: async (request) => {
      if (request.body.id === callerOf(request).id) throw invalidField('id', 'selfDisable');
      await setStatus(0)(request);
      return success(request, await adminUser(ctx.db, request.body.id));
    },
  });

  r.post(apiPath('user', 'enable'), {
    ...may('edit'),
    schema: {
      ...docs('Enable a disabled account (admin only)'),
      body: userIdBody,
      response: { 200: envelopeOf(userAdminSchema), ...errors },
    },
    handler: async (request) => {
      await setStatus(1)(request);
      return success(request, await adminUser(ctx.db, request.body.id));
    },
  });

  r.post(apiPath('user', 'reset-password'), {
    ...may('edit'),
    schema: {
      ...docs("Set an account's password; its sessions end at once (admin only)"),
      body: resetPasswordBody,
      response: { 200: envelopeOf(userAdminSchema), ...errors },
    },
    handler: async (request) => {
      const { id, password } = request.body;
      const passwordHash = await hashPassword(password);
      const [row] = await ctx.db
        .update(users)
        .set({ passwordHash, version: sql`${users.version} + 1`, updatedAt: new Date() })
        .where(eq(users.id, id))
        .returning({ id: users.id });
      if (!row) throw notFound();
      // An admin resetting their own password keeps the session they are using.
      const keep = id === callerOf(request).id ? request.sessionTokenHash : null;
      await revokeUserSessions(ctx.db, id, keep);
      return success(request, await adminUser(ctx.db, id));
    },
  });
}
