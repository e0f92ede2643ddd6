import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { homeIsAdmin } from '../features/admin/staff-home.ts';
import { loadCurrentUser } from '../features/auth/route-gate.ts';
import { getAdminToken } from '../lib/auth-cookie.ts';
import { ReportsHome } from '../features/reports-home/reports-home.tsx';

/**
 * Home is the reports page (spec section 2: the logo and 'Reports' both lead home); lab staff
 * land on /admin instead. The root route has loaded the user already, so this asks nothing.
 */
export const Route = createFileRoute('/')({
  beforeLoad: async ({ context, search }) => {
    const user = await loadCurrentUser(await context.queries.client(), context.api);
    // While impersonating, the admin's own token waits aside and the cached user may still be
    // the admin's for a moment: home is the patient's.
    const impersonating = getAdminToken() !== undefined;
    if (!impersonating && homeIsAdmin(user, search)) {
      throw redirect({ to: '/admin', replace: true });
    }
  },
  loader: async ({ context, location }) => {
    const { loadReportsHome } = await import('../features/reports-home/load-reports-home.ts');
    const search = location.search as { as_user?: string; email?: string };
    await loadReportsHome(
      await context.queries.client(),
      context.api,
      search.as_user ?? search.email,
    );
  },
  component: Home,
});

function Home() {
  const navigate = useNavigate();
  return (
    <ReportsHome
      tab={undefined}
      onTabChange={(tab) => {
        void navigate({ to: '/reports', search: (previous) => ({ ...previous, tab }) });
      }}
    />
  );
}
