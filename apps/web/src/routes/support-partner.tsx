import { createFileRoute } from '@tanstack/react-router';
import { PlannedPage } from '../ui/planned-page.tsx';

export const Route = createFileRoute('/support-partner')({
  component: () => (
    <PlannedPage
      title="Support your partner"
      purpose="How to take part in your partner’s screening."
    />
  ),
});
