import { errorAnswers, type ApiRoutes } from './routes.ts';
import { mailParamsSchema, undeliveredMailAnswerSchema } from '../mail.ts';
import * as z from 'zod/mini';

const errors = errorAnswers(400, 401, 403, 404);

/** The mail module's routes: each one's summary, parameters, query, body and answers (ADR 053). */
export const mailApi = {
  'GET /admin/mail': {
    summary:
      'Mail whose last attempt failed: waiting for its next attempt, or failed for good; oldest first (admins only)',
    tags: ['admin'],
    response: { 200: undeliveredMailAnswerSchema, ...errors },
  },
  'POST /admin/mail/:id/send-again': {
    summary:
      'Queues a mail that failed for good again, with all its attempts; a mail that is not failed answers 404 (admins only; audited)',
    tags: ['admin'],
    params: mailParamsSchema,
    response: { 204: z.null(), ...errors },
  },
} satisfies ApiRoutes;
