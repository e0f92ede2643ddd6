import { createFileRoute, redirect } from '@tanstack/react-router';

/** Spec section 2's short path for the joint report. */
export const Route = createFileRoute('/joint')({
  beforeLoad: ({ search }) => {
    throw redirect({ to: '/reports/joint', search, replace: true });
  },
});
