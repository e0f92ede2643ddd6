import { createFileRoute } from '@tanstack/react-router';
import { IndividualReportPage } from '../../features/individual-report/individual-report-page.tsx';
import { validateIndividualReportSearch, versionFromSearch } from '../../lib/search.ts';

export const Route = createFileRoute('/reports/individual')({
  validateSearch: validateIndividualReportSearch,
  component: IndividualReportRoute,
});

function IndividualReportRoute() {
  const { order, version } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <IndividualReportPage
      order={order}
      version={versionFromSearch(version)}
      onVersionChange={(chosen) => {
        void navigate({
          search: (previous) => ({
            ...previous,
            version: chosen === undefined ? undefined : String(chosen),
          }),
        });
      }}
    />
  );
}
