import { createFileRoute } from '@tanstack/react-router';
import { PlannedPage } from '../ui/planned-page.tsx';

export const Route = createFileRoute('/risk-calculator')({
  component: () => (
    <PlannedPage
      title="Risk calculator"
      purpose="Explore how screening results relate to the risk of common diseases."
    />
  ),
});
