import { createFileRoute } from '@tanstack/react-router';
import { PlannedPage } from '../ui/planned-page.tsx';

export const Route = createFileRoute('/health-survey')({
  component: () => (
    <PlannedPage
      title="Health survey"
      purpose="Questions about your health and family history that help the lab interpret your results."
    />
  ),
});
