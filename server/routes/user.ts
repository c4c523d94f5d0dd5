import { apiPath } from '../../contract/api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  changePasswordAnswer,
  changePasswordBody,
  loginAnswer,
  loginBody,
  userDetailBody,
  userSchema,
  type User,
} from '../../contract/auth';
import { Code } from '../../contract/envelope';
import { envelopeOf, errorEnvelope } from '../../contract/envelope-schema';
import { can } from '../../contract/access';
import { callerOf } from '../auth/authenticate';
import { dummyPasswordHash, hashPassword, verifyPassword } from '../auth/password';
import { createSession, revokeSession } from '../auth/sessions';
import type { AppContext } from '../context';
import { users, type UserRow } from '../db/schema';
import { AppError, forbidden, invalidField, notFound } from '../http/app-error';
import { success } from '../http/reply';
import { namespaceLabels } from '../http/field-labels';
import { grantApiPermissions } from './api-policy';
import { revokeUserSessions } from './user-admin';

const errors = { '4xx': errorEnvelope, '5xx': errorEnvelope };

export function userRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  grantApiPermissions(app, ctx.enforcer);

  r.post(apiPath('user', 'login'), {
    schema: {
      tags: ['user'],
      summary: 'Log in with user name and password; answers a bearer token',
      body: loginBody,
      response: { 200: envelopeOf(loginAnswer), ...errors },
    },
    handler: async (request, reply) => {
      const { userName, password } = request.body;
      const decision = ctx.loginLimiter.check(request.ip, userName);
      if (!decision.ok) {
        reply.header('retry-after', String(Math.ceil(decision.retryAfterMs / 1000)));
        throw new AppError(Code.TOO_MANY, 'tooMany');
      }
      const [user] = await ctx.db.select().from(users).where(eq(users.userName, userName)).limit(1);
      // Verify even for unknown names so timing does not tell which accounts exist.
      const valid = await verifyPassword(
        password,
        user?.passwordHash ?? (await dummyPasswordHash()),
      );
      // A disabled account reads as a wrong password: the answer tells no one it exists.
      if (!user || !valid || user.status !== 1) {
        ctx.loginLimiter.recordFailure(request.ip, userName);
        throw new AppError(Code.INVALID, 'loginFailed');
      }
      ctx.loginLimiter.recordSuccess(request.ip, userName);
      const token = await createSession(ctx.db, user.id, ctx.tokenTtlMs);
      return success(request, { id: user.id, token });
    },
  });

  r.post(apiPath('user', 'detail'), {
    preValidation: ctx.authenticate,
    schema: {
      tags: ['user'],
      summary: 'One user; a user may read only themselves, the admin anyone',
      security: [{ bearer: [] }],
      body: userDetailBody,
      response: { 200: envelopeOf(userSchema), ...errors },
    },
    handler: async (request) => {
      const caller = callerOf(request);
      const id = String(request.body.id);
      // Anyone may read their own account; reading another's is the policy's 'show' on users.
      if (caller.id !== id && !(await can(ctx.enforcer, caller.role, 'user', 'show')))
        throw forbidden();
      const [row] = await ctx.db.select().from(users).where(eq(users.id, id)).limit(1);
      if (!row) throw notFound();
      return success(request, toUser(row));
    },
  });

  r.post(apiPath('user', 'logout'), {
    preValidation: ctx.authenticate,
    schema: {
      tags: ['user'],
      summary: 'Ends the session of the token sent',
      security: [{ bearer: [] }],
      response: { 200: envelopeOf(z.literal(true)), ...errors },
    },
    handler: async (request) => {
      if (request.sessionTokenHash) await revokeSession(ctx.db, request.sessionTokenHash);
      return success(request, true as const);
    },
  });

  r.post(apiPath('user', 'password'), {
    preValidation: ctx.authenticate,
    config: { fieldLabels: namespaceLabels('user') },
    schema: {
      tags: ['user'],
      summary:
        "Change the caller's own password; ends the caller's other sessions (this one stays)",
      security: [{ bearer: [] }],
      body: changePasswordBody,
      response: { 200: envelopeOf(changePasswordAnswer), ...errors },
    },
    handler: async (request, reply) => {
      const caller = callerOf(request);
      const { oldPassword, newPassword } = request.body;
      // Guessing the current password here is guessing a login: the same limits apply.
      const decision = ctx.loginLimiter.check(request.ip, caller.userName);
      if (!decision.ok) {
        reply.header('retry-after', String(Math.ceil(decision.retryAfterMs / 1000)));
        throw new AppError(Code.TOO_MANY, 'tooMany');
      }
      const [row] = await ctx.db.select().from(users).where(eq(users.id, caller.id)).limit(1);
      if (!row) throw notFound();
      if (!(await verifyPassword(oldPassword, row.passwordHash))) {
        ctx.loginLimiter.recordFailure(request.ip, caller.userName);
        throw invalidField('oldPassword', 'wrongPassword');
      }
      ctx.loginLimiter.recordSuccess(request.ip, caller.userName);
      if (newPassword === oldPassword) throw invalidField('newPassword', 'samePassword');
      await ctx.db
        .update(users)
        .set({
          passwordHash: await hashPassword(newPassword),
          version: sql`${users.version} + 1`,
          updatedAt: new Date(),
        })
        .where(eq(users.id, caller.id));
      const endedSessions = await revokeUserSessions(ctx.db, caller.id, request.sessionTokenHash);
      return success(request, { endedSessions });
    },
  });
}

/** A user as the contract shows it; the password hash never leaves this module. */
export function toUser(row: UserRow): User {
  return {
    id: row.id,
    userName: row.userName,
    userCode: row.userCode,
    userKey: row.userKey,
    role: row.role,
    name: row.name,
    avatar: row.avatar,
    job: row.job,
    jobName: row.jobName,
    organization: row.organization,
    organizationName: row.organizationName,
    location: row.location,
    locationName: row.locationName,
    email: row.email,
    phone: row.phone,
    introduction: row.introduction,
    personalWebsite: row.personalWebsite,
    registrationDate: row.registrationDate?.toISOString() ?? null,
    accountId: row.accountId,
    certification: row.certification,
  };
}
