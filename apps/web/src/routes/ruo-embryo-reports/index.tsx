import { createFileRoute } from '@tanstack/react-router';
import { EmbryoReportPage } from '../../features/embryo-reports/embryo-report-page.tsx';

export const Route = createFileRoute('/ruo-embryo-reports/')({
  component: () => <EmbryoReportPage kind="ruo" view="report" />,
});
