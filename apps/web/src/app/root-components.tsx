import { Outlet, useSearch, type ErrorComponentProps } from '@tanstack/react-router';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { adminBarsVisible } from '../features/admin/admin-bars-visible.ts';
import { AppLayout } from '../features/layout/app-layout.tsx';
import classes from '../features/layout/layout.module.css';
import { MAIN_CONTENT_ID } from '../features/layout/skip-link.tsx';
import { useCurrentUser } from '../features/session/use-current-user.ts';
import { useSignOut } from '../features/session/use-sign-out.ts';
import { hasAuthToken, subscribeAuthToken } from '../lib/auth-cookie.ts';

// Error and not-found pages are rare: they load when needed, not with every page.
const ErrorPage = lazy(() =>
  import('../features/errors/error-page.tsx').then((module) => ({ default: module.ErrorPage })),
);
const NotFoundPage = lazy(() =>
  import('../features/errors/not-found-page.tsx').then((module) => ({
    default: module.NotFoundPage,
  })),
);

// The session timer and its dialog matter only once signed in: /signin does not load them.
const SessionWatch = lazy(() =>
  import('../features/auth/session-watch.tsx').then((module) => ({
    default: module.SessionWatch,
  })),
);

// The partner invite banner (spec section 2) asks the server only once signed in.
const PendingInviteBanner = lazy(() =>
  import('../features/partner/pending-invite-banner.tsx').then((module) => ({
    default: module.PendingInviteBanner,
  })),
);

// The view-as and impersonation bars show only to lab staff: no one else loads their code.
const AdminBars = lazy(() =>
  import('../features/admin/admin-bars.tsx').then((module) => ({ default: module.AdminBars })),
);

/** The root route's component: the layout around every page, with the signed-in user. */
export function RootLayout() {
  const user = useCurrentUser();
  const signOut = useSignOut();
  const signedIn = useSyncExternalStore(subscribeAuthToken, hasAuthToken, () => false);
  const search = useSearch({ strict: false });
  const viewAs = search.as_user ?? search.email;
  return (
    <AppLayout
      user={user.data}
      userLoading={user.isLoading}
      onSignOut={() => {
        void signOut();
      }}
      notice={
        user.data !== undefined &&
        adminBarsVisible(user.data, viewAs) && (
          <Suspense fallback={null}>
            <AdminBars user={user.data} viewAs={viewAs} />
          </Suspense>
        )
      }
    >
      {signedIn && (
        <Suspense fallback={null}>
          <PendingInviteBanner />
        </Suspense>
      )}
      <Outlet />
      {/* Beside the page, not around it: the 'Session Expiring' dialog keeps unsaved input. */}
      {signedIn && (
        <Suspense fallback={null}>
          <SessionWatch />
        </Suspense>
      )}
    </AppLayout>
  );
}

/** A page that failed: the error page inside the layout (admins get the debug page). */
export function RouteError({ error }: ErrorComponentProps) {
  const user = useCurrentUser();
  const search = useSearch({ strict: false });
  return (
    <Suspense fallback={null}>
      <ErrorPage user={user.data} reportEmail={search.email} error={error} />
    </Suspense>
  );
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
