import { createFileRoute } from '@tanstack/react-router';
import { asReportTab, ReportsHome } from '../../features/reports-home/reports-home.tsx';
import { validateReportsSearch } from '../../lib/search.ts';

export const Route = createFileRoute('/reports/')({
  validateSearch: validateReportsSearch,
  // The report calls start as soon as the access gate has passed, beside the page's code.
  // Imported here, not above, so that the report contract stays out of the code every page
  // loads first.
  loader: async ({ context, location }) => {
    const { loadReportsHome } = await import('../../features/reports-home/load-reports-home.ts');
    const search = location.search as { as_user?: string; email?: string };
    await loadReportsHome(
      await context.queries.client(),
      context.api,
      search.as_user ?? search.email,
    );
  },
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
