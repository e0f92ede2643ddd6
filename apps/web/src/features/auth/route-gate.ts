import type { User } from '@nestling/shared/contract/user';
import { isPublicPath } from '@nestling/shared/routes';
import type { QueryClient } from '@tanstack/react-query';
import type { QueryLayerLoader } from '../../app/query-layer.ts';
import { redirect } from '@tanstack/react-router';
import { ApiError, type ApiClient } from '../../lib/api.ts';
import { clearAuthToken, hasAuthToken } from '../../lib/auth-cookie.ts';
import { currentUserQueryKey, currentUserQueryOptions } from '../session/index.ts';
import { accessGate } from './access-gate.ts';

/**
 * The signed-in user, or null when there is no token or the server no longer accepts it (the
 * stale token is then forgotten). Cached with the header's query, so a navigation costs no call.
 */
export async function loadCurrentUser(queryClient: QueryClient, api: ApiClient) {
  if (!hasAuthToken()) return null;
  try {
    // query(), not ensureQueryData: an answer marked stale (say, just after the email was
    // confirmed) is asked for again rather than trusted.
    return await queryClient.query(currentUserQueryOptions(api, false));
  } catch (error) {
    if (error instanceof ApiError && error.status === 401) {
      clearAuthToken();
      queryClient.removeQueries({ queryKey: currentUserQueryKey });
      return null;
    }
    throw error;
  }
}

/**
 * The root route's beforeLoad: applies the access gate (spec section 4) to every page that is
 * not public, and redirects with `next` set to the page asked for.
 */
export async function gateRoute(
  context: { queries: QueryLayerLoader; api: ApiClient },
  location: { pathname: string; href: string },
): Promise<void> {
  if (isPublicPath(location.pathname)) return;
  const user: User | null = await loadCurrentUser(await context.queries.client(), context.api);
  const target = accessGate(user, location.href);
  if (target !== null) throw redirect({ href: target });
}
