import { createFileRoute } from '@tanstack/react-router';
import { PlannedPage } from '../../ui/planned-page.tsx';

export const Route = createFileRoute('/resources/')({
  component: () => (
    <PlannedPage
      title="Resources"
      purpose="Guides that explain genetic screening and your reports."
    />
  ),
});
