import { createFileRoute } from '@tanstack/react-router';
import { EmbryoReportPage } from '../../features/embryo-reports/embryo-report-page.tsx';
import { embryoReportSearchSchema } from '../../features/embryo-reports/search.ts';

/** An embryo report by ?report= (the preferred account's newest without it), at ?version=. */
export const Route = createFileRoute('/reports/embryo')({
  validateSearch: embryoReportSearchSchema,
  component: () => <EmbryoReportPage kind="standard" view="report" />,
});
