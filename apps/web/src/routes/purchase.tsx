import { createFileRoute } from '@tanstack/react-router';
import { PlannedPage } from '../ui/planned-page.tsx';

export const Route = createFileRoute('/purchase')({
  component: () => (
    <PlannedPage
      title="Buy a test"
      purpose="Order preconception screening for you and your partner."
    />
  ),
});
