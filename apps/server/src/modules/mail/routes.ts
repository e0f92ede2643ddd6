import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { MAIL_NOT_FOUND } from '@nestling/shared/contract/mail';
import { mailApi } from '@nestling/shared/contract/api/mail';
import { sendError } from '../../plugins/errors.ts';
import { requireAdmin } from '../../plugins/require-admin.ts';
import { createJobsRepository } from '../jobs/index.ts';
import { createUndeliveredMailService } from './service.ts';

/** Mail not delivered yet, for lab staff (ADR 047). */
export const mailRoutes: FastifyPluginAsyncZod = (app) => {
  const adminOnly = [app.requireVerifiedUser, requireAdmin];
  const undelivered = createUndeliveredMailService(createJobsRepository(app.database.db));

  app.get(
    '/admin/mail',
    {
      onRequest: adminOnly,
      schema: mailApi['GET /admin/mail'],
    },
    async () => ({ mails: await undelivered.list() }),
  );

  app.post(
    '/admin/mail/:id/send-again',
    {
      config: { audit: { action: 'mail-send-again', subject: 'none' } },
      onRequest: adminOnly,
      schema: mailApi['POST /admin/mail/:id/send-again'],
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
