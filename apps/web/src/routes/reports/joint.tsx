import { createFileRoute } from '@tanstack/react-router';
import { JointReportPage } from '../../features/joint-report/joint-report-page.tsx';
import { validateJointReportSearch, versionFromSearch } from '../../lib/search.ts';

export const Route = createFileRoute('/reports/joint')({
  validateSearch: validateJointReportSearch,
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
