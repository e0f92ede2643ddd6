import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorBodySchema } from '@nestling/shared/contract/error';
import {
  checkoutParamsSchema,
  checkoutRequestSchema,
  checkoutSchema,
  orderSummarySchema,
  quoteRequestSchema,
  testCardSchema,
  testConfirmationSchema,
} from '@nestling/shared/contract/purchase';
import { createCatalogueRepository, createCatalogueService } from '../catalogue/index.ts';
import { createPartnerRepository } from '../partner/index.ts';
import {
  fulfillCheckout,
  fulfillDepsOf,
  RECEIPT_JOB_KIND,
  type ReceiptJobPayload,
} from './fulfill.ts';
import { sendReceipt } from './receipt.tsx';
import { createCheckoutRepository } from './repository.ts';
import { createCheckoutService, type Payer } from './service.ts';
import type { PaymentProvider } from './payment-provider.ts';
import { Refusal } from '../../lib/refusal.ts';

const errors = {
  400: errorBodySchema,
  401: errorBodySchema,
  403: errorBodySchema,
  404: errorBodySchema,
};
const paymentErrors = {
  ...errors,
  402: errorBodySchema,
  409: errorBodySchema,
  429: errorBodySchema,
  503: errorBodySchema,
};

/** The signed-in person as a payer (requireUser has run). */
function payerOf(request: FastifyRequest): Payer {
  const identity = request.identity;
  if (identity === null) throw new Refusal(401, 'No token in context');
  return {
    userId: identity.userId,
    email: identity.user.email,
    sex: identity.user.sex,
    impersonatedBy: identity.impersonatedBy,
  };
}

/** Buying a test: the order summary, the checkout, and the test provider's card form. */
export const checkoutRoutes: FastifyPluginAsyncZod<{
  /** The configured provider (app.ts chooses it); null when it is not built in. */
  paymentProvider: PaymentProvider | null;
}> = (app, options) => {
  const fulfillDeps = fulfillDepsOf(app);
  app.jobHandlers.register<ReceiptJobPayload>(
    RECEIPT_JOB_KIND,
    async ({ payload }) => {
      await sendReceipt(fulfillDeps, payload.orderId);
      return null;
    },
    { quick: true },
  );
  const partners = createPartnerRepository(app.database.db);
  const checkout = createCheckoutService({
    repository: createCheckoutRepository(app.database.db),
    catalogue: createCatalogueService({ repository: createCatalogueRepository(app.database.db) }),
    provider: options.paymentProvider,
    publicUrl: app.config.publicUrl,
    rateLimiter: app.rateLimiter,
    couplePlaces: {
      held: (userId) => partners.couplePlacesHeld(app.database.db, userId),
      perPerson: app.config.limits.couplePlacesPerPerson,
    },
    fulfill: (checkoutId, payment) => fulfillCheckout(fulfillDeps, checkoutId, payment),
    log: app.log,
  });

  app.post(
    '/checkout/quote',
    {
      config: { whileImpersonating: 'allowed' },
      onRequest: app.requireUser,
      schema: {
        summary: 'The order summary of a product and an optional discount code',
        tags: ['purchase'],
        body: quoteRequestSchema,
        response: { 200: orderSummarySchema, ...errors },
      },
    },
    (request) => checkout.quote(payerOf(request).userId, request.body),
  );

  app.post(
    '/checkout',
    {
      onRequest: app.requireVerifiedUser,
      schema: {
        summary:
          'Begins a purchase with the configured provider; the same idempotency key answers the same checkout',
        tags: ['purchase'],
        body: checkoutRequestSchema,
        response: { 200: checkoutSchema, ...paymentErrors },
      },
    },
    (request) => checkout.start(payerOf(request), request.body),
  );

  app.get(
    '/checkout/:id',
    {
      onRequest: app.requireVerifiedUser,
      schema: {
        summary: "One of the person's checkouts, with its order once paid",
        tags: ['purchase'],
        params: checkoutParamsSchema,
        response: { 200: checkoutSchema, ...errors },
      },
    },
    (request) => checkout.get(payerOf(request).userId, request.params.id),
  );

  app.post(
    '/checkout/:id/cancel',
    {
      onRequest: app.requireVerifiedUser,
      schema: {
        summary: 'Gives up an unpaid checkout; a paid one stays paid',
        tags: ['purchase'],
        params: checkoutParamsSchema,
        response: { 200: checkoutSchema, ...errors },
      },
    },
    (request) => checkout.cancel(payerOf(request).userId, request.params.id),
  );

  app.post(
    '/checkout/:id/test-payment',
    {
      onRequest: app.requireVerifiedUser,
      schema: {
        summary: 'Pays a test-provider checkout with a test card (no money moves)',
        tags: ['purchase'],
        params: checkoutParamsSchema,
        body: testCardSchema,
        response: { 200: checkoutSchema, ...paymentErrors },
      },
    },
    (request) => checkout.payWithTestCard(payerOf(request), request.params.id, request.body),
  );

  app.post(
    '/checkout/:id/test-payment/confirm',
    {
      onRequest: app.requireVerifiedUser,
      schema: {
        summary: "Approves or declines the test card's extra confirmation step",
        tags: ['purchase'],
        params: checkoutParamsSchema,
        body: testConfirmationSchema,
        response: { 200: checkoutSchema, ...paymentErrors },
      },
    },
    (request) =>
      checkout.confirmTestPayment(payerOf(request), request.params.id, request.body.approve),
  );

  return Promise.resolve();
};
