import { createFileRoute } from '@tanstack/react-router';
import { PlannedPage } from '../ui/planned-page.tsx';

export const Route = createFileRoute('/individual')({
  component: () => (
    <PlannedPage title="Individual report" purpose="Your own preconception report." />
  ),
});
