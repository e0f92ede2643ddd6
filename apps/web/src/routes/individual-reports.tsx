import { createFileRoute, redirect } from '@tanstack/react-router';

/** Spec section 2's path for the list of individual reports: the reports home's tab. */
export const Route = createFileRoute('/individual-reports')({
  beforeLoad: ({ search }) => {
    throw redirect({ to: '/reports', search: { ...search, tab: 'individual' }, replace: true });
  },
});
