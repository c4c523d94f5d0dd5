import { apiPath } from '../../contract/api';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { loginAnswer, loginBody, userDetailBody, userSchema, type User } from '../../contract/auth';
import { Code } from '../../contract/envelope';
import { envelopeOf, errorEnvelope } from '../../contract/envelope-schema';
import { callerOf } from '../auth/authenticate';
import { dummyPasswordHash, verifyPassword } from '../auth/password';
import { createSession, revokeSession } from '../auth/sessions';
import type { AppContext } from '../context';
import { users, type UserRow } from '../db/schema';
import { AppError, forbidden, notFound } from '../http/app-error';
import { success } from '../http/reply';

const errors = { '4xx': errorEnvelope, '5xx': errorEnvelope };

export function userRoutes(app: FastifyInstance, ctx: AppContext): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

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
      if (!user || !valid) {
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
      if (caller.role !== 'admin' && caller.id !== id) throw forbidden();
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
