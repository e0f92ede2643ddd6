import { createFileRoute } from '@tanstack/react-router';
import { PaymentSuccessfulPage } from '../features/purchase/payment-successful-page.tsx';
import { validatePaymentSearch } from '../features/purchase/search.ts';

export const Route = createFileRoute('/payment-successful')({
  validateSearch: validatePaymentSearch,
  component: function PaymentSuccessful() {
    return <PaymentSuccessfulPage checkoutId={Route.useSearch().checkout} />;
  },
});
