import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  OTHER_SESSIONS_SIGNED_OUT_MESSAGE,
  PASSWORD_CHANGED_MESSAGE,
  SESSION_SIGNED_OUT_MESSAGE,
} from '@nestling/shared/contract/account';
import { sendCsv } from '../../csv.ts';
import { sendError } from '../../plugins/errors.ts';
import { SESSION_EXPIRED } from '@nestling/shared/contract/auth';
import { accountApi } from '@nestling/shared/contract/api/account';
import type { Identity } from '../auth/index.ts';
import { rateLimitRules, TOO_MANY_REQUESTS } from '../rate-limit/index.ts';
import { createUsersRepository } from '../users/index.ts';
import { createAccountRepository } from './repository.ts';
import { createAccountService } from './service.ts';
import { Refusal } from '../../lib/refusal.ts';

/**
 * Account settings on the Bearer access token: the profile, the password, the email and the
 * signed-in devices. The password and email changes, and signing devices out, are the account
 * holder's own: refused while an admin impersonates them.
 */
export const accountRoutes: FastifyPluginAsyncZod = (app) => {
  const { config, rateLimiter } = app;
  const service = createAccountService({
    config,
    auth: app.auth,
    repository: createAccountRepository(app.database.db),
    users: createUsersRepository(app.database.db),
    mailer: app.mailer,
    rateLimiter,
  });
  const ownChange = { onRequest: [app.requireVerifiedUser, app.refuseWhileImpersonating] };

  /** Runs the work for the signed-in caller; the service's refusals become error answers. */
  async function asCaller<T>(
    request: FastifyRequest,
    reply: FastifyReply,
    work: (identity: Identity) => Promise<T>,
  ) {
    if (request.identity === null) return sendError(request, reply, 401, SESSION_EXPIRED);
    try {
      return await work(request.identity);
    } catch (error) {
      if (error instanceof Refusal) {
        return sendError(request, reply, error.statusCode, error.message);
      }
      throw error;
    }
  }

  /** Every request that checks a password counts against its address. */
  async function allowedFrom(request: FastifyRequest) {
    return rateLimiter.consume(rateLimitRules.credentialIp, request.ip);
  }

  app.patch(
    '/user/me',
    {
      onRequest: app.requireVerifiedUser,
      schema: accountApi['PATCH /user/me'],
    },
    (request, reply) =>
      asCaller(request, reply, (identity) => service.updateProfile(identity.userId, request.body)),
  );

  app.post(
    '/user/password/change',
    {
      ...ownChange,
      schema: accountApi['POST /user/password/change'],
    },
    async (request, reply) => {
      if (!(await allowedFrom(request))) return sendError(request, reply, 429, TOO_MANY_REQUESTS);
      return asCaller(request, reply, async (identity) => {
        const { currentPassword, newPassword } = request.body;
        await service.changePassword(identity.userId, currentPassword, newPassword);
        return { message: PASSWORD_CHANGED_MESSAGE };
      });
    },
  );

  app.post(
    '/user/email/change',
    {
      ...ownChange,
      schema: accountApi['POST /user/email/change'],
    },
    async (request, reply) => {
      if (!(await allowedFrom(request))) return sendError(request, reply, 429, TOO_MANY_REQUESTS);
      return asCaller(request, reply, async (identity) => ({
        message: await service.requestEmailChange({
          userId: identity.userId,
          ip: request.ip,
          newEmail: request.body.newEmail,
          currentPassword: request.body.currentPassword,
        }),
      }));
    },
  );

  app.get(
    '/user/sessions',
    {
      onRequest: app.requireVerifiedUser,
      schema: accountApi['GET /user/sessions'],
    },
    (request, reply) =>
      asCaller(request, reply, async (identity) => ({
        sessions: await service.listSessions(identity.userId, identity.sessionId),
      })),
  );

  // Who has seen the person's data: read from the audit log, which nobody can edit (ADR 054).
  app.get(
    '/user/access-log',
    { onRequest: app.requireVerifiedUser, schema: accountApi['GET /user/access-log'] },
    async (request) => {
      const subject = await app.resolveSubject(request, undefined);
      return app.audit.accessLog(subject.id, request.query);
    },
  );

  app.get(
    '/user/access-log.csv',
    { onRequest: app.requireVerifiedUser, schema: accountApi['GET /user/access-log.csv'] },
    async (request, reply) => {
      const subject = await app.resolveSubject(request, undefined);
      return sendCsv(
        reply,
        'access-log',
        await app.audit.accessLogCsv(subject.id, request.query.kind),
      );
    },
  );

  app.delete(
    '/user/sessions/others',
    {
      ...ownChange,
      schema: accountApi['DELETE /user/sessions/others'],
    },
    (request, reply) =>
      asCaller(request, reply, async (identity) => {
        await service.endOtherSessions(identity.userId, identity.sessionId);
        return { message: OTHER_SESSIONS_SIGNED_OUT_MESSAGE };
      }),
  );

  app.delete(
    '/user/sessions/:id',
    {
      ...ownChange,
      schema: accountApi['DELETE /user/sessions/:id'],
    },
    (request, reply) =>
      asCaller(request, reply, async (identity) => {
        await service.endSession(identity.userId, request.params.id);
        return { message: SESSION_SIGNED_OUT_MESSAGE };
      }),
  );

  return Promise.resolve();
};
