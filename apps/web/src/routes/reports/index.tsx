import { createFileRoute } from '@tanstack/react-router';
import { asReportTab, ReportsHome } from '../../features/reports/reports-home.tsx';
import { validateReportsSearch } from '../../lib/search.ts';

export const Route = createFileRoute('/reports/')({
  validateSearch: validateReportsSearch,
  // Both report calls start as soon as the access gate has passed, beside the page's code;
  // the page shows their errors itself. Imported here, not above, so that the report contract
  // stays out of the code every page loads first.
  loader: async ({ context, location }) => {
    const { coupleReportsQuery, individualOrdersQuery } =
      await import('../../features/reports/use-portal.ts');
    const search = location.search as { as_user?: string; email?: string };
    const asUser = search.as_user ?? search.email;
    context.queryClient.query(coupleReportsQuery(context.api, asUser)).catch(() => undefined);
    context.queryClient.query(individualOrdersQuery(context.api, asUser)).catch(() => undefined);
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
