import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import * as z from 'zod/mini';
import { errorBodySchema } from '@nestling/shared/contract/error';
import {
  MAIL_NOT_FOUND,
  mailParamsSchema,
  undeliveredMailAnswerSchema,
} from '@nestling/shared/contract/mail';
import { sendError } from '../../plugins/errors.ts';
import { requireAdmin } from '../../plugins/require-admin.ts';
import { createJobsRepository } from '../jobs/index.ts';
import { createUndeliveredMailService } from './service.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};

/** Mail not delivered yet, for lab staff (ADR 047). */
export const mailRoutes: FastifyPluginAsyncZod = (app) => {
  const adminOnly = [app.requireVerifiedUser, requireAdmin];
  const undelivered = createUndeliveredMailService(createJobsRepository(app.database.db));

  app.get(
    '/admin/mail',
    {
      onRequest: adminOnly,
      schema: {
        summary:
          'Mail whose last attempt failed: waiting for its next attempt, or failed for good; oldest first (admins only)',
        tags: ['admin'],
        response: { 200: undeliveredMailAnswerSchema, ...errors },
      },
    },
    async () => ({ mails: await undelivered.list() }),
  );

  app.post(
    '/admin/mail/:id/send-again',
    {
      config: { audit: { action: 'mail-send-again', subject: 'none' } },
      onRequest: adminOnly,
      schema: {
        summary:
          'Queues a mail that failed for good again, with all its attempts; a mail that is not failed answers 404 (admins only; audited)',
        tags: ['admin'],
        params: mailParamsSchema,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      if (!(await undelivered.sendAgain(request.params.id))) {
        return sendError(request, reply, 404, MAIL_NOT_FOUND);
      }
      return reply.code(204).send(null);
    },
  );

  return Promise.resolve();
};
