import { createFileRoute } from '@tanstack/react-router';
import { PlannedPage } from '../../ui/planned-page.tsx';

export const Route = createFileRoute('/reports/embryo')({
  component: () => (
    <PlannedPage title="Embryo report" purpose="The screening report for your embryos." />
  ),
});
