import { createFileRoute } from '@tanstack/react-router';
import { EmbryoReportPage } from '../../../../features/embryo-reports/embryo-report-page.tsx';

export const Route = createFileRoute('/demo/30x-embryo-reports/platinum/overview')({
  component: () => <EmbryoReportPage kind="demo-30x" view="platinum-overview" />,
});
