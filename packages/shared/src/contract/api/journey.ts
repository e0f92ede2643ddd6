import { errorAnswers, type ApiRoutes } from './routes.ts';
import { journeyAnswerSchema, journeyQuerySchema } from '../journey.ts';

const errors = errorAnswers(400, 401, 403, 404);

/** The journey module's routes: each one's summary, parameters, query, body and answers (ADR 053). */
export const journeyApi = {
  'GET /journey': {
    summary:
      "Each of the person's tests (couple accounts and individual orders), newest first, with each step from purchase to results and its state, and the person's next step; admins may pass asUser (read only)",
    tags: ['journey'],
    querystring: journeyQuerySchema,
    response: { 200: journeyAnswerSchema, ...errors },
  },
} satisfies ApiRoutes;
