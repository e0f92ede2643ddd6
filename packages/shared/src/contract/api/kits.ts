import { errorAnswers, type ApiRoutes } from './routes.ts';
import {
  deliveriesAnswerSchema,
  deliveryKitSchema,
  deliveryQuerySchema,
  kitAddressRequestSchema,
  kitParamsSchema,
} from '../kits.ts';

const errors = errorAnswers(400, 401, 403, 404, 409, 429);

/** The kits module's routes: each one's summary, parameters, query, body and answers (ADR 053). */
export const kitsApi = {
  'GET /deliveries': {
    summary:
      "The person's kits, newest order first, with address, tracker stage, shipment and return label; the same kits /orders shows; admins may pass asUser",
    tags: ['kits'],
    querystring: deliveryQuerySchema,
    response: { 200: deliveriesAnswerSchema, ...errors },
  },
  'GET /kits/:id/return-label': {
    summary:
      "The kit's prepaid return label as a PDF, kept among the person's documents: printed again it is the same document. The first request buys the label from the shipping provider (carrier, tracking number, postage; once per kit, whoever asks; 429 past 10 purchases in 15 minutes). From delivery until the lab receives the sample (409 before); admins may pass asUser (the label is then not stored, and none is bought: 409)",
    tags: ['kits'],
    params: kitParamsSchema,
    querystring: deliveryQuerySchema,
    // No response schema: the answer is the PDF; errors are the usual body.
  },
  'PUT /kits/:id/address': {
    summary:
      "Changes the kit's shipping address until the kit ships; after that, or for a refunded order, 409. Another person's kit answers 404; asUser (viewing as) is refused: it is read-only",
    tags: ['kits'],
    params: kitParamsSchema,
    querystring: deliveryQuerySchema,
    body: kitAddressRequestSchema,
    response: { 200: deliveryKitSchema, ...errors },
  },
} satisfies ApiRoutes;
