import { createFileRoute, redirect } from '@tanstack/react-router';

/** Spec section 2's short path for the list of embryo reports; view-as parameters stay. */
export const Route = createFileRoute('/embryos')({
  beforeLoad: ({ search }) => {
    throw redirect({ to: '/reports/embryos', search, replace: true });
  },
});
