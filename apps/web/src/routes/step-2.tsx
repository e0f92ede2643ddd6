import { createFileRoute } from '@tanstack/react-router';
import { PlannedPage } from '../ui/planned-page.tsx';

export const Route = createFileRoute('/step-2')({
  component: () => (
    <PlannedPage
      title="Getting started: step 2"
      purpose="The second step of setting up your test."
    />
  ),
});
