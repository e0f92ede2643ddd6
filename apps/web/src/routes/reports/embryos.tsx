import { createFileRoute } from '@tanstack/react-router';
import { EmbryoReportList } from '../../features/embryo-reports/embryo-report-list.tsx';

export const Route = createFileRoute('/reports/embryos')({
  component: EmbryoReportList,
});
