import type { ApiRoutes } from './routes.ts';
import { errorBodySchema } from '../error.ts';
import { shippingWebhookAnswerSchema } from '../kits.ts';

/** The shipping module's routes: each one's summary, parameters, query, body and answers (ADR 053). */
export const shippingApi = {
  'POST /shipping/webhook': {
    summary:
      "The shipping provider's tracking updates of return labels (signed by the provider): in transit, delivered to the lab, exception. A shipment that is not one of ours is acknowledged and ignored",
    tags: ['kits'],
    response: {
      200: shippingWebhookAnswerSchema,
      400: errorBodySchema,
      413: errorBodySchema,
      415: errorBodySchema,
      500: errorBodySchema,
    },
  },
} satisfies ApiRoutes;
