import type { CurrentUser } from '@nestling/shared/contract/user';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useApi } from '../../lib/api-context.tsx';
import { hasAuthToken, subscribeAuthToken } from '../../lib/auth-cookie.ts';
import { useSyncExternalStore } from 'react';
import { currentUserQueryOptions } from './current-user-query.ts';

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
