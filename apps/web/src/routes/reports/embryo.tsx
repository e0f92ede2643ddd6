import { createFileRoute } from '@tanstack/react-router';
import { EmbryoReportPage } from '../../features/embryo-reports/embryo-report-page.tsx';
import { validateEmbryoReportSearch } from '../../lib/search.ts';

/** An embryo report by ?report= (the preferred account's newest without it), at ?version=. */
export const Route = createFileRoute('/reports/embryo')({
  validateSearch: validateEmbryoReportSearch,
  component: () => <EmbryoReportPage kind="standard" view="report" />,
});
