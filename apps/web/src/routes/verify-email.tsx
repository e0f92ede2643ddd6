import { createFileRoute } from '@tanstack/react-router';
import { nextSearchSchema } from '../lib/search.ts';
import { PlannedPage } from '../ui/planned-page.tsx';

export const Route = createFileRoute('/verify-email')({
  validateSearch: nextSearchSchema,
  component: () => (
    <PlannedPage
      title="Verify your email"
      purpose="Your email address needs to be confirmed before you can continue."
    />
  ),
});
