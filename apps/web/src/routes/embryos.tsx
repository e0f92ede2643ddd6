import { createFileRoute } from '@tanstack/react-router';
import { PlannedPage } from '../ui/planned-page.tsx';

export const Route = createFileRoute('/embryos')({
  component: () => <PlannedPage title="Embryos" purpose="The embryos screened for you." />,
});
