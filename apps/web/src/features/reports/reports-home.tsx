import { PlannedPage } from '../../ui/planned-page.tsx';

/** The reports home (spec section 2: 'Reports (home)'). */
export function ReportsHome() {
  return (
    <PlannedPage
      title="Reports"
      purpose="Your preconception, individual and embryo reports, once the lab has delivered them."
    />
  );
}
