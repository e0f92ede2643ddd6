import { createFileRoute } from '@tanstack/react-router';
import { PlannedPage } from '../../ui/planned-page.tsx';

export const Route = createFileRoute('/my-data/')({
  component: () => (
    <PlannedPage
      title="My data"
      purpose="Import your genetic data from elsewhere and export what the portal holds about you."
    />
  ),
});
