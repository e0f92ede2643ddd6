/** What other modules may use of checkout (ADR 051): everything else here is its own. */
export { fulfillCheckout, fulfillDepsOf } from './fulfill.ts';
export type { BegunPayment, CheckoutToPay, PaymentProvider } from './payment-provider.ts';
