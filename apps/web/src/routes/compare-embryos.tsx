import { createFileRoute } from '@tanstack/react-router';
import { EmbryoReportPage } from '../features/embryo-reports/embryo-report-page.tsx';
import { validateEmbryoReportSearch } from '../lib/search.ts';

/** The embryo comparison of ?report= (the preferred account's newest without it). */
export const Route = createFileRoute('/compare-embryos')({
  validateSearch: validateEmbryoReportSearch,
  component: () => <EmbryoReportPage kind="standard" view="compare" />,
});
