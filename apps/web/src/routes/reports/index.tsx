import { createFileRoute } from '@tanstack/react-router';
import { asReportTab, ReportsHome } from '../../features/reports/reports-home.tsx';
import { reportsSearchSchema } from '../../lib/search.ts';

export const Route = createFileRoute('/reports/')({
  validateSearch: reportsSearchSchema,
  component: ReportsHomeRoute,
});

function ReportsHomeRoute() {
  const { tab } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <ReportsHome
      tab={asReportTab(tab)}
      onTabChange={(chosen) => {
        void navigate({ search: (previous) => ({ ...previous, tab: chosen }), replace: true });
      }}
    />
  );
}
