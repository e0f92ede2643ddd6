import { createFileRoute } from '@tanstack/react-router';
import { AdminPage, asAdminTab } from '../features/admin/admin-page.tsx';
import { validateAdminSearch } from '../lib/search.ts';

export const Route = createFileRoute('/admin')({
  validateSearch: validateAdminSearch,
  component: AdminRoute,
});

function AdminRoute() {
  const { tab } = Route.useSearch();
  const navigate = Route.useNavigate();
  return (
    <AdminPage
      tab={asAdminTab(tab)}
      onTabChange={(chosen) => {
        void navigate({ search: (previous) => ({ ...previous, tab: chosen }), replace: true });
      }}
    />
  );
}
