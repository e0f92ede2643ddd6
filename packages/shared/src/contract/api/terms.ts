import { errorAnswers, type ApiRoutes } from './routes.ts';
import { errorBodySchema } from '../error.ts';
import {
  acceptTermsBodySchema,
  termsAnswerSchema,
  termsParamsSchema,
  termsQuerySchema,
} from '../terms.ts';

const errors = errorAnswers(400, 401, 403, 404);

/** The terms module's routes: each one's summary, parameters, query, body and answers (ADR 053). */
export const termsApi = {
  'GET /terms': {
    summary:
      'The terms of service and the HIPAA notice in force (version, effective date), and whether and when the person accepted each; admins may pass asUser',
    tags: ['terms'],
    querystring: termsQuerySchema,
    response: { 200: termsAnswerSchema, ...errors },
  },
  'POST /terms/:document/accept': {
    summary:
      "Accepts the version in force of 'tos' or 'hipaa' for the caller (409 when the version given is not the one in force); a copy goes to their documents",
    tags: ['terms'],
    params: termsParamsSchema,
    body: acceptTermsBodySchema,
    response: { 200: termsAnswerSchema, ...errors, 409: errorBodySchema },
  },
} satisfies ApiRoutes;
