import type { CheckoutPartner, ShippingAddress } from '@nestling/shared/contract/purchase';

/**
 * The checkout row's `request`: what the patient entered (the contract's `request`), and the
 * buyer's role in a couple's test, fixed when the checkout began so that the order made from it
 * later does not depend on the profile at that time.
 */
export interface StoredRequest {
  partner: CheckoutPartner | null;
  shipping: { buyer: ShippingAddress; partner: ShippingAddress | null };
  /** 'mother' or 'father' for a couple's test; null for an individual's. */
  buyerRole: 'mother' | 'father' | null;
}
