import { createFileRoute } from '@tanstack/react-router';
import { PlannedPage } from '../ui/planned-page.tsx';

export const Route = createFileRoute('/registered-partner')({
  component: () => (
    <PlannedPage title="Registered partner" purpose="The partner linked to your account." />
  ),
});
