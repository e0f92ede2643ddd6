import { createFileRoute } from '@tanstack/react-router';
import { PlannedPage } from '../../ui/planned-page.tsx';

export const Route = createFileRoute('/my-data/exports')({
  component: () => <PlannedPage title="My data: exports" purpose="Download a copy of your data." />,
});
