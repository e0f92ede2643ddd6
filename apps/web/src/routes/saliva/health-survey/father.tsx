import { createFileRoute } from '@tanstack/react-router';
import { PlannedPage } from '../../../ui/planned-page.tsx';

export const Route = createFileRoute('/saliva/health-survey/father')({
  component: () => (
    <PlannedPage
      title="Health survey: father"
      purpose="The father’s health survey for preconception screening."
    />
  ),
});
