import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  CONFIRMATION_MAIL_MESSAGE,
  PASSWORD_MAIL_MESSAGE,
  PASSWORD_RESET_MESSAGE,
  SIGNED_OUT_MESSAGE,
} from '@nestling/shared/contract/auth';
import {
  PREFERRED_ACCOUNT_COOKIE,
  PREFERRED_ORDER_COOKIE,
} from '@nestling/shared/contract/portal-user';
import { accountApi } from '@nestling/shared/contract/api/account';
import { sendError } from '../../plugins/errors.ts';
import { createAuthRepository } from '../auth/index.ts';
import { createAccountRepository } from './repository.ts';
import { createEmailConfirmation } from './service.ts';
import { accountKey, rateLimitRules, TOO_MANY_REQUESTS } from '../rate-limit/index.ts';
import { preferenceCookie, readCookie } from '../../lib/cookies.ts';
import type { ReportsService } from '../reports/index.ts';
import { createUsersRepository, createUsersService } from '../users/index.ts';
import { Refusal } from '../../lib/refusal.ts';

export const userRoutes: FastifyPluginAsyncZod<{ reports: ReportsService }> = (
  app,
  { reports },
) => {
  const users = createUsersService(createUsersRepository(app.database.db));
  const secureCookies = app.config.publicUrl.startsWith('https:');
  const emailConfirmation = createEmailConfirmation({
    authService: app.authService,
    repository: createAccountRepository(app.database.db),
    codes: createAuthRepository(app.database.db),
  });
  const { authService, rateLimiter } = app;

  /**
   * The same answer for every email, limited per address and per account. The mail goes out
   * after the answer, so known and unknown emails also take the same time.
   */
  async function answerThenMail(
    request: FastifyRequest,
    reply: FastifyReply,
    email: string,
    message: string,
    send: (email: string) => Promise<void>,
  ) {
    const allowed =
      (await rateLimiter.consume(rateLimitRules.mailIp, request.ip)) &&
      (await rateLimiter.consume(rateLimitRules.mailAccount, accountKey(email)));
    if (!allowed) return sendError(request, reply, 429, TOO_MANY_REQUESTS);
    app.runInBackground(() => send(email));
    return { message };
  }

  app.get('/user/password', { schema: accountApi['GET /user/password'] }, (request, reply) =>
    answerThenMail(request, reply, request.query.email, PASSWORD_MAIL_MESSAGE, (email) =>
      authService.requestPasswordReset(email),
    ),
  );

  app.get('/user/email', { schema: accountApi['GET /user/email'] }, (request, reply) =>
    answerThenMail(request, reply, request.query.email, CONFIRMATION_MAIL_MESSAGE, (email) =>
      authService.requestConfirmation(email),
    ),
  );

  app.post(
    '/user/email/confirm',
    {
      schema: accountApi['POST /user/email/confirm'],
    },
    async (request, reply) => {
      if (!(await rateLimiter.consume(rateLimitRules.credentialIp, request.ip))) {
        return sendError(request, reply, 429, TOO_MANY_REQUESTS);
      }
      try {
        const { oobCode } = request.body;
        return await emailConfirmation.confirm(oobCode, request.headers.authorization);
      } catch (error) {
        if (error instanceof Refusal)
          return sendError(request, reply, error.statusCode, error.message);
        throw error;
      }
    },
  );

  app.post(
    '/user/password/reset',
    {
      schema: accountApi['POST /user/password/reset'],
    },
    async (request, reply) => {
      if (!(await rateLimiter.consume(rateLimitRules.credentialIp, request.ip))) {
        return sendError(request, reply, 429, TOO_MANY_REQUESTS);
      }
      try {
        await authService.resetPassword(request.body.oobCode, request.body.password);
      } catch (error) {
        if (error instanceof Refusal)
          return sendError(request, reply, error.statusCode, error.message);
        throw error;
      }
      return { message: PASSWORD_RESET_MESSAGE };
    },
  );

  app.post(
    '/user/token',
    {
      config: { whileImpersonating: 'allowed' },
      schema: accountApi['POST /user/token'],
    },
    async (request, reply) => {
      let sessionId: string | null;
      if (request.headers.authorization !== undefined) {
        await app.requireUser(request, reply);
        if (reply.sent) return reply;
        sessionId = request.identity?.sessionId ?? null;
      } else {
        const headers = new Headers();
        if (request.headers.cookie !== undefined) headers.set('cookie', request.headers.cookie);
        sessionId = await authService.sessionIdFromCookie(headers);
      }
      if (sessionId === null) return sendError(request, reply, 401, 'No token in context');
      try {
        return await authService.issueToken(sessionId);
      } catch (error) {
        if (error instanceof Refusal)
          return sendError(request, reply, error.statusCode, error.message);
        throw error;
      }
    },
  );

  app.post(
    '/user/sign-out',
    {
      config: { whileImpersonating: 'allowed' },
      onRequest: app.requireUser,
      schema: accountApi['POST /user/sign-out'],
    },
    async (request, reply) => {
      if (request.identity !== null) await authService.signOut(request.identity.sessionId);
      reply.header('set-cookie', await authService.clearedSessionCookies());
      return { message: SIGNED_OUT_MESSAGE };
    },
  );

  app.get(
    '/user/me',
    {
      onRequest: app.requireUser,
      schema: accountApi['GET /user/me'],
    },
    async (request, reply) => {
      const { identity } = request;
      if (identity === null) return sendError(request, reply, 401, 'No token in context');
      return users.getCurrent(identity.user, identity.impersonatedBy);
    },
  );

  app.get(
    '/user',
    {
      onRequest: app.requireVerifiedUser,
      schema: accountApi['GET /user'],
    },
    async (request, reply) => {
      const { query } = request;
      const subject = await app.resolveSubject(request, query.asUser);
      const cookie = request.headers.cookie;
      const { answer, remember } = await reports.portal(subject, query, {
        askedAccount: query.preferredAccount,
        askedOrder: query.preferredOrder,
        rememberedAccount: readCookie(cookie, PREFERRED_ACCOUNT_COOKIE),
        rememberedOrder: readCookie(cookie, PREFERRED_ORDER_COOKIE),
      });
      const cookies = [
        ...(remember.account === undefined
          ? []
          : [preferenceCookie(PREFERRED_ACCOUNT_COOKIE, remember.account, secureCookies)]),
        ...(remember.order === undefined
          ? []
          : [preferenceCookie(PREFERRED_ORDER_COOKIE, remember.order, secureCookies)]),
      ];
      if (cookies.length > 0) reply.header('set-cookie', cookies);
      return answer;
    },
  );
  return Promise.resolve();
};
