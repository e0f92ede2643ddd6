import { createFileRoute } from '@tanstack/react-router';
import { PlannedPage } from '../ui/planned-page.tsx';

export const Route = createFileRoute('/schedule-appointment')({
  component: () => (
    <PlannedPage
      title="Schedule an appointment"
      purpose="Book a time to give your sample or talk about your results."
    />
  ),
});
