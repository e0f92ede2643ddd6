import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@nestling/shared/contract/error';
import {
  reportAnswerSchema,
  reportParamsSchema,
  reportQuerySchema,
} from '@nestling/shared/contract/report-view';
import { createOrdersRepository } from '../orders/repository.ts';
import { createUsersRepository } from '../users/repository.ts';
import { createReportsRepository } from './repository.ts';
import { createReportsService } from './service.ts';

const responses = {
  200: reportAnswerSchema,
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};

/** Reading reports (ADR 009, 'Reading reports'). */
export const reportsRoutes: FastifyPluginAsyncZod = (app) => {
  const { db } = app.database;
  const reports = createReportsService({
    reports: createReportsRepository(db),
    orders: createOrdersRepository(db),
    users: createUsersRepository(db),
  });
  const versionOf = (text: string | undefined) => (text === undefined ? undefined : Number(text));

  app.get(
    '/reports/:id',
    {
      preHandler: app.requireVerifiedUser,
      schema: {
        summary:
          'A report (joint, embryo or individual) at its latest version or at `version`, with every version; for its owners, or admins with asUser',
        tags: ['reports'],
        params: reportParamsSchema,
        querystring: reportQuerySchema,
        response: responses,
      },
    },
    async (request) => {
      const subject = await app.resolveSubject(request, request.query.asUser);
      return reports.read(subject, request.params.id, versionOf(request.query.version));
    },
  );

  app.get(
    '/individual_reports/:id',
    {
      preHandler: app.requireVerifiedUser,
      schema: {
        summary:
          "An individual order's report (the id is the order's) at its latest version or at `version`, with every version",
        tags: ['reports'],
        params: reportParamsSchema,
        querystring: reportQuerySchema,
        response: responses,
      },
    },
    async (request) => {
      const subject = await app.resolveSubject(request, request.query.asUser);
      return reports.readByOrder(subject, request.params.id, versionOf(request.query.version));
    },
  );
  return Promise.resolve();
};
