import { createFileRoute } from '@tanstack/react-router';
import { nextSearchSchema } from '../../lib/search.ts';
import { PlannedPage } from '../../ui/planned-page.tsx';

export const Route = createFileRoute('/signup/')({
  validateSearch: nextSearchSchema,
  component: () => (
    <PlannedPage
      title="Create your account"
      purpose="An account lets you order screening, answer health surveys and read your reports."
    />
  ),
});
