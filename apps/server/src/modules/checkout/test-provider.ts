import { TEST_CARDS } from '@nestling/shared/contract/purchase';
import type { PaymentProvider } from './payment-provider.ts';

/**
 * The built-in test provider: the portal takes the card in its own form
 * (POST /checkout/{id}/test-payment), so there is no hosted page to send the browser to, and no
 * money moves, so a refund has nothing to give back.
 */
export const testProvider: PaymentProvider = {
  name: 'test',
  begin: () => Promise.resolve({ providerSessionId: null, redirectUrl: null }),
  refund: () => Promise.resolve(),
  // Nothing is begun elsewhere: a canceled checkout refuses cards by its status.
  end: () => Promise.resolve(),
};

export type TestCardOutcome = 'pays' | 'declined' | 'insufficientFunds' | 'needsConfirmation';

/**
 * What a (Luhn-valid) test card number does. The four numbers of TEST_CARDS do what their names
 * say; any other valid number pays, as the generic numbers of card test modes do, so a tester
 * can use another brand's test card (5555 5555 5555 4444) without learning ours.
 */
export function testCardOutcome(number: string): TestCardOutcome {
  switch (number) {
    case TEST_CARDS.declined:
      return 'declined';
    case TEST_CARDS.insufficientFunds:
      return 'insufficientFunds';
    case TEST_CARDS.needsConfirmation:
      return 'needsConfirmation';
    default:
      return 'pays';
  }
}
