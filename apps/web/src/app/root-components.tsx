import {
  Outlet,
  rootRouteId,
  useRouteContext,
  useSearch,
  type ErrorComponentProps,
} from '@tanstack/react-router';
import type { User } from '@nestling/shared/contract/user';
import { lazy, Suspense } from 'react';
import { AppLayout } from '../features/layout/app-layout.tsx';
import classes from '../features/layout/layout.module.css';
import { MAIN_CONTENT_ID } from '../features/layout/skip-link.tsx';

// Error and not-found pages are rare: they load when needed, not with every page.
const ErrorPage = lazy(() =>
  import('../features/errors/error-page.tsx').then((module) => ({ default: module.ErrorPage })),
);
const NotFoundPage = lazy(() =>
  import('../features/errors/not-found-page.tsx').then((module) => ({
    default: module.NotFoundPage,
  })),
);

/** The query layer the access gate loaded for the page shown, if it needed one. */
function useQueryLayer() {
  return useRouteContext({
    from: rootRouteId,
    select: (context) => ('queryLayer' in context ? context.queryLayer : undefined),
  });
}

function signedOutNoop(): void {
  // Signed out, the header offers no 'Sign out'.
}

/**
 * The root route's component: the layout around every page. Every page but /signin signed out
 * has the query layer, whose layout shows the signed-in user; the access gate loaded it before
 * the page was drawn, so the switch happens with the change of page, never under a form.
 */
export function RootLayout() {
  const queryLayer = useQueryLayer();
  if (queryLayer) return <queryLayer.Root client={queryLayer.client} />;
  return (
    <AppLayout user={undefined} onSignOut={signedOutNoop}>
      <Outlet />
    </AppLayout>
  );
}

/** The error page for `user` (admins get the debug page), loaded when needed. */
export function ErrorPageFor({ user, error }: { user: User | undefined; error: unknown }) {
  const search = useSearch({ strict: false });
  return (
    <Suspense fallback={null}>
      <ErrorPage user={user} reportEmail={search.email} error={error} />
    </Suspense>
  );
}

/** A page that failed: the error page inside the layout, with the signed-in user if any. */
export function RouteError({ error }: ErrorComponentProps) {
  const queryLayer = useQueryLayer();
  if (queryLayer) return <queryLayer.RouteError client={queryLayer.client} error={error} />;
  return <ErrorPageFor user={undefined} error={error} />;
}

/** The layout itself failed: the error page on its own, still with a main landmark. */
export function RootError(props: ErrorComponentProps) {
  return (
    <main id={MAIN_CONTENT_ID} className={classes.main}>
      <div className={classes.container}>
        <RouteError {...props} />
      </div>
    </main>
  );
}

export function RootNotFound() {
  return (
    <Suspense fallback={null}>
      <NotFoundPage />
    </Suspense>
  );
}
