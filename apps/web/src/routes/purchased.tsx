import { createFileRoute } from '@tanstack/react-router';
import { PlannedPage } from '../ui/planned-page.tsx';

export const Route = createFileRoute('/purchased')({
  component: () => <PlannedPage title="Your purchases" purpose="The tests you have bought." />,
});
