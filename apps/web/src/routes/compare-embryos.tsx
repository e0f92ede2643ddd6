import { createFileRoute } from '@tanstack/react-router';
import { PlannedPage } from '../ui/planned-page.tsx';

export const Route = createFileRoute('/compare-embryos')({
  component: () => (
    <PlannedPage
      title="Compare embryos"
      purpose="Screening results for your embryos side by side."
    />
  ),
});
