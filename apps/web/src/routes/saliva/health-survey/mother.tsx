import { createFileRoute } from '@tanstack/react-router';
import { PlannedPage } from '../../../ui/planned-page.tsx';

export const Route = createFileRoute('/saliva/health-survey/mother')({
  component: () => (
    <PlannedPage
      title="Health survey: mother"
      purpose="The mother’s health survey for preconception screening."
    />
  ),
});
