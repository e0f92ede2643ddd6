import { createFileRoute } from '@tanstack/react-router';
import { PlannedPage } from '../ui/planned-page.tsx';

export const Route = createFileRoute('/joint')({
  component: () => (
    <PlannedPage
      title="Joint report"
      purpose="The preconception report that combines your and your partner’s results."
    />
  ),
});
