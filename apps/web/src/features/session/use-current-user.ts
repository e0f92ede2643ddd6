import { userSchema, type User } from '@nestling/shared/contract/user';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useApi } from '../../lib/api-context.tsx';
import { hasAuthToken, subscribeAuthToken } from '../../lib/auth-cookie.ts';
import { useSyncExternalStore } from 'react';

export const currentUserQueryKey = ['user', 'me'] as const;

/**
 * The signed-in user from GET /user/me. Asked for only when the auth cookie is present; with no
 * cookie the query stays idle ('not started'), `data` is undefined and `isLoading` is false.
 */
export function useCurrentUser(): UseQueryResult<User> {
  const api = useApi();
  const signedIn = useSyncExternalStore(subscribeAuthToken, hasAuthToken, () => false);
  return useQuery({
    queryKey: currentUserQueryKey,
    queryFn: ({ signal }) => api.get('/user/me', userSchema, { signal }),
    enabled: signedIn,
    staleTime: 5 * 60 * 1000,
  });
}
