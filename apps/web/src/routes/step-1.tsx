import { createFileRoute } from '@tanstack/react-router';
import { PlannedPage } from '../ui/planned-page.tsx';

export const Route = createFileRoute('/step-1')({
  component: () => (
    <PlannedPage
      title="Getting started: step 1"
      purpose="The first step of setting up your test."
    />
  ),
});
