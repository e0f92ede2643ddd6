import { createFileRoute } from '@tanstack/react-router';
import { PlannedPage } from '../ui/planned-page.tsx';

export const Route = createFileRoute('/payment-successful')({
  component: () => (
    <PlannedPage
      title="Payment successful"
      purpose="Confirmation of your payment and what happens next."
    />
  ),
});
