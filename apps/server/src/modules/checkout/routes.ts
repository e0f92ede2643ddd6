import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { checkoutApi } from '@nestling/shared/contract/api/checkout';
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
      schema: checkoutApi['POST /checkout/quote'],
    },
    (request) => checkout.quote(payerOf(request).userId, request.body),
  );

  app.post(
    '/checkout',
    {
      onRequest: app.requireVerifiedUser,
      schema: checkoutApi['POST /checkout'],
    },
    (request) => checkout.start(payerOf(request), request.body),
  );

  app.get(
    '/checkout/:id',
    {
      onRequest: app.requireVerifiedUser,
      schema: checkoutApi['GET /checkout/:id'],
    },
    (request) => checkout.get(payerOf(request).userId, request.params.id),
  );

  app.post(
    '/checkout/:id/cancel',
    {
      onRequest: app.requireVerifiedUser,
      schema: checkoutApi['POST /checkout/:id/cancel'],
    },
    (request) => checkout.cancel(payerOf(request).userId, request.params.id),
  );

  app.post(
    '/checkout/:id/test-payment',
    {
      onRequest: app.requireVerifiedUser,
      schema: checkoutApi['POST /checkout/:id/test-payment'],
    },
    (request) => checkout.payWithTestCard(payerOf(request), request.params.id, request.body),
  );

  app.post(
    '/checkout/:id/test-payment/confirm',
    {
      onRequest: app.requireVerifiedUser,
      schema: checkoutApi['POST /checkout/:id/test-payment/confirm'],
    },
    (request) =>
      checkout.confirmTestPayment(payerOf(request), request.params.id, request.body.approve),
  );

  return Promise.resolve();
};
