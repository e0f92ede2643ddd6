import { createFileRoute } from '@tanstack/react-router';
import { PlannedPage } from '../ui/planned-page.tsx';

export const Route = createFileRoute('/individual-reports')({
  component: () => (
    <PlannedPage title="Individual reports" purpose="Your individual preconception reports." />
  ),
});
