import { createFileRoute, useNavigate } from '@tanstack/react-router';
import { ReportsHome } from '../features/reports/reports-home.tsx';

/** Home is the reports page (spec section 2: the logo and 'Reports' both lead home). */
export const Route = createFileRoute('/')({
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
