import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type Stripe from 'stripe';
import { stripeApi } from '@nestling/shared/contract/api/stripe';
import { sendError } from '../../plugins/errors.ts';
import { fulfillCheckout, fulfillDepsOf } from '../checkout/index.ts';
import { createStripeRepository } from './repository.ts';
import { createStripeWebhookService } from './service.ts';
import { createStripeClient } from './stripe-provider.ts';
import { keepJsonBodiesRaw } from '../../plugins/raw-json-body.ts';

/** Stripe's events are a few kilobytes; anything near this is not one of them. */
const WEBHOOK_BODY_LIMIT = 1024 * 1024;

export const SIGNATURE_MISSING = 'The Stripe-Signature header is missing';
export const SIGNATURE_INVALID = "The body does not match the Stripe-Signature header's signature";

/** How far a signature's time may be from the server's, either way: Stripe's own default. */
export const SIGNATURE_TOLERANCE_SECONDS = 300;

/**
 * The time a Stripe-Signature header says it was made (its `t=`), in unix seconds. The SDK
 * refuses one too old but not one from the future, which a replay made with a stolen secret
 * could use to outlive the tolerance; the route refuses both.
 */
export function signedAtSeconds(header: string): number | null {
  const found = /(?:^|,)\s*t=(\d{1,12})\s*(?:,|$)/.exec(header);
  return found?.[1] === undefined ? null : Number(found[1]);
}

/** PostgreSQL's SQLSTATEs worth a retry: lost connection, serialization, deadlock, overload. */
const TRANSIENT_SQLSTATE = /^(08|53|57P0[1-3]|40001$|40P01$)/;
const TRANSIENT_NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE']);

/** Whether an error, or one it wraps, is the database being briefly unavailable. */
export function isTransientDatabaseError(error: unknown): boolean {
  for (let cause = error, depth = 0; cause instanceof Error && depth < 5; depth += 1) {
    const code = (cause as { code?: unknown }).code;
    if (
      typeof code === 'string' &&
      (TRANSIENT_SQLSTATE.test(code) || TRANSIENT_NODE_CODES.has(code))
    ) {
      return true;
    }
    if (/Connection terminated|timeout exceeded when trying to connect/i.test(cause.message)) {
      return true;
    }
    cause = cause.cause;
  }
  return false;
}

/**
 * POST /payments/stripe/webhook, registered only with PAYMENT_PROVIDER=stripe. Stripe signs
 * the exact bytes it sends, so this plugin reads JSON bodies as a Buffer; being a plugin of its
 * own, that parser applies to this route only.
 */
export const stripeWebhookRoutes: FastifyPluginAsyncZod = (app) => {
  const settings = app.config.payments.stripe;
  if (settings === null) return Promise.resolve();
  const stripe = createStripeClient(settings);
  const fulfillDeps = fulfillDepsOf(app);
  const webhook = createStripeWebhookService({
    repository: createStripeRepository(app.database.db),
    fulfill: (checkoutId, payment) => fulfillCheckout(fulfillDeps, checkoutId, payment),
    log: app.log,
  });

  keepJsonBodiesRaw(app, WEBHOOK_BODY_LIMIT);

  app.post(
    '/payments/stripe/webhook',
    {
      bodyLimit: WEBHOOK_BODY_LIMIT,
      schema: stripeApi['POST /payments/stripe/webhook'],
    },
    async (request, reply) => {
      const signature = request.headers['stripe-signature'];
      if (signature === undefined || signature === '') {
        return sendError(request, reply, 400, SIGNATURE_MISSING);
      }
      if (!Buffer.isBuffer(request.body)) return sendError(request, reply, 400, SIGNATURE_INVALID);

      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          request.body,
          signature,
          settings.webhookSecret,
          SIGNATURE_TOLERANCE_SECONDS,
        );
      } catch {
        request.log.warn('Stripe webhook with a bad signature: refused');
        return sendError(request, reply, 400, SIGNATURE_INVALID);
      }
      const signedAt = signedAtSeconds(signature);
      if (signedAt === null || signedAt > Date.now() / 1000 + SIGNATURE_TOLERANCE_SECONDS) {
        request.log.warn('Stripe webhook signed in the future: refused');
        return sendError(request, reply, 400, SIGNATURE_INVALID);
      }

      try {
        const outcome = await webhook.handle(event);
        request.log.info({ eventId: event.id, type: event.type, outcome }, 'Stripe event');
        return { received: true };
      } catch (error) {
        // The error may quote a query's parameters (names, emails): log its kind only.
        const transient = isTransientDatabaseError(error);
        request.log.error(
          {
            eventId: event.id,
            type: event.type,
            error: error instanceof Error ? error.name : 'unknown',
          },
          'Stripe event not handled',
        );
        // Stripe retries a 5xx for days, which a database that is back in a minute needs. Any
        // other failure would fail again: it is acknowledged, and since the event is stored
        // only once handled, it can be sent again from Stripe's dashboard after a fix.
        if (transient) return sendError(request, reply, 500, 'Internal Server Error');
        return { received: false };
      }
    },
  );
  return Promise.resolve();
};
