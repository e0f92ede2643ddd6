import { createFileRoute } from '@tanstack/react-router';
import { PlannedPage } from '../ui/planned-page.tsx';

export const Route = createFileRoute('/activation')({
  component: () => (
    <PlannedPage title="Activation" purpose="The activation status of your tests." />
  ),
});
