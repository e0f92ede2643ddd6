import type { ApiRoutes } from './routes.ts';
import { errorBodySchema } from '../error.ts';
import { paymentWebhookAnswerSchema } from '../purchase.ts';
import * as z from 'zod/mini';

/** The stripe module's routes: each one's summary, parameters, query, body and answers (ADR 053). */
export const stripeApi = {
  'POST /payments/stripe/webhook': {
    summary: "Stripe's events: a paid, expired or refunded checkout (signed by Stripe)",
    tags: ['payments'],
    headers: z.object({ 'stripe-signature': z.optional(z.string()) }),
    response: {
      200: paymentWebhookAnswerSchema,
      400: errorBodySchema,
      413: errorBodySchema,
      415: errorBodySchema,
      500: errorBodySchema,
    },
  },
} satisfies ApiRoutes;
