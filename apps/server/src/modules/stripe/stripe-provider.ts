import Stripe from 'stripe';
import type { Config } from '../../config.ts';
import type { BegunPayment, CheckoutToPay, PaymentProvider } from '../checkout/index.ts';

export type StripeSettings = NonNullable<Config['payments']['stripe']>;

/**
 * The API version the portal is written against. Pinned so that an account's default version,
 * changed in Stripe's dashboard, cannot change the shape of what the portal reads.
 */
export const STRIPE_API_VERSION = '2026-10-28.endive';

/** Stripe refuses a Checkout Session that expires sooner than 30 minutes or later than 24 hours. */
const MIN_EXPIRY_SECONDS = 30 * 60;
const MAX_EXPIRY_SECONDS = 24 * 60 * 60;
/** Room for the clocks of the server and Stripe, and for the request's own time. */
const EXPIRY_MARGIN_SECONDS = 2 * 60;

/** The official client, aimed at STRIPE_API_URL when it is set (a stand-in server in tests). */
export function createStripeClient(settings: StripeSettings): Stripe {
  return new Stripe(settings.secretKey, {
    apiVersion: STRIPE_API_VERSION,
    // A patient waits on begin(): give up well before a proxy would; the SDK's retries reuse
    // the idempotency key, so a retried call cannot make a second Session or refund.
    timeout: 20_000,
    maxNetworkRetries: 2,
    telemetry: false,
    ...(settings.api === null
      ? {}
      : { host: settings.api.host, port: settings.api.port, protocol: settings.api.protocol }),
  });
}

/**
 * When the Session expires, in unix seconds: with the checkout when Stripe allows it. The same
 * checkout gives the same value, which the idempotency key needs (Stripe refuses a key reused
 * with other parameters); only a checkout begun in its last half hour is stretched.
 */
export function sessionExpiry(expiresAt: Date, now: Date = new Date()): number {
  const nowSeconds = Math.floor(now.getTime() / 1000);
  const wanted = Math.floor(expiresAt.getTime() / 1000);
  return Math.min(
    Math.max(wanted, nowSeconds + MIN_EXPIRY_SECONDS + EXPIRY_MARGIN_SECONDS),
    nowSeconds + MAX_EXPIRY_SECONDS - EXPIRY_MARGIN_SECONDS,
  );
}

/**
 * Stripe Checkout (ADR 012): begin() makes a hosted Checkout Session for the server's total and
 * the browser is sent there; the payment is confirmed by the webhook (service.ts), never
 * by the browser's return.
 */
export function createStripeProvider(
  config: Pick<Config, 'payments'>,
  client?: Stripe,
): PaymentProvider {
  const settings = config.payments.stripe;
  if (settings === null) throw new Error('Stripe is not configured');
  const stripe = client ?? createStripeClient(settings);

  return {
    name: 'stripe',

    async begin(checkout: CheckoutToPay): Promise<BegunPayment> {
      const session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: checkout.currency,
                unit_amount: checkout.totalCents,
                product_data: { name: checkout.productName },
              },
            },
          ],
          customer_email: checkout.buyerEmail,
          client_reference_id: checkout.id,
          metadata: { checkoutId: checkout.id },
          // Copied to the charge, so that a refund arriving before the order finds its checkout.
          payment_intent_data: { metadata: { checkoutId: checkout.id } },
          success_url: checkout.successUrl,
          cancel_url: checkout.cancelUrl,
          expires_at: sessionExpiry(checkout.expiresAt),
        },
        // Two tabs or a double click are one checkout, begun with one key: one Session.
        { idempotencyKey: `checkout-${checkout.idempotencyKey}` },
      );
      if (session.url === null) throw new Error('Stripe answered a Checkout Session without a URL');
      return { providerSessionId: session.id, redirectUrl: session.url };
    },

    async end(providerSessionId: string): Promise<void> {
      // Stripe refuses to expire a Session that is complete: the payment's webhook then follows.
      await stripe.checkout.sessions.expire(providerSessionId);
    },

    async refund({ providerPaymentId }): Promise<void> {
      if (providerPaymentId === null) {
        throw new Error('This payment has no Stripe payment intent to refund');
      }
      // The webhook's charge.refunded marks the order refunded, whoever asked for the refund.
      await stripe.refunds.create(
        { payment_intent: providerPaymentId },
        { idempotencyKey: `refund-${providerPaymentId}` },
      );
    },
  };
}
