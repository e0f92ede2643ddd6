import { createFileRoute } from '@tanstack/react-router';
import { PlannedPage } from '../../ui/planned-page.tsx';

export const Route = createFileRoute('/my-data/imports')({
  component: () => (
    <PlannedPage
      title="My data: imports"
      purpose="The data files you have imported and their status."
    />
  ),
});
