import { createFileRoute } from '@tanstack/react-router';
import { PlannedPage } from '../ui/planned-page.tsx';

export const Route = createFileRoute('/mother')({
  component: () => (
    <PlannedPage title="Mother" purpose="The mother’s part of a couple’s screening." />
  ),
});
