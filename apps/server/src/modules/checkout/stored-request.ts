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

/** Male/M is the father, Female/F the mother (spec section 3); null for anything else. */
export function roleFromSex(sex: string | null): 'mother' | 'father' | null {
  const text = sex?.trim().toLowerCase();
  if (text === 'male' || text === 'm') return 'father';
  if (text === 'female' || text === 'f') return 'mother';
  return null;
}
