import { createFileRoute, redirect, useNavigate } from '@tanstack/react-router';
import { homeIsAdmin } from '../features/admin/staff-home.ts';
import { loadCurrentUser } from '../features/auth/route-gate.ts';
import { ReportsHome } from '../features/reports/reports-home.tsx';

/**
 * Home is the reports page (spec section 2: the logo and 'Reports' both lead home); lab staff
 * land on /admin instead. The root route has loaded the user already, so this asks nothing.
 */
export const Route = createFileRoute('/')({
  beforeLoad: async ({ context, search }) => {
    const user = await loadCurrentUser(context.queryClient, context.api);
    if (homeIsAdmin(user, search)) throw redirect({ to: '/admin', replace: true });
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
