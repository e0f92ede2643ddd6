import { errorAnswers, type ApiRoutes } from './routes.ts';
import { errorBodySchema } from '../error.ts';
import { reportAnswerSchema, reportParamsSchema, reportQuerySchema } from '../report-view.ts';
import { sensitiveReleaseAnswerSchema } from '../sensitive-results.ts';

/** A report as JSON, or as a PDF for `Accept: application/pdf` (no schema for that answer). */
const reportRead = {
  tags: ['reports'],
  params: reportParamsSchema,
  querystring: reportQuerySchema,
  response: { 200: reportAnswerSchema, ...errorAnswers(400, 401, 403, 404) },
};

/** The reports module's routes: each one's summary, parameters, query, body and answers (ADR 053). */
export const reportsApi = {
  'GET /individual_reports/:id': {
    ...reportRead,
    summary:
      "An individual order's report (the id is the order's) at its latest version or at `version`, with every version",
  },
  'GET /reports/:id': {
    ...reportRead,
    summary:
      'A report (joint, embryo or individual) at its latest version or at `version`, with every version; for its owners, or admins with asUser',
  },
  'POST /reports/:id/sensitive-release': {
    summary:
      'Records that the signed-in person chooses to see the sensitive results of a report they may read; each partner of a couple chooses for themselves',
    tags: ['reports'],
    params: reportParamsSchema,
    response: {
      200: sensitiveReleaseAnswerSchema,
      400: errorBodySchema,
      401: errorBodySchema,
      403: errorBodySchema,
      404: errorBodySchema,
      409: errorBodySchema,
    },
  },
} satisfies ApiRoutes;
