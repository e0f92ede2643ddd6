import { createFileRoute } from '@tanstack/react-router';
import { PlannedPage } from '../../../ui/planned-page.tsx';

export const Route = createFileRoute('/pgt/health-survey/mother')({
  component: () => (
    <PlannedPage
      title="Health survey: mother"
      purpose="The mother’s health survey for embryo screening."
    />
  ),
});
