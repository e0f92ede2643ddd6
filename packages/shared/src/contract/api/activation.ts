import { errorAnswers, type ApiRoutes } from './routes.ts';
import {
  accountParamsSchema,
  activateCoupleBodySchema,
  kitLookupAnswerSchema,
  kitLookupBodySchema,
  kitsAnswerSchema,
  kitsQuerySchema,
} from '../activation.ts';
import { errorBodySchema } from '../error.ts';
import { coupleAccountSchema, individualOrderSchema, orderParamsSchema } from '../orders.ts';

const errors = errorAnswers(400, 401, 403, 404);

/** The activation module's routes: each one's summary, parameters, query, body and answers (ADR 053). */
export const activationApi = {
  'GET /kits': {
    summary:
      "The person's kits (individual orders and both kits of each couple account) and whether each is activated; admins may pass asUser",
    tags: ['activation'],
    querystring: kitsQuerySchema,
    response: { 200: kitsAnswerSchema, ...errors },
  },
  'PATCH /accounts/:id/activate': {
    summary:
      "Activates both kits of a couple account, by either partner, with both tubes' ids: 'Orders not attached' when a kit is missing, 409 until the partner joined and both did the survey and accepted the terms",
    tags: ['activation'],
    params: accountParamsSchema,
    body: activateCoupleBodySchema,
    response: {
      200: coupleAccountSchema,
      ...errors,
      409: errorBodySchema,
      429: errorBodySchema,
    },
  },
  'PATCH /individual_reports/:id/activate': {
    summary:
      "Activates the caller's individual order (the id is the order's); 409 until their health survey is done and the terms accepted; answers the updated order",
    tags: ['reports'],
    params: orderParamsSchema,
    response: {
      200: individualOrderSchema,
      401: errorBodySchema,
      403: errorBodySchema,
      404: errorBodySchema,
      409: errorBodySchema,
    },
  },
  'POST /kits/lookup': {
    summary:
      "What a typed kit id activates: an individual order or a couple account's kit (400 for a typo, 404 for an unknown or another person's kit; 30 per 15 minutes)",
    tags: ['activation'],
    body: kitLookupBodySchema,
    response: { 200: kitLookupAnswerSchema, ...errors, 429: errorBodySchema },
  },
} satisfies ApiRoutes;
