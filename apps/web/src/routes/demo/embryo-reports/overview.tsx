import { createFileRoute } from '@tanstack/react-router';
import { EmbryoReportPage } from '../../../features/embryo-reports/embryo-report-page.tsx';

export const Route = createFileRoute('/demo/embryo-reports/overview')({
  component: () => <EmbryoReportPage kind="demo" view="overview" />,
});
