import { createFileRoute } from '@tanstack/react-router';
import { PlannedPage } from '../ui/planned-page.tsx';

export const Route = createFileRoute('/delivery')({
  component: () => <PlannedPage title="Delivery" purpose="Where and how your kit is delivered." />,
});
