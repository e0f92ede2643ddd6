import { createFileRoute } from '@tanstack/react-router';
import { PlannedPage } from '../ui/planned-page.tsx';

export const Route = createFileRoute('/account-settings')({
  component: () => (
    <PlannedPage
      title="Account settings"
      purpose="Your profile, sign-in details and account preferences."
    />
  ),
});
