import type { PaymentProviderName } from '@nestling/shared/contract/purchase';

/** What a provider needs to know of a checkout to take its payment. */
export interface CheckoutToPay {
  id: string;
  /** Sent to the provider as the idempotency key of its own calls: one payment per checkout. */
  idempotencyKey: string;
  buyerEmail: string;
  productName: string;
  totalCents: number;
  currency: string;
  /** Where the provider sends the browser back: paid, or given up. */
  successUrl: string;
  cancelUrl: string;
  /**
   * When the checkout ends; Stripe's Session is made to end with it. The stored value, so that
   * beginning the same checkout twice sends the same parameters.
   */
  expiresAt: Date;
}

/** What the provider answered when the checkout began. */
export interface BegunPayment {
  /** The provider's own id for this checkout (Stripe's Checkout Session id); null for none. */
  providerSessionId: string | null;
  /** The provider's hosted payment page to send the browser to; null when the portal takes the card. */
  redirectUrl: string | null;
}

/**
 * A way to take payment (ADR 012). The test provider takes a card in the portal's own form;
 * Stripe sends the browser to its hosted Checkout and tells the server through a webhook. Either
 * way a confirmed payment ends in `fulfillCheckout` (fulfill.ts), which makes the order once.
 */
export interface PaymentProvider {
  readonly name: PaymentProviderName;
  begin(checkout: CheckoutToPay): Promise<BegunPayment>;
  /** Gives the whole amount back; `providerPaymentId` is what the provider confirmed it with. */
  refund(payment: { providerPaymentId: string | null; totalCents: number }): Promise<void>;
  /**
   * Ends a begun checkout at the provider so that it can no longer be paid (Stripe expires the
   * Session); rejects when it could not (already paid, or the provider did not answer).
   */
  end(providerSessionId: string): Promise<void>;
}
