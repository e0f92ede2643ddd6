import { createRootRouteWithContext } from '@tanstack/react-router';
import { RootError, RootLayout, RootNotFound } from '../app/root-components.tsx';
import type { RouterContext } from '../app/router-context.ts';
import { viewAsSearchSchema } from '../lib/search.ts';

export const Route = createRootRouteWithContext<RouterContext>()({
  // as_user / email: an admin viewing the portal as another user, on any page.
  validateSearch: viewAsSearchSchema,
  component: RootLayout,
  errorComponent: RootError,
  notFoundComponent: RootNotFound,
});
