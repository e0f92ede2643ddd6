import type { CurrentUser } from '@nestling/shared/contract/user';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useApi } from '../../lib/api-context.tsx';
import type { ApiClient } from '../../lib/api.ts';
import { hasAuthToken, subscribeAuthToken } from '../../lib/auth-cookie.ts';
import { useSyncExternalStore } from 'react';

export const currentUserQueryKey = ['user', 'me'] as const;
/** The signed-in user changes rarely; actions that change it invalidate the query. */
export const CURRENT_USER_STALE_MS = 5 * 60 * 1000;

/** The answer's schema, loaded with the first call: signed out, /signin needs none of it. */
const loadCurrentUserSchema = () =>
  import('@nestling/shared/contract/user').then((module) => module.currentUserSchema);

/** GET /user/me as a query: the header and the access gate share one cached answer. */
export function currentUserQueryOptions(api: ApiClient, redirects = true) {
  return {
    queryKey: currentUserQueryKey,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      api.get('/user/me', loadCurrentUserSchema, { signal, redirects }),
    staleTime: CURRENT_USER_STALE_MS,
  };
}

/**
 * The signed-in user from GET /user/me. Asked for only when the auth cookie is present; with no
 * cookie the query stays idle ('not started'), `data` is undefined and `isLoading` is false.
 */
export function useCurrentUser({
  pollWhileUnverifiedMs,
}: {
  /** Asks again this often while the email is not confirmed (the /verify-email page). */
  pollWhileUnverifiedMs?: number;
} = {}): UseQueryResult<CurrentUser> {
  const api = useApi();
  const signedIn = useSyncExternalStore(subscribeAuthToken, hasAuthToken, () => false);
  return useQuery({
    ...currentUserQueryOptions(api),
    enabled: signedIn,
    refetchInterval: (query) =>
      pollWhileUnverifiedMs !== undefined && query.state.data?.emailVerified === false
        ? pollWhileUnverifiedMs
        : false,
  });
}
