import { createFileRoute } from '@tanstack/react-router';
import { PlannedPage } from '../ui/planned-page.tsx';

export const Route = createFileRoute('/activate')({
  component: () => (
    <PlannedPage
      title="Activate your kit"
      purpose="Link the kit you received to your account so the lab knows whose sample it is."
    />
  ),
});
