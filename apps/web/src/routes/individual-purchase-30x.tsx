import { createFileRoute } from '@tanstack/react-router';
import { PlannedPage } from '../ui/planned-page.tsx';

export const Route = createFileRoute('/individual-purchase-30x')({
  component: () => (
    <PlannedPage
      title="Buy an individual 30x test"
      purpose="Order 30x preconception screening for yourself."
    />
  ),
});
