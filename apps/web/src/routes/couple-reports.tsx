import { createFileRoute } from '@tanstack/react-router';
import { PlannedPage } from '../ui/planned-page.tsx';

export const Route = createFileRoute('/couple-reports')({
  component: () => (
    <PlannedPage
      title="Couple reports"
      purpose="The preconception reports for you and your partner."
    />
  ),
});
