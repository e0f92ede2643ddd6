import { createFileRoute, redirect } from '@tanstack/react-router';

/** Spec section 2's path for the couple's reports: the reports home's joint tab. */
export const Route = createFileRoute('/couple-reports')({
  beforeLoad: ({ search }) => {
    throw redirect({ to: '/reports', search: { ...search, tab: 'joint' }, replace: true });
  },
});
