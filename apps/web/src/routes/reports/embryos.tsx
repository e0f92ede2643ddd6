import { createFileRoute } from '@tanstack/react-router';
import { PlannedPage } from '../../ui/planned-page.tsx';

export const Route = createFileRoute('/reports/embryos')({
  component: () => (
    <PlannedPage title="Embryo reports" purpose="The screening reports for your embryos." />
  ),
});
