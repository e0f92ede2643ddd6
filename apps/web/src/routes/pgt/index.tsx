import { createFileRoute } from '@tanstack/react-router';
import { PlannedPage } from '../../ui/planned-page.tsx';

export const Route = createFileRoute('/pgt/')({
  component: () => (
    <PlannedPage
      title="Embryo screening (PGT)"
      purpose="Preimplantation genetic testing of embryos created through IVF."
    />
  ),
});
