import { createRootRouteWithContext, retainSearchParams } from '@tanstack/react-router';
import { needsQueryLayer } from '../app/query-layer.ts';
import { RootError, RootLayout, RootNotFound } from '../app/root-components.tsx';
import type { RouterContext } from '../app/router-context.ts';
import { gateRoute } from '../features/auth/route-gate.ts';
import { validateViewAsSearch } from '../lib/search.ts';

export const Route = createRootRouteWithContext<RouterContext>()({
  // as_user / email: an admin viewing the portal as another user, on any page.
  validateSearch: validateViewAsSearch,
  // ...and they stay while the admin moves around the portal ('Back to my portal' drops them).
  search: { middlewares: [retainSearchParams(['as_user', 'email'])] },
  // The access gate of spec section 4, before any page loads; and the query layer for every
  // page that asks the server (all but /signin signed out), loaded before the page is drawn.
  beforeLoad: async ({ context, location }) => {
    const queryLayer = needsQueryLayer(location.pathname)
      ? await context.queries.load()
      : undefined;
    await gateRoute(context, location);
    return { queryLayer };
  },
  component: RootLayout,
  errorComponent: RootError,
  notFoundComponent: RootNotFound,
});
