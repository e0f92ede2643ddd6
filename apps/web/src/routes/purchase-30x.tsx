import { createFileRoute } from '@tanstack/react-router';
import { PlannedPage } from '../ui/planned-page.tsx';

export const Route = createFileRoute('/purchase-30x')({
  component: () => (
    <PlannedPage
      title="Buy a 30x test"
      purpose="Order 30x preconception screening for you and your partner."
    />
  ),
});
