import { errorAnswers, type ApiRoutes } from './routes.ts';
import { demoReportParamsSchema } from '../demo-report.ts';
import { reportAnswerSchema } from '../report-view.ts';

/** The demo-reports module's routes: each one's summary, parameters, query, body and answers (ADR 053). */
export const demoReportsApi = {
  'GET /demo/embryo-reports/:variant': {
    summary:
      'A demo embryo report of sample data (standard, grs, 30x or 5x) in the shape of GET /reports/{id}; 403 for accounts without the demo flag, except lab staff',
    tags: ['reports'],
    params: demoReportParamsSchema,
    response: { 200: reportAnswerSchema, ...errorAnswers(400, 401, 403, 404) },
  },
} satisfies ApiRoutes;
