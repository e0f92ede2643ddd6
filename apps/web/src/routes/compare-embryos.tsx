import { createFileRoute } from '@tanstack/react-router';
import { EmbryoReportPage } from '../features/embryo-reports/embryo-report-page.tsx';
import { embryoReportSearchSchema } from '../features/embryo-reports/search.ts';

/** The embryo comparison of ?report= (the preferred account's newest without it). */
export const Route = createFileRoute('/compare-embryos')({
  validateSearch: embryoReportSearchSchema,
  component: () => <EmbryoReportPage kind="standard" view="compare" />,
});
