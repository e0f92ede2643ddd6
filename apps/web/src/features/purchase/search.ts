/*
 * The purchase pages' search parameters, checked the way src/lib/search.ts checks the others:
 * each is optional and falls back to undefined when malformed.
 */
type Search = Record<string, unknown>;

function checkoutId(value: unknown): string | undefined {
  return typeof value === 'string' && /^[\w-]{1,100}$/.test(value) ? value : undefined;
}

/** A purchase page: `?checkout=<id>&canceled=1` when the payment provider sends the person back. */
export function validatePurchaseSearch(search: Search): {
  checkout?: string | undefined;
  canceled?: string | undefined;
} {
  return {
    checkout: checkoutId(search.checkout),
    canceled: search.canceled === '1' || search.canceled === 1 ? '1' : undefined,
  };
}

/** /payment-successful: the checkout to wait for. */
export function validatePaymentSearch(search: Search): { checkout?: string | undefined } {
  return { checkout: checkoutId(search.checkout) };
}
