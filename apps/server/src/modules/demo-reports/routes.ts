import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { demoReportParamsSchema } from '@nestling/shared/contract/demo-report';
import { errorBodySchema } from '@nestling/shared/contract/error';
import { reportAnswerSchema } from '@nestling/shared/contract/report-view';
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
      schema: {
        summary:
          'A demo embryo report of sample data (standard, grs, 30x or 5x) in the shape of GET /reports/{id}; 403 for accounts without the demo flag, except lab staff',
        tags: ['reports'],
        params: demoReportParamsSchema,
        response: {
          200: reportAnswerSchema,
          400: errorBodySchema,
          401: errorBodySchema,
          403: errorBodySchema,
          404: errorBodySchema,
        },
      },
    },
    async (request, reply) => {
      if (request.identity === null) return sendError(request, reply, 401, 'No token in context');
      return demoReports.read(request.identity.userId, request.params.variant);
    },
  );
  return Promise.resolve();
};
