import { createFileRoute } from '@tanstack/react-router';
import { PlannedPage } from '../../ui/planned-page.tsx';

export const Route = createFileRoute('/my-data/new-import')({
  component: () => (
    <PlannedPage
      title="My data: new import"
      purpose="Upload a genetic data file from another provider."
    />
  ),
});
