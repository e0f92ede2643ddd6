import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useCallback } from 'react';
import { useApi } from '../../lib/api-context.tsx';
import { clearAdminToken, clearAuthToken, hasAuthToken } from '../../lib/auth-cookie.ts';

/** The answer's schema, loaded with the call: the header's sign-out is on every first load. */
const loadMessageSchema = () =>
  import('@nestling/shared/contract/message').then((module) => module.messageSchema);

/**
 * Signs out: the server ends the session at once (its tokens are refused from then on and the
 * session cookie is cleared), then this browser forgets the token and every cached answer and
 * goes to /signin. A session that had already ended is signed out all the same.
 */
export function useSignOut(): () => Promise<void> {
  const api = useApi();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    if (hasAuthToken()) {
      await api
        .post('/user/sign-out', loadMessageSchema, { redirects: false })
        .catch(() => undefined);
    }
    // Forget every cached answer first, so nothing of this user is shown once the token is gone.
    queryClient.clear();
    clearAuthToken();
    // The admin's own token kept during an impersonation: its session ended with this one.
    clearAdminToken();
    await navigate({ to: '/signin' });
  }, [api, queryClient, navigate]);
}
