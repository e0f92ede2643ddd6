import { createFileRoute } from '@tanstack/react-router';
import { PlannedPage } from '../ui/planned-page.tsx';

export const Route = createFileRoute('/father')({
  component: () => (
    <PlannedPage title="Father" purpose="The father’s part of a couple’s screening." />
  ),
});
