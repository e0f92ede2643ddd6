import { createFileRoute } from '@tanstack/react-router';
import { PlannedPage } from '../ui/planned-page.tsx';

export const Route = createFileRoute('/results')({
  component: () => (
    <PlannedPage
      title="Results"
      purpose="Where your test results appear once the lab has delivered them."
    />
  ),
});
