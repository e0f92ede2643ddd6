import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Outlet, useSearch, type ErrorComponentProps } from '@tanstack/react-router';
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { adminBarsVisible } from '../features/admin/admin-bars-visible.ts';
import { AppLayout } from '../features/layout/app-layout.tsx';
import { useCurrentUser } from '../features/session/use-current-user.ts';
import { useSignOut } from '../features/session/use-sign-out.ts';
import { ApiError } from '../lib/api.ts';
import { hasAuthToken, subscribeAuthToken } from '../lib/auth-cookie.ts';
import { ErrorPageFor } from './root-components.tsx';

// Loaded by app/query-layer.ts with the first page that asks the server anything.

/** Client errors (4xx) and unreadable answers do not get better by asking again. */
function shouldRetry(failureCount: number, error: unknown): boolean {
  if (error instanceof ApiError && error.status >= 400 && error.status < 500) return false;
  return failureCount < 2;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { retry: shouldRetry, refetchOnWindowFocus: false },
      mutations: { retry: false },
    },
  });
}

// The session timer and its dialog matter only once signed in.
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

// The banner while the account is set to be deleted, asked for only once signed in.
const DeletionBanner = lazy(() =>
  import('../features/account/deletion-banner.tsx').then((module) => ({
    default: module.DeletionBanner,
  })),
);

// The view-as and impersonation bars show only to lab staff: no one else loads their code.
const AdminBars = lazy(() =>
  import('../features/admin/admin-bars.tsx').then((module) => ({ default: module.AdminBars })),
);

/** The layout around every page, with the signed-in user. */
export function QueryRoot({ client }: { client: QueryClient }) {
  return (
    <QueryClientProvider client={client}>
      <LayoutWithUser />
    </QueryClientProvider>
  );
}

function LayoutWithUser() {
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
          <DeletionBanner />
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

/** A page that failed, with the signed-in user (admins get the debug page). */
export function QueryRouteError({
  client,
  error,
}: {
  client: QueryClient;
  error: ErrorComponentProps['error'];
}) {
  return (
    <QueryClientProvider client={client}>
      <ErrorWithUser error={error} />
    </QueryClientProvider>
  );
}

function ErrorWithUser({ error }: { error: unknown }) {
  const user = useCurrentUser();
  return <ErrorPageFor user={user.data} error={error} />;
}
