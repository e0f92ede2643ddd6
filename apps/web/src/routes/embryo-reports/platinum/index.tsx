import { createFileRoute } from '@tanstack/react-router';
import { EmbryoReportPage } from '../../../features/embryo-reports/embryo-report-page.tsx';

export const Route = createFileRoute('/embryo-reports/platinum/')({
  component: () => <EmbryoReportPage kind="standard" view="platinum" />,
});
