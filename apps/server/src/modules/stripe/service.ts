import type { FastifyBaseLogger } from 'fastify';
import type Stripe from 'stripe';
import type { StripeRepository } from './repository.ts';

/** A confirmed payment made into its order, once: modules/checkout/fulfill.ts. */
export type Fulfill = (
  checkoutId: string,
  payment: { cardLast4: string | null; providerPaymentId: string | null },
) => Promise<unknown>;

export interface StripeWebhookDeps {
  repository: StripeRepository;
  fulfill: Fulfill;
  log: FastifyBaseLogger;
}

/** Stripe sends some ids as the id and some as the expanded object. */
function idOf(value: string | { id: string } | null): string | null {
  return value === null ? null : typeof value === 'string' ? value : value.id;
}

/** Our checkout's id, as begin() set it on the Session. */
function checkoutIdOf(session: Stripe.Checkout.Session): string | null {
  return session.metadata?.checkoutId ?? session.client_reference_id;
}

/**
 * What the verified events of Stripe's webhook do. Each event is handled at most once: one
 * already stored is a replay and changes nothing. An event is stored after it was handled, so a
 * failure Stripe retries is handled again; every step is idempotent, so two deliveries racing
 * each other make one order too. Logs carry ids only, never an email or a name.
 */
export function createStripeWebhookService({ repository, fulfill, log }: StripeWebhookDeps) {
  /** The checkout a Session was made for, when it is one of ours and it is this Session. */
  async function checkoutOf(event: Stripe.Event, session: Stripe.Checkout.Session) {
    const checkoutId = checkoutIdOf(session);
    const found = checkoutId === null ? null : await repository.findCheckout(checkoutId);
    if (
      found === null ||
      found.provider !== 'stripe' ||
      (found.providerSessionId !== null && found.providerSessionId !== session.id)
    ) {
      log.warn(
        { eventId: event.id, sessionId: session.id, checkoutId },
        'Stripe event for a Session that is not one of our checkouts: ignored',
      );
      return null;
    }
    return found;
  }

  async function completed(event: Stripe.Event, session: Stripe.Checkout.Session) {
    // 'unpaid' is a bank payment on its way: async_payment_succeeded follows when it lands.
    if (session.payment_status !== 'paid' && session.payment_status !== 'no_payment_required') {
      log.info({ eventId: event.id, sessionId: session.id }, 'Stripe Session not paid yet');
      return;
    }
    const found = await checkoutOf(event, session);
    if (found === null) return;
    // The order is made for the checkout's own amounts; the event's are only compared. A
    // difference means the Session is not what begin() made: nothing is fulfilled, staff find
    // the warning, and the event is still acknowledged, since a retry would differ no less.
    if (session.amount_total !== found.totalCents || session.currency !== found.currency) {
      log.warn(
        { eventId: event.id, sessionId: session.id, checkoutId: found.id },
        "Stripe Session's amount differs from its checkout's: not fulfilled",
      );
      return;
    }
    await fulfill(found.id, {
      // A Checkout Session does not carry the card; the receipt names none then.
      cardLast4: null,
      providerPaymentId: idOf(session.payment_intent),
    });
    log.info({ eventId: event.id, checkoutId: found.id }, 'Stripe checkout paid');
  }

  async function expired(event: Stripe.Event, session: Stripe.Checkout.Session) {
    const found = await checkoutOf(event, session);
    if (found === null) return;
    await repository.expireCheckout(found.id, session.id, new Date());
  }

  async function refunded(event: Stripe.Event, charge: Stripe.Charge) {
    // A partial refund (a goodwill gesture made in Stripe's dashboard) leaves the order as it is.
    if (!charge.refunded) {
      log.info({ eventId: event.id, chargeId: charge.id }, 'Stripe charge partly refunded');
      return;
    }
    const paymentIntentId = idOf(charge.payment_intent);
    const checkoutId = charge.metadata.checkoutId ?? null;
    const at = new Date(event.created * 1000);
    const result = await repository.recordRefund({ paymentIntentId, checkoutId, at });
    if (result.orders === 0 && result.checkouts === 0) {
      log.info(
        { eventId: event.id, chargeId: charge.id, paymentIntentId },
        'Stripe refund of a payment that is not one of our checkouts, or already recorded',
      );
    }
  }

  return {
    /** 'replay' when the event was handled before and nothing was done now. */
    async handle(event: Stripe.Event): Promise<'handled' | 'replay'> {
      if (await repository.hasEvent(event.id)) return 'replay';
      switch (event.type) {
        case 'checkout.session.completed':
        case 'checkout.session.async_payment_succeeded':
          await completed(event, event.data.object);
          break;
        case 'checkout.session.expired':
          await expired(event, event.data.object);
          break;
        case 'charge.refunded':
          await refunded(event, event.data.object);
          break;
        default:
          // Stripe sends what the endpoint subscribed to; anything else is acknowledged.
          break;
      }
      await repository.recordEvent(event.id, event.type);
      return 'handled';
    },
  };
}

export type StripeWebhookService = ReturnType<typeof createStripeWebhookService>;
