import { createFileRoute } from '@tanstack/react-router';
import { PlannedPage } from '../ui/planned-page.tsx';

export const Route = createFileRoute('/review-terms')({
  component: () => (
    <PlannedPage
      title="Review terms"
      purpose="Read and accept the Terms of Service and the HIPAA notice before you continue."
    />
  ),
});
