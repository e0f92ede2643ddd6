import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { demoReportsApi } from '@nestling/shared/contract/api/demo-reports';
import { sendError } from '../../plugins/errors.ts';
import { createUsersRepository } from '../users/index.ts';
import { createDemoReportsService } from './service.ts';

/** The demo embryo reports (ADR 009, 'Demo reports'). */
export const demoReportsRoutes: FastifyPluginAsyncZod = (app) => {
  const demoReports = createDemoReportsService({ users: createUsersRepository(app.database.db) });

  app.get(
    '/demo/embryo-reports/:variant',
    {
      onRequest: app.requireVerifiedUser,
      schema: demoReportsApi['GET /demo/embryo-reports/:variant'],
    },
    async (request, reply) => {
      if (request.identity === null) return sendError(request, reply, 401, 'No token in context');
      return demoReports.read(request.identity.userId, request.params.variant);
    },
  );
  return Promise.resolve();
};
