import { createFileRoute } from '@tanstack/react-router';
import { PlannedPage } from '../ui/planned-page.tsx';

export const Route = createFileRoute('/partner')({
  component: () => (
    <PlannedPage
      title="Your partner"
      purpose="Invite your partner or see who is linked to your account."
    />
  ),
});
