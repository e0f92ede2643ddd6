import { createFileRoute } from '@tanstack/react-router';
import { PlannedPage } from '../ui/planned-page.tsx';

export const Route = createFileRoute('/order')({
  component: () => (
    <PlannedPage title="Your order" purpose="The details and progress of your order." />
  ),
});
