import { createFileRoute, redirect } from '@tanstack/react-router';

/** Spec section 2's short path for the individual report. */
export const Route = createFileRoute('/individual')({
  beforeLoad: ({ search }) => {
    throw redirect({ to: '/reports/individual', search, replace: true });
  },
});
