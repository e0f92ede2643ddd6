import { createFileRoute } from '@tanstack/react-router';
import { PlannedPage } from '../ui/planned-page.tsx';

export const Route = createFileRoute('/individual-purchase')({
  component: () => (
    <PlannedPage
      title="Buy an individual test"
      purpose="Order preconception screening for yourself."
    />
  ),
});
