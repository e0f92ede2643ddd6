import { errorAnswers, type ApiRoutes } from './routes.ts';
import { errorBodySchema } from '../error.ts';
import {
  checkoutParamsSchema,
  checkoutRequestSchema,
  checkoutSchema,
  orderSummarySchema,
  quoteRequestSchema,
  testCardSchema,
  testConfirmationSchema,
} from '../purchase.ts';

const errors = errorAnswers(400, 401, 403, 404);

const paymentErrors = {
  ...errors,
  402: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
  503: errorBodySchema,
};

/** The checkout module's routes: each one's summary, parameters, query, body and answers (ADR 053). */
export const checkoutApi = {
  'GET /checkout/:id': {
    summary: "One of the person's checkouts, with its order once paid",
    tags: ['purchase'],
    params: checkoutParamsSchema,
    response: { 200: checkoutSchema, ...errors },
  },
  'POST /checkout': {
    summary:
      'Begins a purchase with the configured provider; the same idempotency key answers the same checkout',
    tags: ['purchase'],
    body: checkoutRequestSchema,
    response: { 200: checkoutSchema, ...paymentErrors },
  },
  'POST /checkout/:id/cancel': {
    summary: 'Gives up an unpaid checkout; a paid one stays paid',
    tags: ['purchase'],
    params: checkoutParamsSchema,
    response: { 200: checkoutSchema, ...errors },
  },
  'POST /checkout/:id/test-payment': {
    summary: 'Pays a test-provider checkout with a test card (no money moves)',
    tags: ['purchase'],
    params: checkoutParamsSchema,
    body: testCardSchema,
    response: { 200: checkoutSchema, ...paymentErrors },
  },
  'POST /checkout/:id/test-payment/confirm': {
    summary: "Approves or declines the test card's extra confirmation step",
    tags: ['purchase'],
    params: checkoutParamsSchema,
    body: testConfirmationSchema,
    response: { 200: checkoutSchema, ...paymentErrors },
  },
  'POST /checkout/quote': {
    summary: 'The order summary of a product and an optional discount code',
    tags: ['purchase'],
    body: quoteRequestSchema,
    response: { 200: orderSummarySchema, ...errors },
  },
} satisfies ApiRoutes;
