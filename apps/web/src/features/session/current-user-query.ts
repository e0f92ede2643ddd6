import type { ApiClient } from '../../lib/api.ts';

export const currentUserQueryKey = ['user', 'me'] as const;
/** The signed-in user changes rarely; actions that change it invalidate the query. */
export const CURRENT_USER_STALE_MS = 5 * 60 * 1000;

/** The answer's schema, loaded with the first call: signed out, /signin needs none of it. */
const loadCurrentUserSchema = () =>
  import('@nestling/shared/contract/user').then((module) => module.currentUserSchema);

/**
 * GET /user/me as query options: the header and the access gate share one cached answer.
 * Plain options, apart from TanStack Query's hooks, so that the access gate carries no Query
 * code into the first load.
 */
export function currentUserQueryOptions(api: ApiClient, redirects = true) {
  return {
    queryKey: currentUserQueryKey,
    queryFn: ({ signal }: { signal: AbortSignal }) =>
      api.get('/user/me', loadCurrentUserSchema, { signal, redirects }),
    staleTime: CURRENT_USER_STALE_MS,
  };
}
