import { createFileRoute } from '@tanstack/react-router';
import { EmbryoReportPage } from '../../../../features/embryo-reports/embryo-report-page.tsx';

export const Route = createFileRoute('/demo/grs-embryo-reports/platinum/overview')({
  component: () => <EmbryoReportPage kind="demo-grs" view="platinum-overview" />,
});
