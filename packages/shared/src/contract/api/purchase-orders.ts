import { errorAnswers, type ApiRoutes } from './routes.ts';
import { errorBodySchema } from '../error.ts';
import {
  adminOrderSchema,
  adminOrdersAnswerSchema,
  adminOrdersQuerySchema,
  orderEventRequestSchema,
  purchaseOrderParamsSchema,
  purchaseOrderSchema,
  purchaseOrdersAnswerSchema,
  purchaseOrdersQuerySchema,
} from '../order-tracker.ts';

const errors = errorAnswers(400, 401, 403, 404);

/** The purchase-orders module's routes: each one's summary, parameters, query, body and answers (ADR 053). */
export const purchaseOrdersApi = {
  'GET /admin/orders': {
    summary:
      'Orders, newest first, at most 200: q matches the order number (NS-10001 or 10001), a kit id, or part of the buyer’s or partner’s email; stage filters (admins only)',
    tags: ['admin'],
    querystring: adminOrdersQuerySchema,
    response: { 200: adminOrdersAnswerSchema, ...errors },
  },
  'GET /admin/orders.csv': {
    summary:
      'The orders of GET /admin/orders as a CSV file, same filters; formulas are made plain text (admins only)',
    tags: ['admin'],
    querystring: adminOrdersQuerySchema,
    // No response schema: the answer is the CSV text; errors are the usual body.
  },
  'GET /orders': {
    summary:
      "The person's purchases, newest first: those they bought, and the couple's orders where they are the partner (without the buyer's card digits, receipt or address); admins may pass asUser",
    tags: ['orders'],
    querystring: purchaseOrdersQuerySchema,
    response: { 200: purchaseOrdersAnswerSchema, ...errors },
  },
  'GET /orders/:id': {
    summary:
      "One of the person's purchases with its tracker; another person's answers 404 as an unknown one; admins may pass asUser",
    tags: ['orders'],
    params: purchaseOrderParamsSchema,
    querystring: purchaseOrdersQuerySchema,
    response: { 200: purchaseOrderSchema, ...errors },
  },
  'POST /admin/orders/:id/events': {
    summary:
      'Moves the tracker: forward records the stage (a shipment with carrier and tracking number); back is a correction and needs a note; a refunded order refuses (admins only)',
    tags: ['admin'],
    params: purchaseOrderParamsSchema,
    body: orderEventRequestSchema,
    response: { 200: adminOrderSchema, ...errors, 409: errorBodySchema },
  },
  'POST /admin/orders/:id/refund': {
    summary:
      'Refunds the whole order through its payment provider, before the kit ships only; the buyer gets a mail (admins only)',
    tags: ['admin'],
    params: purchaseOrderParamsSchema,
    response: { 200: adminOrderSchema, ...errors, 409: errorBodySchema },
  },
} satisfies ApiRoutes;
