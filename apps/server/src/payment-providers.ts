import type { Config } from './config.ts';
import { createStripeProvider } from './modules/stripe/stripe-provider.ts';
import type { PaymentProvider } from './modules/checkout/payment-provider.ts';
import { testProvider } from './modules/checkout/test-provider.ts';

/**
 * The one place a provider is chosen (PAYMENT_PROVIDER). Null when the configured provider is
 * not built into this server: starting a checkout then fails plainly rather than falling back to
 * test payments.
 */
export function configuredPaymentProvider(config: Config): PaymentProvider | null {
  switch (config.payments.provider) {
    case 'test':
      return testProvider;
    case 'stripe':
      return config.payments.stripe === null ? null : createStripeProvider(config);
  }
}
