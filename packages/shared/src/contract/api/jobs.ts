import { errorAnswers, type ApiRoutes } from './routes.ts';
import { jobsAnswerSchema, myDataQuerySchema } from '../my-data.ts';

const errors = errorAnswers(400, 401, 403, 404);

/** The jobs module's routes: each one's summary, parameters, query, body and answers (ADR 053). */
export const jobsApi = {
  'GET /my-data/jobs': {
    summary:
      'The person’s background tasks (imports, exports) with state and progress, newest first; 403 unless My Data is on for them; admins may pass asUser',
    tags: ['my-data'],
    querystring: myDataQuerySchema,
    response: { 200: jobsAnswerSchema, ...errors },
  },
} satisfies ApiRoutes;
