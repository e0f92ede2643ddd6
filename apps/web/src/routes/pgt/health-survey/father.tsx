import { createFileRoute } from '@tanstack/react-router';
import { PlannedPage } from '../../../ui/planned-page.tsx';

export const Route = createFileRoute('/pgt/health-survey/father')({
  component: () => (
    <PlannedPage
      title="Health survey: father"
      purpose="The father’s health survey for embryo screening."
    />
  ),
});
