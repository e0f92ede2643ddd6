import { createFileRoute } from '@tanstack/react-router';
import { PlannedPage } from '../../ui/planned-page.tsx';

export const Route = createFileRoute('/resources/embryo-screening-guide')({
  component: () => (
    <PlannedPage
      title="Embryo screening guide"
      purpose="A guide to screening embryos and reading the results."
    />
  ),
});
