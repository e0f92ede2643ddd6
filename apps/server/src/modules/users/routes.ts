import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accessTokenSchema,
  CONFIRMATION_MAIL_MESSAGE,
  confirmEmailBodySchema,
  EMAIL_CONFIRMED_MESSAGE,
  emailQuerySchema,
  messageSchema,
  PASSWORD_MAIL_MESSAGE,
  PASSWORD_RESET_MESSAGE,
  resetPasswordBodySchema,
} from '@nestling/shared/contract/auth';
import { errorBodySchema } from '@nestling/shared/contract/error';
import { userSchema } from '@nestling/shared/contract/user';
import { sendError } from '../../plugins/errors.ts';
import { AuthError } from '../auth/service.ts';
import { accountKey, rateLimitRules, TOO_MANY_REQUESTS } from '../rate-limit/service.ts';
import { createUsersRepository } from './repository.ts';
import { createUsersService } from './service.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  429: errorBodySchema,
};

export const usersRoutes: FastifyPluginAsyncZod = (app) => {
  const users = createUsersService(createUsersRepository(app.database.db));
  const { authService, rateLimiter } = app;

  const mailSchema = (summary: string) => ({
    summary,
    tags: ['identity'],
    querystring: emailQuerySchema,
    response: { 200: messageSchema, ...errors },
  });

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

  app.get(
    '/user/password',
    { schema: mailSchema('Mails a password-reset link (no auth)') },
    (request, reply) =>
      answerThenMail(request, reply, request.query.email, PASSWORD_MAIL_MESSAGE, (email) =>
        authService.requestPasswordReset(email),
      ),
  );

  app.get(
    '/user/email',
    { schema: mailSchema('Mails a new email-confirmation link (no auth)') },
    (request, reply) =>
      answerThenMail(request, reply, request.query.email, CONFIRMATION_MAIL_MESSAGE, (email) =>
        authService.requestConfirmation(email),
      ),
  );

  app.post(
    '/user/email/confirm',
    {
      schema: {
        summary: 'Confirms an email with the oobCode of its link',
        tags: ['identity'],
        body: confirmEmailBodySchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request, reply) => {
      if (!(await rateLimiter.consume(rateLimitRules.credentialIp, request.ip))) {
        return sendError(request, reply, 429, TOO_MANY_REQUESTS);
      }
      try {
        await authService.confirmEmail(request.body.oobCode);
      } catch (error) {
        if (error instanceof AuthError)
          return sendError(request, reply, error.statusCode, error.message);
        throw error;
      }
      return { message: EMAIL_CONFIRMED_MESSAGE };
    },
  );

  app.post(
    '/user/password/reset',
    {
      schema: {
        summary: 'Sets a new password with the oobCode of a reset link; ends every session',
        tags: ['identity'],
        body: resetPasswordBodySchema,
        response: { 200: messageSchema, ...errors },
      },
    },
    async (request, reply) => {
      if (!(await rateLimiter.consume(rateLimitRules.credentialIp, request.ip))) {
        return sendError(request, reply, 429, TOO_MANY_REQUESTS);
      }
      try {
        await authService.resetPassword(request.body.oobCode, request.body.password);
      } catch (error) {
        if (error instanceof AuthError)
          return sendError(request, reply, error.statusCode, error.message);
        throw error;
      }
      return { message: PASSWORD_RESET_MESSAGE };
    },
  );

  app.post(
    '/user/token',
    {
      schema: {
        summary: 'A fresh access token, for a Bearer token or the session cookie of a live session',
        tags: ['identity'],
        response: { 200: accessTokenSchema, ...errors },
      },
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
        if (error instanceof AuthError)
          return sendError(request, reply, error.statusCode, error.message);
        throw error;
      }
    },
  );

  app.get(
    '/user/me',
    {
      preHandler: app.requireUser,
      schema: {
        summary: 'The signed-in user',
        tags: ['identity'],
        response: { 200: userSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = request.identity === null ? null : await users.getById(request.identity.userId);
      return user ?? sendError(request, reply, 401, 'Session expired');
    },
  );
  return Promise.resolve();
};
