import { createFileRoute } from '@tanstack/react-router';
import { JointReportPage } from '../../features/joint-report/joint-report-page.tsx';
import { jointReportSearchSchema, versionFromSearch } from '../../lib/search.ts';

export const Route = createFileRoute('/reports/joint')({
  validateSearch: jointReportSearchSchema,
  component: JointReportRoute,
});

function JointReportRoute() {
  const { report, version } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <JointReportPage
      reportId={report}
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
