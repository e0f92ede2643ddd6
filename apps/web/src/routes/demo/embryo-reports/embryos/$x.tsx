import { createFileRoute } from '@tanstack/react-router';
import { EmbryoReportPage } from '../../../../features/embryo-reports/embryo-report-page.tsx';

export const Route = createFileRoute('/demo/embryo-reports/embryos/$x')({
  component: EmbryoPage,
});

function EmbryoPage() {
  const { x } = Route.useParams();
  return <EmbryoReportPage kind="demo" view="embryo" embryo={x} />;
}
